import { describe, expect, it } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
import { type Cart, CartModificationSchema, CartSchema } from "../../commerce/contract/cart";
import { ProductSchema } from "../../commerce/contract/product";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { commerceForSuite } from "../support/commerce";
import { DIALECTS } from "../support/databases";

type ErrorBody = { errors?: { type: string; message: string; reason?: string; subject?: string }[] };

describe.each(DIALECTS)("coupons API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const base = () => suite.api().baseUrl;
  const db = () => suite.api().db;

  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base()}/rest/v2${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> & ErrorBody };
  };
  const signIn = async (email: string) => {
    const res = await fetch(`${base()}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: email, password: DEMO_PASSWORD, client_id: "storefront", site: "usb2c" }).toString(),
    });
    expect(res.status).toBe(200);
    return TokenResponseSchema.parse(await res.json()).access_token;
  };

  /** A usb2c variant of this category whose price for guests is its list price, with plenty of stock. */
  const variantIn = async (category: string, skip = 0) => {
    const rows = await db()
      .selectFrom("product as p")
      .innerJoin("product_site as s", (j) => j.onRef("s.product_code", "=", "p.code").on("s.site", "=", "usb2c"))
      .innerJoin("product_category as c", (j) => j.onRef("c.product_code", "=", "p.code").on("c.category_code", "=", category))
      .innerJoin("stock as k", "k.product_code", "p.code")
      .select("p.code")
      .where("p.base_code", "is not", null)
      .where("k.level", ">=", 40)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("price as o")
              .select("o.product_code")
              .whereRef("o.product_code", "=", "p.code")
              .where("o.kind", "!=", "list")
              .where("o.user_group", "=", ""),
          ),
        ),
      )
      .orderBy("p.code")
      .execute();
    expect(rows.length).toBeGreaterThan(skip);
    return rows[skip]!.code;
  };
  /** A guest cart holding these lines. */
  const cartOf = async (...lines: [code: string, qty: number][]) => {
    let guid: string | undefined;
    for (const [productCode, qty] of lines) {
      const res = await call("POST", "/usb2c/users/anonymous/addProductToCart", { productCode, qty, cartGuid: guid });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      guid = CartModificationSchema.parse(res.body).cartGuid;
    }
    return guid!;
  };
  const apply = (guid: string, code: string, user = "anonymous", token?: string) =>
    call("POST", `/usb2c/users/${user}/carts/${guid}/vouchers?voucherId=${encodeURIComponent(code)}`, undefined, token);
  const applied = async (guid: string, code: string) => {
    const res = await apply(guid, code);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return CartSchema.parse(res.body);
  };
  const read = async (guid: string) => CartSchema.parse((await call("GET", `/usb2c/users/anonymous/carts/${guid}`)).body);
  const count = async (table: "cart" | "cart_entry" | "cart_coupon" | "coupon_redemption") =>
    Number(
      (
        await db()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rowCounts = async () => ({
    carts: await count("cart"),
    entries: await count("cart_entry"),
    cartCoupons: await count("cart_coupon"),
    redemptions: await count("coupon_redemption"),
    uses: await db().selectFrom("coupon").select(["id", "uses"]).orderBy("id").execute(),
  });
  const expectRefused = async (res: { status: number; body: ErrorBody }, reason: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.errors![0]).toMatchObject({
      type: "CouponError",
      reason,
      subject: "couponCode",
      ...(reason === "minimumSpend" ? { minimumSpend: 4000 } : {}),
    });
    expect(res.body.errors![0]!.message.length).toBeGreaterThan(10);
  };
  const coupon = (cart: Cart, code: string) => cart.appliedCoupons.find((c) => c.code === code);

  describe("a whole-order percentage coupon", () => {
    it("takes 10 % off the subtotal, rounded half a cent up, shown with two decimals; any case of the code works", async () => {
      const pod = await variantIn("k-cup-pods");
      const guid = await cartOf([pod, 3]);
      const cart = await applied(guid, "save10");
      const sub = cart.subTotal.minor;
      const off = Math.floor((sub * 10 + 50) / 100);
      expect(coupon(cart, "SAVE10")).toMatchObject({ applies: true, description: "10% off your order", discount: { minor: off, currencyIso: "USD" } });
      expect(coupon(cart, "SAVE10")!.discount.formattedValue).toMatch(/^\$\d+\.\d{2}$/);
      expect(cart.totalDiscounts.minor).toBe(off);
      expect(cart.totalPrice.minor).toBe(sub - off);
      // Every later read shows it, and applying it again changes nothing.
      expect((await read(guid)).totalDiscounts.minor).toBe(off);
      expect((await applied(guid, "SAVE10")).appliedCoupons).toHaveLength(1);
    });
  });

  describe("a fixed coupon over a minimum", () => {
    it("is refused below the minimum and takes $5 once the cart reaches it", async () => {
      const pod = await variantIn("k-cup-pods");
      const guid = await cartOf([pod, 1]);
      const small = await read(guid);
      expect(small.subTotal.minor).toBeLessThan(4000);
      await expectRefused(await apply(guid, "FIVEOFF40"), "minimumSpend");
      const qty = Math.ceil(4000 / small.subTotal.minor);
      await call("POST", "/usb2c/users/anonymous/updateCart", { cartGuid: guid, entryNumber: 0, qty });
      const cart = await applied(guid, "FIVEOFF40");
      expect(coupon(cart, "FIVEOFF40")).toMatchObject({ applies: true, discount: { minor: 500, formattedValue: "$5.00" } });
      expect(cart.totalPrice.minor).toBe(cart.subTotal.minor - 500);
      // Lowering the cart below the minimum again keeps the code, taking nothing, with the reason.
      await call("POST", "/usb2c/users/anonymous/updateCart", { cartGuid: guid, entryNumber: 0, qty: 1 });
      expect(coupon(await read(guid), "FIVEOFF40")).toMatchObject({
        applies: false,
        reason: "minimumSpend",
        discount: { minor: 0 },
        minimumSpend: { minor: 4000 },
      });
    });
  });

  describe("a category coupon", () => {
    it("discounts only the lines of its category and stacks with one whole-order coupon, never with a second", async () => {
      const [pod, tea] = [await variantIn("k-cup-pods"), await variantIn("tea")];
      const guid = await cartOf([pod, 2], [tea, 2]);
      const before = await read(guid);
      const podLine = before.entries.find((e) => e.product.code === pod)!.totalPrice.minor;
      const cart = await applied(guid, "PODS15");
      const podsOff = Math.floor((podLine * 15 + 50) / 100);
      expect(coupon(cart, "PODS15")!.discount.minor).toBe(podsOff);
      const both = await applied(guid, "SAVE10");
      const orderOff = Math.floor(((before.subTotal.minor - podsOff) * 10 + 50) / 100);
      expect(coupon(both, "SAVE10")!.discount.minor).toBe(orderOff);
      expect(both.totalDiscounts.minor).toBe(podsOff + orderOff);
      await expectRefused(await apply(guid, "FIVEOFF40"), "notCombinable");
    });

    it("is refused on a cart with no product of its category, a bag of a family that also has pods included", async () => {
      const guid = await cartOf([await variantIn("tea"), 1]);
      await expectRefused(await apply(guid, "PODS15"), "notApplicable");
      const bag = await db()
        .selectFrom("product as v")
        .innerJoin("product_category as own", (j) => j.onRef("own.product_code", "=", "v.code").on("own.category_code", "=", "bagged-coffee"))
        .innerJoin("product_category as family", (j) => j.onRef("family.product_code", "=", "v.base_code").on("family.category_code", "=", "k-cup-pods"))
        .innerJoin("stock as k", "k.product_code", "v.code")
        .select("v.code")
        .where("k.level", ">=", 10)
        .orderBy("v.code")
        .executeTakeFirstOrThrow();
      const bagCart = await cartOf([bag.code, 1]);
      await expectRefused(await apply(bagCart, "PODS15"), "notApplicable");
      // Kept on the cart while it waits (from a link), a pods coupon takes nothing off the bag.
      await db()
        .insertInto("cart_coupon")
        .values({
          cart_id: (await db().selectFrom("cart").select("id").where("guid", "=", bagCart).executeTakeFirstOrThrow()).id,
          coupon_id: (await db().selectFrom("coupon").select("id").where("code", "=", "PODS15").where("site", "=", "usb2c").executeTakeFirstOrThrow()).id,
          applied_at: new Date().toISOString(),
        })
        .execute();
      expect(coupon(await read(bagCart), "PODS15")).toMatchObject({ applies: false, reason: "notApplicable", discount: { minor: 0 } });
    });
  });

  describe("codes that cannot be used", () => {
    it("answers a guest the same for an unknown, an ended and a future code, and changes nothing", async () => {
      const guid = await cartOf([await variantIn("k-cup-pods"), 2]);
      await db().updateTable("coupon").set({ uses: 5 }).where("code", "=", "FIRST5").where("site", "=", "usb2c").execute();
      const before = await rowCounts();
      const answers = await Promise.all(["NOSUCHCODE", "SPRING2024", "NEWYEAR2099"].map((code) => apply(guid, code)));
      for (const answer of answers) await expectRefused(answer, "unknown");
      // Word for word, but for the code itself: nothing tells a real code from a made-up one.
      const bodies = answers.map((a, i) => JSON.stringify(a.body).replaceAll(["NOSUCHCODE", "SPRING2024", "NEWYEAR2099"][i]!, "CODE"));
      expect(new Set(bodies).size).toBe(1);
      await expectRefused(await apply(guid, "FIRST5"), "usedUp");
      expect(await rowCounts()).toEqual(before);
      expect((await read(guid)).appliedCoupons).toEqual([]);
    });

    it("tells a signed-in customer that a code has ended or has not started", async () => {
      const token = await signIn("demo.perks@example.com");
      expect((await call("POST", "/usb2c/users/current/addProductToCart", { productCode: await variantIn("k-cup-pods"), qty: 1 }, token)).status).toBe(200);
      await expectRefused(await apply("current", "SPRING2024", "current", token), "expired");
      await expectRefused(await apply("current", "NEWYEAR2099", "current", token), "notYetValid");
      await expectRefused(await apply("current", "NOSUCHCODE", "current", token), "unknown");
    });

    it("refuses a once-per-customer coupon the signed-in customer has used", async () => {
      const token = await signIn("demo.customer@example.com");
      const customer = await db()
        .selectFrom("customer")
        .select(["id", "email"])
        .where("email", "=", "demo.customer@example.com")
        .where("site", "=", "usb2c")
        .executeTakeFirstOrThrow();
      const added = await call("POST", "/usb2c/users/current/addProductToCart", { productCode: await variantIn("k-cup-pods"), qty: 12 }, token);
      expect(added.status).toBe(200);
      const welcome = await db().selectFrom("coupon").select("id").where("code", "=", "WELCOME").where("site", "=", "usb2c").executeTakeFirstOrThrow();
      // Used before as a guest with the same e-mail: customers are counted by id and by e-mail.
      await db()
        .insertInto("coupon_redemption")
        .values({ coupon_id: welcome.id, order_code: "EARLIER", customer_id: null, email: customer.email, redeemed_at: new Date().toISOString() })
        .execute();
      await expectRefused(await apply("current", "WELCOME", "current", token), "usedUpByCustomer");
      const ok = await apply("current", "SAVE10", "current", token);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(coupon(CartSchema.parse(ok.body), "SAVE10")?.applies).toBe(true);
    });
  });

  describe("signing in with a guest cart", () => {
    it("brings its coupons into the customer's cart, keeping the customer's whole-order coupon", async () => {
      const token = await signIn("demo.employee@example.com");
      const memberAdd = await call("POST", "/usb2c/users/current/addProductToCart", { productCode: await variantIn("tea"), qty: 1 }, token);
      expect(memberAdd.status).toBe(200);
      expect((await apply("current", "SAVE10", "current", token)).status).toBe(200);

      const pod = await variantIn("k-cup-pods");
      const unit = (await read(await cartOf([pod, 1]))).subTotal.minor;
      const guid = await cartOf([pod, Math.ceil(4000 / unit)]);
      await applied(guid, "PODS15");
      await applied(guid, "FIVEOFF40");
      const merged = await call("POST", "/usb2c/users/current/carts/merge", { anonymousCartGuid: guid }, token);
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
      const cart = CartSchema.parse((merged.body as { cart: unknown }).cart);
      expect(cart.appliedCoupons.map((c) => c.code).sort()).toEqual(["PODS15", "SAVE10"]);
    });
  });

  describe("removing a code", () => {
    it("takes the discount off again; removing a code the cart does not carry changes nothing", async () => {
      const guid = await cartOf([await variantIn("k-cup-pods"), 2]);
      await applied(guid, "SAVE10");
      const res = await call("DELETE", `/usb2c/users/anonymous/carts/${guid}/vouchers/save10`);
      expect(res.status).toBe(200);
      const cart = CartSchema.parse(res.body);
      expect(cart.appliedCoupons).toEqual([]);
      expect(cart.totalPrice.minor).toBe(cart.subTotal.minor);
      const again = await call("POST", "/usb2c/users/anonymous/removeCoupon", { couponCode: "SAVE10", cartGuid: guid });
      expect(again.status).toBe(200);
    });
  });

  describe("a code from a link (applyCoupon)", () => {
    it("makes a cart when there is none; the code waits for products it covers", async () => {
      const before = await count("cart");
      const res = await call("POST", "/usb2c/users/anonymous/applyCoupon?couponCode=PODS15");
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const cart = CartSchema.parse(res.body);
      expect(await count("cart")).toBe(before + 1);
      expect(coupon(cart, "PODS15")).toMatchObject({ applies: false, reason: "notApplicable", discount: { minor: 0 } });
      const add = await call("POST", "/usb2c/users/anonymous/addProductToCart", { productCode: await variantIn("k-cup-pods"), qty: 1, cartGuid: cart.guid });
      expect(add.status).toBe(200);
      expect(coupon(await read(cart.guid), "PODS15")?.applies).toBe(true);
    });

    it("makes no cart for a code it refuses", async () => {
      const before = await rowCounts();
      await expectRefused(await call("POST", "/usb2c/users/anonymous/applyCoupon?couponCode=SPRING2024"), "unknown");
      expect(await rowCounts()).toEqual(before);
    });
  });

  describe("bad input", () => {
    it("answers 400 for a malformed code and 404 for a cart that is not the caller's, changing nothing", async () => {
      const guid = await cartOf([await variantIn("k-cup-pods"), 1]);
      const token = await signIn("demo.perks@example.com");
      await call("POST", "/usb2c/users/current/addProductToCart", { productCode: await variantIn("tea"), qty: 1 }, token);
      const memberCart = CartSchema.parse((await call("GET", "/usb2c/users/current/carts/current", undefined, token)).body);
      const before = await rowCounts();

      for (const code of ["save 10", "<script>", "x".repeat(33), ""]) {
        const res = await apply(guid, code);
        expect(res.status, code).toBe(400);
        expect(res.body.errors![0]).toMatchObject({ type: "ValidationError", subject: "couponCode" });
      }
      const missing = await call("POST", `/usb2c/users/anonymous/carts/${guid}/vouchers`);
      expect(missing.status).toBe(400);
      // Another shopper's cart, an unknown guid, a malformed one, a guest asking for `current`, another brand's.
      for (const [user, cartGuid, site] of [
        ["anonymous", memberCart.guid, "usb2c"],
        ["anonymous", "0".repeat(32), "usb2c"],
        ["anonymous", "not-a-guid", "usb2c"],
        ["anonymous", "current", "usb2c"],
        ["anonymous", guid, "cab2c"],
      ] as const) {
        const res = await call("POST", `/${site}/users/${user}/carts/${cartGuid}/vouchers?voucherId=SAVE10`);
        expect(res.status, `${user} ${cartGuid} ${site}`).toBe(404);
        expect(res.body.errors![0]).toMatchObject({ type: "CartError", reason: "notFound" });
      }
      const theirs = await call("DELETE", `/usb2c/users/anonymous/carts/${memberCart.guid}/vouchers/SAVE10`);
      expect(theirs.status).toBe(404);
      const viaLink = await call("POST", `/usb2c/users/anonymous/applyCoupon?couponCode=SAVE10&cartGuid=${memberCart.guid}`);
      expect(viaLink.status).toBe(404);
      expect(await rowCounts()).toEqual(before);
    });
  });

  describe("category coupons on product answers (appliedCategoryCoupons)", () => {
    it("show the coupon price of a product the coupon covers, and leave other products and odd values alone", async () => {
      const [pod, tea] = [await variantIn("k-cup-pods"), await variantIn("tea")];
      const plain = ProductSchema.parse((await call("GET", `/usb2c/products/${pod}?fields=FULL`)).body);
      const withCoupon = ProductSchema.parse((await call("GET", `/usb2c/products/${pod}?fields=FULL&appliedCategoryCoupons=nosuch,pods15`)).body);
      expect(withCoupon.price.minor).toBe(plain.price.minor - Math.floor((plain.price.minor * 15 + 50) / 100));
      expect(withCoupon.originalPriceData?.minor).toBe(plain.price.minor);
      expect(withCoupon.appliedCoupon).toEqual({ code: "PODS15", description: "15% off coffee pods" });

      const data = await call("GET", `/usb2c/products/${pod}/productData?appliedCategoryCoupons=PODS15`);
      expect((data.body.product as { price: { minor: number } }).price.minor).toBe(withCoupon.price.minor);
      const details = await call("GET", `/usb2c/products/productDetails?productCodes=${pod},${tea}&appliedCategoryCoupons=PODS15`);
      const prices = (details.body.products as { code: string; price: { minor: number } }[]).map((p) => [p.code, p.price.minor]);
      expect(prices).toContainEqual([pod, withCoupon.price.minor]);
      const teaPlain = ProductSchema.parse((await call("GET", `/usb2c/products/${tea}`)).body);
      expect(prices).toContainEqual([tea, teaPlain.price.minor]);

      // A family of pods and bags: each option priced by its own categories, the family "from" its cheapest.
      const mixed = await db()
        .selectFrom("product_category as a")
        .innerJoin("product_category as b", "b.product_code", "a.product_code")
        .innerJoin("product as p", "p.code", "a.product_code")
        .select("p.code")
        .where("p.base_code", "is", null)
        .where("a.category_code", "=", "k-cup-pods")
        .where("b.category_code", "=", "bagged-coffee")
        .orderBy("p.code")
        .executeTakeFirstOrThrow();
      type Family = { price: { minor: number }; variantOptions: { code: string; packType?: string; priceData: { minor: number } }[] };
      const family = (await call("GET", `/usb2c/products/${mixed.code}?fields=FULL`)).body as unknown as Family;
      const couponFamily = (await call("GET", `/usb2c/products/${mixed.code}?fields=FULL&appliedCategoryCoupons=PODS15`)).body as unknown as Family;
      const kinds = new Set(family.variantOptions.map((v) => v.packType));
      expect(kinds.has("KCup") && kinds.has("Bagged")).toBe(true);
      for (const [i, v] of couponFamily.variantOptions.entries()) {
        const was = family.variantOptions[i]!.priceData.minor;
        expect(v.priceData.minor, v.code).toBe(v.packType === "KCup" ? was - Math.floor((was * 15 + 50) / 100) : was);
      }
      expect(couponFamily.price.minor).toBe(Math.min(...couponFamily.variantOptions.map((v) => v.priceData.minor)));

      // The category listing: its pods at the coupon price, the list price struck through.
      type Listing = { products: { code: string; price: { minor: number }; originalPriceData?: { minor: number }; appliedCoupon?: { code: string } }[] };
      const listing = (await call("GET", "/usb2c/c/k-cup-pods/categoryData?fields=BASIC")).body as unknown as Listing;
      const couponListing = (await call("GET", "/usb2c/c/k-cup-pods/categoryData?fields=BASIC&appliedCategoryCoupons=PODS15")).body as unknown as Listing;
      expect(couponListing.products.length).toBeGreaterThan(0);
      expect(couponListing.products.map((p) => p.code)).toEqual(listing.products.map((p) => p.code));
      for (const [i, p] of couponListing.products.entries()) {
        const was = listing.products[i]!.price.minor;
        expect(p.price.minor).toBe(was - Math.floor((was * 15 + 50) / 100));
        expect(p.appliedCoupon?.code).toBe("PODS15");
      }
      const teaListing = (await call("GET", "/usb2c/c/tea/categoryData?fields=BASIC&appliedCategoryCoupons=PODS15")).body as unknown as Listing;
      expect(teaListing.products.every((p) => p.appliedCoupon === undefined)).toBe(true);

      for (const odd of ["%00", "SAVE10", "SPRING2024", ",,,", "a".repeat(500)]) {
        const res = await call("GET", `/usb2c/products/${pod}?appliedCategoryCoupons=${encodeURIComponent(odd)}`);
        expect(res.status, odd).toBe(200);
        expect(ProductSchema.parse(res.body).price.minor, odd).toBe(plain.price.minor);
      }
    });
  });
});
