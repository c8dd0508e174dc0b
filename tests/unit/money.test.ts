import { describe, expect, it } from "vitest";
import { formatDiscount, formatMoney, lineTotal } from "../../commerce/contract/money";

const nbsp = "\u00a0";

describe("money formatting per locale", () => {
  it("formats US dollars for en-US", () => {
    expect(formatMoney(1299, "USD", "en")).toBe("$12.99");
    expect(formatMoney(123456, "USD", "en")).toBe("$1,234.56");
  });
  it("formats Canadian dollars in English with a plain $", () => {
    expect(formatMoney(1299, "CAD", "en")).toBe("$12.99");
  });
  it("formats Canadian dollars in French as 12,99 $", () => {
    expect(formatMoney(1299, "CAD", "fr")).toBe(`12,99${nbsp}$`);
    expect(formatMoney(123456, "CAD", "fr")).toBe(`1${"\u00a0"}234,56${nbsp}$`);
  });
});

describe("money arithmetic (two-decimal discounts, eight-decimal line totals)", () => {
  it("shows discounts with two decimals", () => {
    expect(formatDiscount(2)).toBe("2.00");
    expect(formatDiscount(1.005)).toBe("1.01");
    expect(formatDiscount(3.14159)).toBe("3.14");
  });
  it("computes price times quantity to 8 decimals", () => {
    expect(lineTotal(0.1, 3)).toBe(0.3);
    expect(lineTotal(17.99, 3)).toBe(53.97);
    expect(lineTotal(1.123456789, 1)).toBe(1.12345679);
  });
});
