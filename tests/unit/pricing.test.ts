import { describe, expect, it } from "vitest";
import { parseBadge } from "../../commerce/domain/badge";
import { resolvePriceBlocks } from "../../commerce/domain/pricing";
import { eligibilityFlags, isPlainProduct, packUnit } from "../../commerce/domain/product";
import { limitProductCodes } from "../../commerce/domain/product-codes";
import { stockOf } from "../../commerce/domain/stock";

const row = (kind: string, value: number, user_group = "") => ({ kind, value, user_group });

describe("price block precedence", () => {
  it("charges the list price when nothing is lower", () => {
    const b = resolvePriceBlocks([row("list", 1799)], "USD", "en", [])!;
    expect(b.priceData.minor).toBe(1799);
    expect(b.originalPriceData).toBeUndefined();
    expect(b.isDiscountPrice).toBe(false);
  });
  it("charges the lowest of discount and promoted and strikes the list price through", () => {
    const b = resolvePriceBlocks([row("list", 2000), row("discount", 1700), row("promoted", 1800)], "USD", "en", [])!;
    expect(b.priceData.minor).toBe(1700);
    expect(b.originalPriceData?.minor).toBe(2000);
    expect(b.isDiscountPrice).toBe(true);
  });
  it("gives the personalised price only to members of its user group", () => {
    const rows = [row("list", 2000), row("personalized", 1900, "perks")];
    expect(resolvePriceBlocks(rows, "USD", "en", [])!.priceData.minor).toBe(2000);
    expect(resolvePriceBlocks(rows, "USD", "en", ["perks"])!.priceData.minor).toBe(1900);
  });
  it("reports the campaign price without charging it", () => {
    const b = resolvePriceBlocks([row("list", 10000), row("campaign", 5000)], "CAD", "fr", [])!;
    expect(b.priceData.minor).toBe(10000);
    expect(b.campaignPriceData?.formattedValue).toBe("50,00\u00a0$");
  });
  it("has no price without a list price", () => {
    expect(resolvePriceBlocks([row("discount", 100)], "USD", "en", [])).toBeNull();
  });
});

describe("stock status", () => {
  it("is out of stock at zero, low at ten or fewer, else in stock", () => {
    expect(stockOf(0).stockLevelStatus).toBe("outOfStock");
    expect(stockOf(10).stockLevelStatus).toBe("lowStock");
    expect(stockOf(11).stockLevelStatus).toBe("inStock");
  });
});

describe("badges (text||foreground||background)", () => {
  it("reads the three parts", () => {
    expect(parseBadge("NEW||#ffffff||#0b6e4f")).toEqual({ text: "NEW", foreground: "#ffffff", background: "#0b6e4f" });
  });
  it("accepts another separator", () => {
    expect(parseBadge("SALE;#000;#fff", ";")).toEqual({ text: "SALE", foreground: "#000", background: "#fff" });
  });
  it("replaces a colour that is not a hex colour (no CSS injection)", () => {
    expect(parseBadge("HOT||red;background:url(x)||#000")?.foreground).toBe("#ffffff");
  });
  it("has no badge without text", () => {
    expect(parseBadge("")).toBeUndefined();
    expect(parseBadge("||#fff||#000")).toBeUndefined();
  });
});

describe("pack units (oz for bagged and canned, ct otherwise)", () => {
  it("shows Bagged and Canned in oz and everything else in ct", () => {
    expect(packUnit("Bagged")).toBe("oz");
    expect(packUnit("Canned")).toBe("oz");
    expect(packUnit("KCup")).toBe("ct");
    expect(packUnit(null)).toBe("ct");
  });
});

describe("plain products", () => {
  it("is plain only when no eligibility flag is set", () => {
    expect(isPlainProduct(eligibilityFlags("{}"))).toBe(true);
    expect(isPlainProduct(eligibilityFlags('{"isVirtualProduct":true}'))).toBe(false);
    expect(isPlainProduct(eligibilityFlags("not json"))).toBe(true);
  });
});

describe("product details size", () => {
  it("keeps only the first that many codes", () => {
    expect(limitProductCodes(["a", "b", "c", "d"], 2)).toEqual(["a", "b"]);
    expect(limitProductCodes(["a", "a", "b"], 2)).toEqual(["a", "b"]);
  });
});
