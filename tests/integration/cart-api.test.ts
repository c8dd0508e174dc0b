import { describe, expect, it } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
import { CartModificationSchema, CartSchema, CartValidationSchema, MergedCartSchema } from "../../commerce/contract/cart";
import { DEMO_PASSWORD } from "../../commerce/seed/accounts";
import { commerceForSuite } from "../support/commerce";
import { DIALECTS } from "../support/databases";

describe.each(DIALECTS)("cart API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const base = () => suite.api().baseUrl;
  const db = () => suite.api().db;

  const call = (method: string, path: string, accessToken?: string, body?: unknown) =>
    fetch(`${base()}/rest/v2${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (res: Response) => ({
    status: res.status,
    body: (await res.json()) as Record<string, unknown> & { errors?: { type: string; message: string; reason?: string; availableQuantity?: number }[] },
  });
  const signIn = async (email: string, site = "usb2c") => {
    const res = await fetch(`${base()}/authorizationserver/oauth/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: email, password: DEMO_PASSWORD, client_id: "storefront", site }).toString(),
    });
    expect(res.status).toBe(200);
    return TokenResponseSchema.parse(await res.json()).access_token;
  };
  const add = async (body: Record<string, unknown>, user = "anonymous", token?: string, site = "usb2c") =>
    json(await call("POST", `/${site}/users/${user}/addProductToCart`, token, body));
  const added = async (body: Record<string, unknown>, user = "anonymous", token?: string) => {
    const answer = await add(body, user, token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return CartModificationSchema.parse(answer.body);
  };
  const readAnonymous = async (guid: string, site = "usb2c") => json(await call("GET", `/${site}/users/anonymous/carts/${guid}`));
  const counts = async () => {
    const [carts, entries] = await Promise.all([
      db()
        .selectFrom("cart")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
      db()
        .selectFrom("cart_entry")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      carts: Number(carts.n),
      entries: Number(entries.n),
      quantities: await db().selectFrom("cart_entry").select(["id", "quantity"]).orderBy("id").execute(),
    };
  };
  /** Tells every process's caches that this product's family changed, as the catalog's own writes do. */
  const catalogChanged = async (code: string) => {
    const product = await db().selectFrom("product").select(["code", "base_code"]).where("code", "=", code).executeTakeFirstOrThrow();
    const listing = await db()
      .selectFrom("listing")
      .select("id")
      .where("base_code", "=", product.base_code ?? product.code)
      .executeTakeFirstOrThrow();
    await db().insertInto("listing_change").values({ listing_id: listing.id }).execute();
  };
  /** Earlier tests leave carts behind; a test that counts a member's lines starts from none. */
  const withoutCarts = async (email: string) => {
    const customer = await db().selectFrom("customer").select("id").where("email", "=", email).where("site", "=", "usb2c").executeTakeFirstOrThrow();
    const carts = db().selectFrom("cart").select("id").where("customer_id", "=", customer.id);
    await db().deleteFrom("cart_entry").where("cart_id", "in", carts).execute();
    await db().deleteFrom("cart").where("customer_id", "=", customer.id).execute();
    return customer;
  };
  const setStock = (code: string, level: number) => db().updateTable("stock").set({ level }).where("product_code", "=", code).execute();

  /**
   * Variants sold on usb2c with plenty of stock and no sale or group price (a plain list price), one
   * per family. Employees' prices cover every product, and no test here shops as an employee.
   */
  const plainVariants = async (n: number) => {
    const rows = await db()
      .selectFrom("product as p")
      .innerJoin("product_site as s", (j) => j.onRef("s.product_code", "=", "p.code").on("s.site", "=", "usb2c"))
      .innerJoin("stock as k", "k.product_code", "p.code")
      .select(["p.code", "p.base_code"])
      .where("p.base_code", "is not", null)
      .where("k.level", ">=", 40)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("price as o")
              .select("o.product_code")
              .whereRef("o.product_code", "=", "p.code")
              .where("o.kind", "!=", "list")
              .where("o.user_group", "!=", "employee"),
          ),
        ),
      )
      .orderBy("p.code")
      .execute();
    const byFamily = new Map<string, string>();
    for (const r of rows) if (!byFamily.has(r.base_code!)) byFamily.set(r.base_code!, r.code);
    const codes = [...byFamily.values()];
    expect(codes.length).toBeGreaterThanOrEqual(n);
    return codes.slice(0, n);
  };
  /** A coffee variant sold on usb2c with plenty of stock: auto-delivery takes coffee, tea and cocoa only. */
  const coffeeVariant = async () =>
    (
      await db()
        .selectFrom("product as p")
        .innerJoin("product_site as s", (j) => j.onRef("s.product_code", "=", "p.code").on("s.site", "=", "usb2c"))
        .innerJoin("stock as k", "k.product_code", "p.code")
        .select("p.code")
        .where("p.base_code", "is not", null)
        .where("p.product_type", "=", "Coffee")
        .where("k.level", ">=", 40)
        .orderBy("p.code")
        .executeTakeFirstOrThrow()
    ).code;
  const listPrice = async (code: string) =>
    Number(
      (
        await db()
          .selectFrom("price")
          .select("value")
          .where("product_code", "=", code)
          .where("currency", "=", "USD")
          .where("kind", "=", "list")
          .where("user_group", "=", "")
          .executeTakeFirstOrThrow()
      ).value,
    );

  describe("anonymous shoppers", () => {
    it("add a product, get a cart guid and read the cart, priced by the service", async () => {
      const [code] = await plainVariants(1);
      const first = await added({ productCode: code, qty: 2, lang: "en" });
      expect(first).toMatchObject({ statusCode: "success", quantityAdded: 2, quantity: 2, cartQuantity: 2 });
      expect(first.cartGuid).toMatch(/^[0-9a-f]{32}$/);
      const unit = await listPrice(code!);
      expect(first.entry).toMatchObject({ entryNumber: 0, quantity: 2, entryType: "STD", product: { code }, basePrice: { minor: unit, currencyIso: "USD" } });
      expect(first.entry.totalPrice.minor).toBe(unit * 2);

      const again = await added({ productCode: code, qty: "3", cartGuid: first.cartGuid });
      expect(again).toMatchObject({ quantityAdded: 3, quantity: 5, cartQuantity: 5, cartGuid: first.cartGuid });

      const read = await readAnonymous(first.cartGuid);
      expect(read.status).toBe(200);
      const cart = CartSchema.parse(read.body);
      expect(cart.entries).toHaveLength(1);
      expect(cart).toMatchObject({
        guid: first.cartGuid,
        totalItems: 1,
        totalUnitCount: 5,
        subTotal: { minor: unit * 5 },
        totalTax: { minor: 0 },
        deliveryCost: { minor: 0 },
        totalPriceWithTax: { minor: unit * 5 },
      });
      expect(cart.subTotal.formattedValue).toMatch(/^\$/);
    });

    it("keeps recurring lines apart from one-off lines of the same product, with pods at home on ADC", async () => {
      const code = await coffeeVariant();
      const one = await added({ productCode: code });
      const ad = await added({ productCode: code, entryType: "ADC", podsAtHomeQty: "8", cartGuid: one.cartGuid });
      expect(ad.entry).toMatchObject({ entryNumber: 1, entryType: "ADC", podsAtHomeQty: 8, quantity: 1 });
      const empty = await added({ productCode: code, entryType: "ADF", podsAtHomeQty: "", cartGuid: one.cartGuid });
      expect(empty.entry.podsAtHomeQty).toBeUndefined();
      expect(empty.cartQuantity).toBe(3);

      const removed = await json(await call("POST", "/usb2c/removeEntryFromAdCart", undefined, { cartGuid: one.cartGuid, entryNumber: 1 }));
      expect(removed.status).toBe(200);
      expect(CartSchema.parse(removed.body).entries.map((e) => e.entryType)).toEqual(["STD", "ADF"]);
      const notRecurring = await json(await call("POST", "/usb2c/removeEntryFromAdCart", undefined, { cartGuid: one.cartGuid, entryNumber: 0 }));
      expect(notRecurring.status).toBe(400);
      expect(notRecurring.body.errors![0]).toMatchObject({ type: "CartEntryError", reason: "notRecurring" });
    });

    it("update sets a line's quantity and 0 removes it", async () => {
      const [a, b] = await plainVariants(2);
      const first = await added({ productCode: a });
      await added({ productCode: b, cartGuid: first.cartGuid });
      const changed = await json(await call("POST", "/usb2c/users/anonymous/updateCart", undefined, { cartGuid: first.cartGuid, entryNumber: 0, qty: 4 }));
      expect(changed.status).toBe(200);
      expect(CartSchema.parse(changed.body).totalUnitCount).toBe(5);
      const gone = await json(await call("POST", "/usb2c/users/anonymous/updateCart", undefined, { cartGuid: first.cartGuid, entryNumber: 1, qty: "0" }));
      expect(CartSchema.parse(gone.body).entries.map((e) => e.product.code)).toEqual([a]);
      const unknown = await json(await call("POST", "/usb2c/users/anonymous/updateCart", undefined, { cartGuid: first.cartGuid, entryNumber: 7, qty: 1 }));
      expect(unknown.status).toBe(404);
      expect(unknown.body.errors![0]).toMatchObject({ type: "CartEntryError", reason: "notFound" });
    });
  });

  describe("stock and the line maximum", () => {
    it("caps an add at the stock (lowStock), then refuses with the quantity still available", async () => {
      const [code] = await plainVariants(1);
      await setStock(code!, 3);
      try {
        const capped = await added({ productCode: code, qty: 5 });
        expect(capped).toMatchObject({ statusCode: "lowStock", quantityAdded: 3, quantity: 3 });
        const before = await counts();
        const refused = await add({ productCode: code, qty: 1, cartGuid: capped.cartGuid });
        expect(refused.status).toBe(400);
        expect(refused.body.errors![0]).toMatchObject({ type: "InsufficientStockError", availableQuantity: 0, subject: code });
        const over = await json(await call("POST", "/usb2c/users/anonymous/updateCart", undefined, { cartGuid: capped.cartGuid, entryNumber: 0, qty: 5 }));
        expect(over.status).toBe(400);
        expect(over.body.errors![0]).toMatchObject({ type: "InsufficientStockError", availableQuantity: 0 });
        expect(await counts()).toEqual(before);

        // Checkout's check: the stock fell below what the cart holds.
        await setStock(code!, 2);
        const check = CartValidationSchema.parse((await json(await call("GET", `/usb2c/cart/validateCart?cartGuid=${capped.cartGuid}`))).body);
        expect(check.valid).toBe(false);
        expect(check.changes).toEqual([{ productCode: code, entryType: "STD", requested: 3, kept: 2, reason: "stock" }]);
        expect(await counts()).toEqual(before);
      } finally {
        await setStock(code!, 100);
      }
    });

    it("caps a line at 24 units and refuses past it", async () => {
      const [code] = await plainVariants(1);
      const first = await added({ productCode: code, qty: 20 });
      const capped = await added({ productCode: code, qty: 10, cartGuid: first.cartGuid });
      expect(capped).toMatchObject({ statusCode: "maxOrderQuantityExceeded", quantityAdded: 4, quantity: 24 });
      const refused = await add({ productCode: code, qty: 1, cartGuid: first.cartGuid });
      expect(refused.status).toBe(400);
      expect(refused.body.errors![0]).toMatchObject({ type: "CartEntryError", reason: "maxOrderQuantityExceeded" });
      expect(refused.body.errors![0]!.message).toContain("24");
    });
  });

  describe("bad requests answer 400 or 404 with a readable message and change nothing", () => {
    it.each([
      ["malformed qty", { qty: "two" }, 400, "qty"],
      ["qty 0 on add", { qty: 0 }, 400, "qty"],
      ["negative qty", { qty: -3 }, 400, "qty"],
      ["fractional qty", { qty: 1.5 }, 400, "qty"],
      ["qty above the line maximum", { qty: 25 }, 400, "qty"],
      ["unknown entry type", { entryType: "XYZ" }, 400, "entryType"],
      ["pods at home on a one-off line", { podsAtHomeQty: 6 }, 400, "podsAtHomeQty"],
      ["pods at home not a number", { entryType: "ADC", podsAtHomeQty: "lots" }, 400, "podsAtHomeQty"],
      ["a brewer by auto-delivery", { productCode: "8003-BFBR-BRW-RED", entryType: "ADC" }, 400, "auto-delivery"],
      ["malformed guid", { cartGuid: "not-a-guid" }, 400, "cartGuid"],
      ["unknown guid", { cartGuid: "0".repeat(32) }, 404, "cart"],
      ["unknown product", { productCode: "NO-SUCH-PRODUCT" }, 404, "product"],
      ["base product with variants", { productCode: "5001-SMRG" }, 400, "size"],
    ])("%s", async (_name, change, status, mentions) => {
      const [code] = await plainVariants(1);
      const cart = await added({ productCode: code });
      const before = await counts();
      const answer = await add({ productCode: code, cartGuid: cart.cartGuid, ...change });
      expect(answer.status).toBe(status);
      expect(answer.body.errors![0]!.message.toLowerCase()).toContain(mentions.toLowerCase());
      expect(await counts()).toEqual(before);
    });

    it("another brand's guid, a member's guid asked as anonymous, and another member's cart are not found", async () => {
      const [code] = await plainVariants(1);
      const anonymous = await added({ productCode: code });
      const member = await signIn("demo.customer@example.com");
      const own = await added({ productCode: code }, "current", member);
      const before = await counts();

      for (const answer of [
        await readAnonymous(anonymous.cartGuid, "cab2c"),
        await add({ productCode: code, cartGuid: anonymous.cartGuid }, "anonymous", undefined, "usafh"),
        await readAnonymous(own.cartGuid),
        await add({ productCode: code, cartGuid: own.cartGuid }),
        await json(await call("GET", `/usb2c/users/current/carts/${own.cartGuid}`, await signIn("demo.perks@example.com"))),
        await json(await call("POST", "/usb2c/users/anonymous/updateCart", undefined, { cartGuid: own.cartGuid, entryNumber: 0, qty: 0 })),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body.errors![0]).toMatchObject({ type: "CartError", reason: "notFound" });
      }
      expect(await counts()).toEqual(before);
    });

    it("ignores a price sent by the client", async () => {
      const [code] = await plainVariants(1);
      const cart = await added({ productCode: code, price: 1, basePrice: { value: 0.01 }, totalPrice: 0 });
      expect(cart.entry.basePrice.minor).toBe(await listPrice(code!));
    });
  });

  describe("members", () => {
    it("add through users/current to their one open cart and read it as carts/current", async () => {
      const [a, b] = await plainVariants(2);
      const token = await signIn("demo.employee@example.com");
      const first = await added({ productCode: a }, "current", token);
      const second = await added({ productCode: b }, "current", token);
      expect(second.cartGuid).toBe(first.cartGuid);
      const current = await json(await call("GET", "/usb2c/users/current/carts/current", token));
      expect(current.status).toBe(200);
      expect(CartSchema.parse(current.body)).toMatchObject({ guid: first.cartGuid, totalUnitCount: 2 });
      const byGuid = await json(await call("GET", `/usb2c/users/current/carts/${first.cartGuid}`, token));
      expect(byGuid.status).toBe(200);
      expect((await json(await call("GET", "/usb2c/users/current/carts/current"))).status).toBe(401);
    });

    it("see member prices in their cart, and a catalog price change on the next read", async () => {
      const rows = await db()
        .selectFrom("price as p")
        .innerJoin("product_site as s", (j) => j.onRef("s.product_code", "=", "p.product_code").on("s.site", "=", "usb2c"))
        .innerJoin("product as pr", "pr.code", "p.product_code")
        .innerJoin("stock as k", "k.product_code", "p.product_code")
        .select(["p.product_code", "p.value"])
        .where("p.user_group", "=", "perks")
        .where("p.currency", "=", "USD")
        .where("pr.base_code", "is not", null)
        .where("k.level", ">", 5)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("price as o")
                .select("o.product_code")
                .whereRef("o.product_code", "=", "p.product_code")
                .where("o.currency", "=", "USD")
                .where("o.kind", "in", ["discount", "promoted"]),
            ),
          ),
        )
        .limit(1)
        .execute();
      const { product_code: code, value: memberPrice } = rows[0]!;
      const perks = await signIn("demo.perks@example.com");
      const memberCart = await added({ productCode: code }, "current", perks);
      expect(memberCart.entry.basePrice.minor).toBe(memberPrice);
      const guest = await added({ productCode: code });
      expect(guest.entry.basePrice.minor).toBeGreaterThan(memberPrice);

      // The catalog changes the member price; the cart shows it on the next read.
      await db()
        .updateTable("price")
        .set({ value: memberPrice - 50 })
        .where("product_code", "=", code)
        .where("user_group", "=", "perks")
        .where("currency", "=", "USD")
        .execute();
      await catalogChanged(code);
      await expect
        .poll(
          async () =>
            CartSchema.parse((await json(await call("GET", "/usb2c/users/current/carts/current", perks))).body).entries.find((e) => e.product.code === code)
              ?.basePrice.minor,
          {
            timeout: 5000,
          },
        )
        .toBe(memberPrice - 50);
    });
  });

  describe("concurrency", () => {
    it("10 adds of the same product at once make one line of 10", async () => {
      const [code, other] = await plainVariants(2);
      const cart = await added({ productCode: other });
      const answers = await Promise.all(Array.from({ length: 10 }, () => add({ productCode: code, cartGuid: cart.cartGuid })));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      const read = CartSchema.parse((await readAnonymous(cart.cartGuid)).body);
      expect(read.entries.filter((e) => e.product.code === code)).toEqual([expect.objectContaining({ quantity: 10 })]);
      expect(new Set(read.entries.map((e) => e.entryNumber)).size).toBe(read.entries.length);
    });

    it("first adds of a member at once make one cart", async () => {
      const [code] = await plainVariants(1);
      const customer = await withoutCarts("demo.customer@example.com");
      const token = await signIn("demo.customer@example.com");
      const answers = await Promise.all(Array.from({ length: 5 }, () => add({ productCode: code }, "current", token)));
      expect(answers.map((a) => a.status)).toEqual(Array(5).fill(200));
      expect(new Set(answers.map((a) => a.body.cartGuid)).size).toBe(1);
      const open = await db().selectFrom("cart").select("id").where("customer_id", "=", customer.id).where("status", "=", "open").execute();
      expect(open).toHaveLength(1);
      const entries = await db().selectFrom("cart_entry").select("quantity").where("cart_id", "=", open[0]!.id).execute();
      expect(entries).toEqual([{ quantity: 5 }]);
    });
  });

  it("the OpenAPI document describes the cart operations with their schemas", async () => {
    const doc = (await (await fetch(`${base()}/rest/v2/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>>;
    };
    for (const [path, method] of [
      ["/{brand}/users/{user}/addProductToCart", "post"],
      ["/{brand}/users/{user}/addProductsToCart", "post"],
      ["/{brand}/users/{user}/updateCart", "post"],
      ["/{brand}/removeEntryFromAdCart", "post"],
      ["/{brand}/users/{user}/carts/merge", "post"],
    ] as const) {
      expect(doc.paths[path]?.[method]?.requestBody, path).toBeDefined();
    }
    for (const path of [
      "/{brand}/users/{user}/carts/current",
      "/{brand}/users/{user}/carts/{cartGuid}",
      "/{brand}/cart/validateCart",
      "/{brand}/users/{user}/carts/{cartGuid}/validate",
    ]) {
      expect(JSON.stringify(doc.paths[path]?.get?.responses[200]), path).toContain("totalPriceWithTax");
    }
  });

  describe("several products and agents", () => {
    it("addProductsToCart adds every line, or none when one is refused", async () => {
      const [a, b] = await plainVariants(2);
      const answer = await json(
        await call("POST", "/usb2c/users/anonymous/addProductsToCart", undefined, { entries: [{ productCode: a, qty: 2 }, { productCode: b }] }),
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ cartQuantity: 3, cartModifications: [{ quantityAdded: 2 }, { quantityAdded: 1 }] });
      // A new cart's answer is the cart as read back.
      const read = CartSchema.parse((await readAnonymous(String(answer.body.cartGuid))).body);
      expect((answer.body.cartModifications as { entry: unknown }[]).map((m) => m.entry)).toEqual(read.entries);
      const before = await counts();
      const refused = await json(
        await call("POST", "/usb2c/users/anonymous/addProductsToCart", undefined, {
          cartGuid: answer.body.cartGuid,
          entries: [{ productCode: a }, { productCode: "NO-SUCH-PRODUCT" }],
        }),
      );
      expect(refused.status).toBe(404);
      expect(await counts()).toEqual(before);
    });

    it("an agent in an assisted session adds to the customer's cart through users/{customerId}, priced for the customer", async () => {
      const [code] = await plainVariants(1);
      const customer = await db()
        .selectFrom("customer")
        .select("id")
        .where("email", "=", "demo.perks@example.com")
        .where("site", "=", "usb2c")
        .executeTakeFirstOrThrow();
      const agentRes = await fetch(`${base()}/authorizationserver/oauth/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "password",
          username: "demo.agent@example.com",
          password: DEMO_PASSWORD,
          client_id: "agent",
          site: "usb2c",
        }).toString(),
      });
      const agent = TokenResponseSchema.parse(await agentRes.json()).access_token;
      expect((await call("POST", "/usb2c/assistedservicewebservices/sessions", agent, { customerId: customer.id })).status).toBe(201);
      const answer = await added({ productCode: code }, customer.id, agent);
      const own = CartSchema.parse((await json(await call("GET", "/usb2c/users/current/carts/current", await signIn("demo.perks@example.com")))).body);
      expect(own.guid).toBe(answer.cartGuid);
      const audit = await db()
        .selectFrom("agent_audit")
        .select("action")
        .where("customer_id", "=", customer.id)
        .where("action", "=", "added to cart")
        .execute();
      expect(audit.length).toBeGreaterThan(0);
    });
  });

  describe("merge at sign-in", () => {
    it("sums the same product and entry type, caps at stock and the line maximum, and retires the guest cart", async () => {
      const [a, b, c, d] = await plainVariants(4);
      await withoutCarts("demo.perks@example.com");
      const member = await signIn("demo.perks@example.com", "usb2c");
      // The member's cart: 3 of a, 20 of b.
      await added({ productCode: a, qty: 3 }, "current", member);
      await added({ productCode: b, qty: 20 }, "current", member);
      // The guest cart: 5 of a, 10 of b (past 24 together), 6 of c (4 in stock), 2 of d (then withdrawn from the site).
      const guest = await added({ productCode: a, qty: 5 });
      await added({ productCode: b, qty: 10, cartGuid: guest.cartGuid });
      await added({ productCode: c, qty: 6, cartGuid: guest.cartGuid });
      await added({ productCode: d, qty: 2, cartGuid: guest.cartGuid });
      await setStock(c!, 4);
      const withdrawn = await db().selectFrom("product_site").selectAll().where("product_code", "=", d!).where("site", "=", "usb2c").executeTakeFirstOrThrow();
      await db().deleteFrom("product_site").where("product_code", "=", d!).where("site", "=", "usb2c").execute();
      await catalogChanged(d!);
      await expect.poll(async () => (await call("GET", `/usb2c/products/${d}`)).status, { timeout: 5000 }).toBe(404);
      try {
        const answer = await json(await call("POST", "/usb2c/users/current/carts/merge", member, { anonymousCartGuid: guest.cartGuid }));
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const merged = MergedCartSchema.parse(answer.body);
        const qty = (code: string) => merged.cart.entries.find((e) => e.product.code === code)?.quantity;
        expect([qty(a!), qty(b!), qty(c!), qty(d!)]).toEqual([8, 24, 4, undefined]);
        expect(merged.changes).toEqual(
          expect.arrayContaining([
            { productCode: b, entryType: "STD", requested: 30, kept: 24, reason: "maxQuantity" },
            { productCode: c, entryType: "STD", requested: 6, kept: 4, reason: "stock" },
            { productCode: d, entryType: "STD", requested: 2, kept: 0, reason: "unavailable" },
          ]),
        );
        expect(merged.changes).toHaveLength(3);
        expect((await readAnonymous(guest.cartGuid)).status).toBe(404);
        const again = await json(await call("POST", "/usb2c/users/current/carts/merge", member, { anonymousCartGuid: guest.cartGuid }));
        expect(again.status).toBe(404);
        const status = await db().selectFrom("cart").select("status").where("guid", "=", guest.cartGuid).executeTakeFirstOrThrow();
        expect(status.status).toBe("merged");
      } finally {
        await db().insertInto("product_site").values(withdrawn).execute();
        await catalogChanged(d!);
        await setStock(c!, 100);
      }
    });

    it("needs a signed-in customer", async () => {
      const [code] = await plainVariants(1);
      const guest = await added({ productCode: code });
      expect((await call("POST", "/usb2c/users/current/carts/merge", undefined, { anonymousCartGuid: guest.cartGuid })).status).toBe(401);
      expect((await call("POST", "/usb2c/users/anonymous/carts/merge", undefined, { anonymousCartGuid: guest.cartGuid })).status).toBe(404);
    });
  });
});
