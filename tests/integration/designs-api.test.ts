import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CartModificationSchema, CartSchema } from "../../commerce/contract/cart";
import { CheckoutSchema, OrderSchema } from "../../commerce/contract/checkout";
import { DeletedRecipeSchema, DesignListSchema, DesignOptionsSchema, DesignSchema, MAX_DESIGNS } from "../../commerce/contract/designs";
import { commerceForSuite } from "../support/commerce";
import { insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { APPROVED_CARD, NY_ADDRESS, randomHex } from "../support/guest-checkout";
import { firstError, restCaller } from "../support/rest";

const PASSWORD = "designs-Test-password-1";
const LATTE = { size: "10", strength: "bold", milk: "oat", sweetness: "light", shots: ["caramel", "vanilla"] };

/**
 * Saved drink designs (decision 073) under /rest/v2/{brand}/users/{user}/recipes: the list,
 * saveRecipe, updateRecipe, deleteRecipe (the spec's GET and a DELETE), openDesignSpectrum, the
 * designer's options, and a design's pods in the cart and the order, on both databases.
 */
describe.each(DIALECTS)("drink designs API on %s", (dialect) => {
  const suite = commerceForSuite(dialect, { STORE_CLOCK_MOVABLE: "true" });
  const db = () => suite.api().db;

  const call = restCaller(() => suite.api().baseUrl);
  const error = firstError;
  const newCustomer = async (site = "usb2c") => {
    const email = `designs-${randomHex(8)}@example.com`;
    const id = await insertAccount(db(), { email, password: PASSWORD, site });
    return { id, email, token: await passwordToken(suite.api().baseUrl, { email, password: PASSWORD, site }) };
  };
  const options = async (site = "usb2c", lang = "en") => DesignOptionsSchema.parse((await call("GET", `/${site}/designOptions?lang=${lang}`)).body);
  const save = (token: string, body: Record<string, unknown>, site = "usb2c") => call("POST", `/${site}/users/current/recipes/saveRecipe`, token, body);
  const saved = async (token: string, name = "Morning latte", site = "usb2c") => {
    const productCode = (await options(site)).beverages[0]!.code;
    const answer = await save(token, { name, productCode, ...LATTE }, site);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return DesignSchema.parse(answer.body);
  };
  const list = async (token: string, site = "usb2c") => DesignListSchema.parse((await call("GET", `/${site}/users/current/recipes`, token)).body);
  const designCount = async (customerId: string) =>
    Number(
      (
        await db()
          .selectFrom("drink_design")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("customer_id", "=", customerId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe("designOptions: what the designer offers", () => {
    it("lists the store's coffees, teas and cocoas as pods, by name, and the choices in the shopper's language", async () => {
      const us = await options();
      expect(us.beverages.length).toBeGreaterThan(30);
      expect(new Set(us.beverages.map((b) => b.kind))).toEqual(new Set(["Coffee", "Tea", "Cocoa"]));
      for (const b of us.beverages) expect(b.packLabel).toMatch(/^\d+ ct/);
      expect(us.beverages.map((b) => b.name)).toEqual([...us.beverages.map((b) => b.name)].sort((a, b) => a.localeCompare(b, "en")));
      expect(us.milks.map((m) => m.label)).toContain("Oat milk");
      expect(us.shots.map((s) => s.value)).toEqual(["vanilla", "caramel", "hazelnut", "mocha", "cinnamon", "peppermint"]);
      expect(us).toMatchObject({ nameMax: 40, maxShots: 2, maxDesigns: MAX_DESIGNS });
      const french = await options("cab2c", "fr");
      expect(french.milks.map((m) => m.label)).toContain("Boisson d’avoine");
      expect(french.beverages[0]!.price.currencyIso).toBe("CAD");
    });
  });

  describe("saveRecipe and the list", () => {
    it("saves a design for the customer and lists it with its beverage and its choices in words", async () => {
      const customer = await newCustomer();
      const design = await saved(customer.token);
      expect(design).toMatchObject({ name: "Morning latte", choices: { ...LATTE, shots: ["vanilla", "caramel"] } });
      expect(design.beverage?.code).toBe(design.productCode);
      expect(design.description).toEqual([
        { label: "Size", value: "10 oz" },
        { label: "Strength", value: "Bold" },
        { label: "Milk", value: "Oat milk" },
        { label: "Sweetness", value: "Lightly sweet" },
        { label: "Flavor shots", value: "Vanilla and Caramel" },
      ]);
      const { designs, maxDesigns } = await list(customer.token);
      expect(designs.map((d) => d.recipeId)).toEqual([design.recipeId]);
      expect(maxDesigns).toBe(MAX_DESIGNS);
    });

    it("refuses bad input with a readable 400 naming the field, and saves nothing", async () => {
      const customer = await newCustomer();
      const productCode = (await options()).beverages[0]!.code;
      const brewer = (
        await db().selectFrom("product").select("code").where("product_type", "=", "Brewer").where("base_code", "is not", null).executeTakeFirstOrThrow()
      ).code;
      const cases: [Record<string, unknown>, string][] = [
        [{ name: "", productCode, ...LATTE }, "name"],
        [{ name: "x".repeat(41), productCode, ...LATTE }, "name"],
        [{ name: "<script>", productCode, ...LATTE }, "name"],
        [{ name: "Latte", productCode, ...LATTE, size: "20" }, "size"],
        [{ name: "Latte", productCode, ...LATTE, milk: "cream" }, "milk"],
        [{ name: "Latte", productCode, ...LATTE, shots: ["vanilla", "caramel", "mocha"] }, "shots"],
        [{ name: "Latte", productCode, ...LATTE, shots: ["vanilla", "vanilla"] }, "shots"],
        [{ name: "Latte", productCode: brewer, ...LATTE }, "productCode"],
        [{ name: "Latte", productCode: "NO-SUCH-POD", ...LATTE }, "productCode"],
      ];
      for (const [body, field] of cases) {
        const answer = await save(customer.token, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(error(answer)?.subject, JSON.stringify(body)).toBe(field);
        expect(error(answer)?.message.length).toBeGreaterThan(5);
      }
      expect(await designCount(customer.id)).toBe(0);
    });

    it(`keeps at most ${MAX_DESIGNS} designs per customer: the next is refused 409 with the reason`, async () => {
      const customer = await newCustomer();
      const productCode = (await options()).beverages[1]!.code;
      const at = new Date().toISOString();
      await db()
        .insertInto("drink_design")
        .values(
          Array.from({ length: MAX_DESIGNS }, (_, i) => ({
            site: "usb2c",
            customer_id: customer.id,
            name: `Drink ${i}`,
            product_code: productCode,
            size: "8",
            strength: "regular",
            milk: "none",
            sweetness: "none",
            shots: "",
            created_at: at,
            updated_at: at,
          })),
        )
        .execute();
      const answer = await save(customer.token, { name: "One too many", productCode, ...LATTE });
      expect(answer.status).toBe(409);
      expect(error(answer)).toMatchObject({ type: "DesignLimitError", reason: "tooManyDesigns" });
      expect(error(answer)?.message).toMatch(/up to 20 drinks/);
      expect(await designCount(customer.id)).toBe(MAX_DESIGNS);
    });

    it("answers 401 without a token", async () => {
      expect((await call("GET", "/usb2c/users/current/recipes")).status).toBe(401);
      expect((await save("", { name: "x", productCode: "x", ...LATTE })).status).toBe(401);
    });
  });

  describe("updateRecipe: rename and change", () => {
    it("renames a design and changes its choices, keeping what was not sent", async () => {
      const customer = await newCustomer();
      const design = await saved(customer.token);
      const renamed = await call("PUT", "/usb2c/users/current/recipes/updateRecipe", customer.token, { recipeId: design.recipeId, name: "  Weekend   latte " });
      expect(renamed.status).toBe(200);
      expect(DesignSchema.parse(renamed.body)).toMatchObject({ name: "Weekend latte", choices: design.choices });
      const other = (await options()).beverages[2]!.code;
      const changed = DesignSchema.parse(
        (
          await call("PUT", "/usb2c/users/current/recipes/updateRecipe", customer.token, {
            recipeId: design.recipeId,
            productCode: other,
            milk: "none",
            shots: [],
          })
        ).body,
      );
      expect(changed).toMatchObject({ name: "Weekend latte", productCode: other, choices: { ...design.choices, milk: "none", shots: [] } });
      expect((await list(customer.token)).designs[0]).toMatchObject({ name: "Weekend latte", productCode: other });
    });

    it("refuses a bad change with 400 and leaves the design as it was", async () => {
      const customer = await newCustomer();
      const design = await saved(customer.token);
      const answer = await call("PUT", "/usb2c/users/current/recipes/updateRecipe", customer.token, { recipeId: design.recipeId, name: "", sweetness: "lots" });
      expect(answer.status).toBe(400);
      expect((await list(customer.token)).designs[0]).toMatchObject({ name: design.name, choices: design.choices });
    });
  });

  describe("openDesignSpectrum: one design for the designer", () => {
    it("answers the customer's design", async () => {
      const customer = await newCustomer();
      const design = await saved(customer.token);
      const opened = await call("GET", `/usb2c/users/current/recipes/openDesignSpectrum?recipeId=${design.recipeId}`, customer.token);
      expect(opened.status).toBe(200);
      expect(DesignSchema.parse(opened.body)).toEqual(design);
      expect((await call("GET", "/usb2c/users/current/recipes/openDesignSpectrum?recipeId=abc", customer.token)).status).toBe(400);
    });

    it("answers in French on the Canadian store", async () => {
      const customer = await newCustomer("cab2c");
      const design = await saved(customer.token, "Latté du matin", "cab2c");
      const opened = DesignSchema.parse(
        (await call("GET", `/cab2c/users/current/recipes/openDesignSpectrum?recipeId=${design.recipeId}&lang=fr`, customer.token)).body,
      );
      expect(opened.name).toBe("Latté du matin");
      expect(opened.description.map((d) => d.label)).toEqual(["Format", "Intensité", "Lait", "Sucre", "Saveurs ajoutées"]);
      expect(opened.description[4]!.value).toBe("Vanille et Caramel");
    });
  });

  describe("another customer's design", () => {
    it("is not found (404) for every call, and is left as it was", async () => {
      const owner = await newCustomer();
      const other = await newCustomer();
      const design = await saved(owner.token);
      const answers = [
        await call("GET", `/usb2c/users/current/recipes/openDesignSpectrum?recipeId=${design.recipeId}`, other.token),
        await call("PUT", "/usb2c/users/current/recipes/updateRecipe", other.token, { recipeId: design.recipeId, name: "Mine now" }),
        await call("GET", `/usb2c/users/current/recipes/deleteRecipe?recipeId=${design.recipeId}`, other.token),
        await call("DELETE", `/usb2c/users/current/recipes/${design.recipeId}`, other.token),
        await call("POST", "/usb2c/users/current/addProductToCart", other.token, { productCode: design.productCode, recipeId: design.recipeId }),
      ];
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
      expect(error(answers[0]!)?.message).toBe("You have no saved drink with this number.");
      expect((await list(other.token)).designs).toEqual([]);
      expect((await list(owner.token)).designs).toEqual([design]);
    });

    it("of the same customer on another store is not found either", async () => {
      const customer = await newCustomer();
      const design = await saved(customer.token);
      expect((await call("GET", `/usb2c/users/current/recipes/openDesignSpectrum?recipeId=${design.recipeId + 1_000_000}`, customer.token)).status).toBe(404);
    });
  });

  describe("deleteRecipe", () => {
    it("deletes with the spec's GET, never cached, and with DELETE; a second delete is 404", async () => {
      const customer = await newCustomer();
      const first = await saved(customer.token, "First");
      const second = await saved(customer.token, "Second");
      const res = await fetch(`${suite.api().baseUrl}/rest/v2/usb2c/users/current/recipes/deleteRecipe?recipeId=${first.recipeId}`, {
        headers: { Authorization: `Bearer ${customer.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toContain("no-store");
      expect(DeletedRecipeSchema.parse(await res.json())).toEqual({ recipeId: first.recipeId, deleted: true });
      expect((await call("DELETE", `/usb2c/users/current/recipes/${second.recipeId}`, customer.token)).status).toBe(200);
      expect((await list(customer.token)).designs).toEqual([]);
      expect((await call("DELETE", `/usb2c/users/current/recipes/${second.recipeId}`, customer.token)).status).toBe(404);
      expect((await call("GET", "/usb2c/users/current/recipes/deleteRecipe", customer.token)).status).toBe(400);
    });
  });

  describe("a design's pods in the cart and the order", () => {
    it("adds the pods with the recipe on their own line, shown in the cart and kept by the order after the design is renamed and deleted", async () => {
      const customer = await newCustomer();
      const design = await saved(customer.token);
      await db().updateTable("stock").set({ level: 10_000 }).where("product_code", "=", design.productCode).execute();
      const plain = await call("POST", "/usb2c/users/current/addProductToCart", customer.token, { productCode: design.productCode, qty: 1 });
      expect(plain.status).toBe(200);
      const withRecipe = await call("POST", "/usb2c/users/current/addProductToCart", customer.token, {
        productCode: design.productCode,
        qty: 2,
        recipeId: String(design.recipeId),
      });
      expect(withRecipe.status, JSON.stringify(withRecipe.body)).toBe(200);
      const again = CartModificationSchema.parse(
        (await call("POST", "/usb2c/users/current/addProductToCart", customer.token, { productCode: design.productCode, qty: 1, recipeId: design.recipeId }))
          .body,
      );
      expect(again.quantity).toBe(3);
      const cart = CartSchema.parse((await call("GET", "/usb2c/users/current/carts/current", customer.token)).body);
      expect(cart.entries.map((e) => [e.product.code, e.quantity, e.recipe?.name])).toEqual([
        [design.productCode, 1, undefined],
        [design.productCode, 3, "Morning latte"],
      ]);
      expect(cart.entries[1]!.recipe).toEqual({
        recipeId: design.recipeId,
        name: design.name,
        choices: design.choices,
        description: design.description,
        label: "For your drink “Morning latte”",
        summary: "Size: 10 oz · Strength: Bold · Milk: Oat milk · Sweetness: Lightly sweet · Flavor shots: Vanilla and Caramel",
      });

      const guid = cart.guid;
      const withAddress = CheckoutSchema.parse(
        (await call("POST", `/usb2c/users/current/carts/${guid}/addresses/delivery`, customer.token, { address: NY_ADDRESS })).body,
      );
      expect(
        (await call("PUT", `/usb2c/users/current/carts/${guid}/updateDeliveryDetails`, customer.token, { deliveryModeId: withAddress.deliveryModes[0]!.code }))
          .status,
      ).toBe(200);
      expect((await call("POST", `/usb2c/users/current/carts/${guid}/paymentdetails`, customer.token, APPROVED_CARD)).status).toBe(201);
      const ready = CheckoutSchema.parse((await call("GET", `/usb2c/users/current/carts/${guid}/checkout`, customer.token)).body);
      expect(ready.cart.entries[1]!.recipe?.name).toBe("Morning latte");
      const placed = await call("POST", `/usb2c/users/current/orders?cartId=${guid}`, customer.token, {
        checkoutKey: randomBytes(16).toString("hex"),
        expectedTotal: ready.totalPriceWithTax.minor,
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const order = OrderSchema.parse(placed.body);

      expect((await call("PUT", "/usb2c/users/current/recipes/updateRecipe", customer.token, { recipeId: design.recipeId, name: "Renamed" })).status).toBe(200);
      expect((await call("DELETE", `/usb2c/users/current/recipes/${design.recipeId}`, customer.token)).status).toBe(200);
      const kept = OrderSchema.parse((await call("GET", `/usb2c/users/current/orders/${order.code}`, customer.token)).body);
      expect(kept.entries.map((e) => [e.quantity, e.recipe?.name])).toEqual([
        [1, undefined],
        [3, "Morning latte"],
      ]);
      expect(kept.entries[1]!.recipe?.description).toEqual(design.description);
    });

    it("keeps the design's line apart when a guest's cart of the same pods joins the member's at sign-in", async () => {
      const customer = await newCustomer();
      const design = await saved(customer.token);
      await db().updateTable("stock").set({ level: 10_000 }).where("product_code", "=", design.productCode).execute();
      expect(
        (await call("POST", "/usb2c/users/current/addProductToCart", customer.token, { productCode: design.productCode, qty: 2, recipeId: design.recipeId }))
          .status,
      ).toBe(200);
      const guest = CartModificationSchema.parse(
        (await call("POST", "/usb2c/users/anonymous/addProductToCart", undefined, { productCode: design.productCode, qty: 1 })).body,
      );
      const merged = await call("POST", "/usb2c/users/current/carts/merge", customer.token, { anonymousCartGuid: guest.cartGuid });
      expect(merged.status, JSON.stringify(merged.body)).toBe(200);
      const cart = CartSchema.parse((await call("GET", "/usb2c/users/current/carts/current", customer.token)).body);
      expect(cart.entries.map((e) => [e.quantity, e.recipe?.name])).toEqual([
        [2, "Morning latte"],
        [1, undefined],
      ]);
    });

    it("refuses recipe data that does not fit the line: another beverage, an auto-delivery, a guest", async () => {
      const customer = await newCustomer();
      const design = await saved(customer.token);
      const other = (await options()).beverages[3]!.code;
      const wrong = await call("POST", "/usb2c/users/current/addProductToCart", customer.token, { productCode: other, recipeId: design.recipeId });
      expect(wrong.status).toBe(400);
      expect(error(wrong)?.subject).toBe("productCode");
      const recurring = await call("POST", "/usb2c/users/current/addProductToCart", customer.token, {
        productCode: design.productCode,
        entryType: "ADC",
        recipeId: design.recipeId,
      });
      expect(recurring.status).toBe(400);
      expect(error(recurring)?.subject).toBe("entryType");
      const guest = await call("POST", "/usb2c/users/anonymous/addProductToCart", undefined, { productCode: design.productCode, recipeId: design.recipeId });
      expect(guest.status).toBe(400);
      expect(error(guest)?.subject).toBe("recipeId");
      expect((await call("POST", "/usb2c/users/current/addProductToCart", customer.token, { productCode: design.productCode, recipeId: "x" })).status).toBe(
        400,
      );
      const current = await call("GET", "/usb2c/users/current/carts/current", customer.token);
      expect(current.status === 404 || CartSchema.parse(current.body).entries.length === 0).toBe(true);
    });
  });
});
