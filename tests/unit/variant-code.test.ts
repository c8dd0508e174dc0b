import { describe, expect, it } from "vitest";
import { brandVarietyId, parseVariantCode } from "../../commerce/contract/variant-code";

describe("variant codes", () => {
  it("splits a four-part code with a numeric first part", () => {
    expect(parseVariantCode("5001-SMRG-KC-24")).toEqual({
      code: "5001-SMRG-KC-24",
      varietyNumber: "5001",
      brandId: "SMRG",
      brandVarietyId: "5001-SMRG",
      packCode: "KC",
      sizeCode: "24",
    });
  });

  it("takes the first two parts as the brand variety id", () => {
    expect(brandVarietyId("8003-BFBR-BRW-BLK")).toBe("8003-BFBR");
  });

  it.each(["ABC-SMRG-KC-24", "5001-SMRG-KC", "5001-SMRG-KC-24-X", "5001--KC-24", ""])("does not split %j", (code) => {
    expect(parseVariantCode(code)).toBeNull();
  });

  it.each(["5001-marker-KC-24", "5001-BUNDLE-KC-24", "5001-starter-pack-1", "5001-SMRG-collection-1", "BUNDLE-BREWER-STARTER-KIT"])(
    "never splits marker, bundle, starter-pack or collection codes: %s",
    (code) => {
      expect(parseVariantCode(code)).toBeNull();
    },
  );
});
