import { describe, expect, it } from "vitest";
import { AddQuantitySchema, AddToCartRequestSchema, MAX_LINE_QUANTITY, PodsAtHomeQtySchema, UpdateQuantitySchema } from "../../commerce/contract/cart";
import { capAdd, checkLines, planMerge, podsAtHomeFor } from "../../commerce/domain/cart-rules";
import { ShopError } from "../../commerce/domain/errors";

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ShopError) return err.item;
    throw err;
  }
  throw new Error("expected a refusal");
};

describe("the line maximum and the stock on an add", () => {
  it("adds everything asked when both allow it", () => {
    expect(capAdd({ current: 2, requested: 3, otherLinesOfProduct: 0, stock: 50 })).toEqual({ quantity: 5, added: 3, statusCode: "success" });
  });

  it("caps at the line maximum of 24", () => {
    expect(MAX_LINE_QUANTITY).toBe(24);
    expect(capAdd({ current: 20, requested: 10, otherLinesOfProduct: 0, stock: 100 })).toEqual({
      quantity: 24,
      added: 4,
      statusCode: "maxOrderQuantityExceeded",
    });
  });

  it("caps at the stock left after the product's other lines", () => {
    expect(capAdd({ current: 1, requested: 5, otherLinesOfProduct: 3, stock: 6 })).toEqual({ quantity: 3, added: 2, statusCode: "lowStock" });
  });

  it("says lowStock when the stock is the tighter limit of the two", () => {
    expect(capAdd({ current: 20, requested: 10, otherLinesOfProduct: 0, stock: 22 }).statusCode).toBe("lowStock");
  });

  it("refuses an add of nothing, with the quantity still available", () => {
    expect(refusal(() => capAdd({ current: 3, requested: 1, otherLinesOfProduct: 0, stock: 3 }))).toMatchObject({
      type: "InsufficientStockError",
      availableQuantity: 0,
    });
    expect(refusal(() => capAdd({ current: 0, requested: 1, otherLinesOfProduct: 0, stock: 0 }))).toMatchObject({ reason: "noStock" });
    expect(refusal(() => capAdd({ current: 24, requested: 1, otherLinesOfProduct: 0, stock: 100 }))).toMatchObject({
      type: "CartEntryError",
      reason: "maxOrderQuantityExceeded",
    });
  });

  it("never cuts a line that already holds more than the stock now allows", () => {
    expect(refusal(() => capAdd({ current: 5, requested: 2, otherLinesOfProduct: 0, stock: 2 }))).toMatchObject({ availableQuantity: 0 });
  });
});

describe("quantities as the storefront sends them", () => {
  it("reads whole numbers from JSON and from form fields; 1 when absent or empty", () => {
    expect(AddQuantitySchema.parse(undefined)).toBe(1);
    expect(AddQuantitySchema.parse("")).toBe(1);
    expect(AddQuantitySchema.parse("7")).toBe(7);
    expect(AddQuantitySchema.parse(24)).toBe(24);
    for (const bad of [0, -1, 25, 1.5, "1.5", "two", " 3", "1e2", true, {}]) expect(AddQuantitySchema.safeParse(bad).success, String(bad)).toBe(false);
  });

  it("lets an update set 0 (removal)", () => {
    expect(UpdateQuantitySchema.parse("0")).toBe(0);
    expect(UpdateQuantitySchema.safeParse(-1).success).toBe(false);
  });

  it("drops unknown fields, a price among them", () => {
    const parsed = AddToCartRequestSchema.parse({ productCode: "X", price: 1, basePrice: { value: 0 } });
    expect(parsed).toEqual({ productCode: "X", entryType: "STD", qty: 1 });
  });
});

describe("pods at home", () => {
  it("treats empty as absent and reads numbers from text", () => {
    expect(PodsAtHomeQtySchema.parse("")).toBeUndefined();
    expect(PodsAtHomeQtySchema.parse(null)).toBeUndefined();
    expect(PodsAtHomeQtySchema.parse(undefined)).toBeUndefined();
    expect(PodsAtHomeQtySchema.parse("12")).toBe(12);
    expect(PodsAtHomeQtySchema.parse(0)).toBe(0);
    for (const bad of ["lots", -1, 2.5, 10_000]) expect(PodsAtHomeQtySchema.safeParse(bad).success, String(bad)).toBe(false);
  });

  it("is stored only on ADC and ADCF lines", () => {
    expect(podsAtHomeFor("ADC", 12)).toBe(12);
    expect(podsAtHomeFor("ADCF", 0)).toBe(0);
    expect(podsAtHomeFor("STD", undefined)).toBeNull();
    expect(podsAtHomeFor("ADF", undefined)).toBeNull();
    expect(refusal(() => podsAtHomeFor("STD", 3))).toMatchObject({ type: "ValidationError", subject: "podsAtHomeQty" });
    expect(refusal(() => podsAtHomeFor("ADF", 3))).toMatchObject({ subject: "podsAtHomeQty" });
  });
});

describe("merging a guest cart into a member's", () => {
  const line = (productCode: string, quantity: number, entryType: "STD" | "ADC" = "STD") => ({ productCode, entryType, quantity });
  const stock = (levels: Record<string, number>) => (code: string) => levels[code];

  it("sums the same product and entry type, keeps entry types apart", () => {
    const plan = planMerge(
      [line("A", 3)],
      [
        { ...line("A", 5), podsAtHomeQty: null },
        { ...line("A", 2, "ADC"), podsAtHomeQty: 6 },
      ],
      stock({ A: 100 }),
    );
    expect(plan.lines).toEqual([
      { productCode: "A", entryType: "STD", quantity: 8, podsAtHomeQty: null },
      { productCode: "A", entryType: "ADC", quantity: 2, podsAtHomeQty: 6 },
    ]);
    expect(plan.changes).toEqual([]);
  });

  it("caps at the line maximum and at the stock of the product's lines together, saying which", () => {
    const plan = planMerge(
      [line("A", 20), line("B", 4)],
      [
        { ...line("A", 10), podsAtHomeQty: null },
        { ...line("B", 4, "ADC"), podsAtHomeQty: null },
      ],
      stock({ A: 100, B: 6 }),
    );
    expect(plan.lines).toEqual([
      { productCode: "A", entryType: "STD", quantity: 24, podsAtHomeQty: null },
      { productCode: "B", entryType: "ADC", quantity: 2, podsAtHomeQty: null },
    ]);
    expect(plan.changes).toEqual([
      { productCode: "A", entryType: "STD", requested: 30, kept: 24, reason: "maxQuantity" },
      { productCode: "B", entryType: "ADC", requested: 4, kept: 2, reason: "stock" },
    ]);
  });

  it("leaves out products no longer sold and never lowers the member's own line", () => {
    const plan = planMerge(
      [line("A", 5)],
      [
        { ...line("A", 1), podsAtHomeQty: null },
        { ...line("Z", 2), podsAtHomeQty: null },
      ],
      stock({ A: 3 }),
    );
    expect(plan.lines).toEqual([]);
    expect(plan.changes).toEqual([
      { productCode: "A", entryType: "STD", requested: 6, kept: 5, reason: "stock" },
      { productCode: "Z", entryType: "STD", requested: 2, kept: 0, reason: "unavailable" },
    ]);
  });
});

describe("checking a cart before checkout", () => {
  it("fits the product's lines into the stock in line order and reports what goes", () => {
    const changes = checkLines(
      [
        { productCode: "A", entryType: "STD", quantity: 4 },
        { productCode: "A", entryType: "ADC", quantity: 4 },
        { productCode: "B", entryType: "STD", quantity: 1 },
        { productCode: "C", entryType: "STD", quantity: 2 },
      ],
      (code) => ({ A: 6, C: 5 })[code],
    );
    expect(changes).toEqual([
      { productCode: "A", entryType: "ADC", requested: 4, kept: 2, reason: "stock" },
      { productCode: "B", entryType: "STD", requested: 1, kept: 0, reason: "unavailable" },
    ]);
  });
});
