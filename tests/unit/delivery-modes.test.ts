import { describe, expect, it } from "vitest";
import { DeliveryModeSchema, freeShippingGap } from "../../commerce/contract/checkout-pricing";
import { formatMoney } from "../../commerce/contract/money";
import { deliveryModesFor, type DeliveryModesInput } from "../../commerce/domain/delivery-modes";
import { ShopError } from "../../commerce/domain/errors";
import { usOrder } from "../support/delivery-orders";

const byCode = (input: DeliveryModesInput) => Object.fromEntries(deliveryModesFor(input).map((m) => [m.code, m]));

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ShopError) return { kind: err.kind, ...err.item };
    throw err;
  }
  throw new Error("expected a refusal");
};

describe("free standard delivery from the site's minimum", () => {
  it("is free at exactly the minimum", () => {
    const standard = byCode(usOrder({ subtotalMinor: 4900 })).standard!;
    expect(standard).toMatchObject({ costMinor: 0, free: true });
  });

  it("costs its price one cent below the minimum", () => {
    expect(byCode(usOrder({ subtotalMinor: 4899 })).standard).toMatchObject({ costMinor: 695, free: false });
  });

  it("never makes the faster modes free", () => {
    const modes = byCode(usOrder({ subtotalMinor: 50_000 }));
    expect(modes.expedited).toMatchObject({ costMinor: 1495, free: false });
    expect(modes.overnight).toMatchObject({ costMinor: 2495, free: false });
  });

  it("uses each store's own minimum and prices: the commercial store from $99, Canada from $59 CAD", () => {
    expect(byCode(usOrder({ site: "usafh", subtotalMinor: 9899, freeShippingMinimumMinor: 9900 })).standard).toMatchObject({ costMinor: 1295, free: false });
    expect(byCode(usOrder({ site: "usafh", subtotalMinor: 9900, freeShippingMinimumMinor: 9900 })).standard).toMatchObject({ costMinor: 0, free: true });
    const canada = usOrder({ site: "cab2c", country: "CA", region: "ON", subtotalMinor: 5900, freeShippingMinimumMinor: 5900 });
    expect(byCode(canada).standard).toMatchObject({ costMinor: 0, free: true });
    expect(byCode({ ...canada, subtotalMinor: 5899 }).standard).toMatchObject({ costMinor: 995, free: false });
  });

  it("gives no free shipping when the minimum is not configured", () => {
    expect(byCode(usOrder({ subtotalMinor: 100_000, freeShippingMinimumMinor: Number.NaN })).standard).toMatchObject({ costMinor: 695, free: false });
  });

  it("says how far the shopper is from free shipping, to the cent", () => {
    expect(formatMoney(freeShippingGap(3699, 4900), "USD", "en")).toBe("$12.01");
    expect(freeShippingGap(4899, 4900)).toBe(1);
    expect(freeShippingGap(4900, 4900)).toBe(0);
    expect(freeShippingGap(7000, 4900)).toBe(0);
  });
});

describe("which modes each store offers", () => {
  it("offers standard, expedited and overnight on the US consumer store, cheapest first", () => {
    const modes = deliveryModesFor(usOrder());
    expect(modes.map((m) => [m.code, m.name, m.costMinor])).toEqual([
      ["standard", "Standard delivery", 695],
      ["expedited", "Expedited delivery", 1495],
      ["overnight", "Overnight delivery", 2495],
    ]);
    for (const mode of modes) expect(DeliveryModeSchema.parse(mode)).toEqual(mode);
  });

  it("offers no overnight delivery on the commercial store nor in Canada", () => {
    expect(deliveryModesFor(usOrder({ site: "usafh" })).map((m) => m.code)).toEqual(["standard", "expedited"]);
    expect(deliveryModesFor(usOrder({ site: "cab2c", country: "CA", region: "QC" })).map((m) => m.code)).toEqual(["standard", "expedited"]);
  });

  it("offers no overnight delivery to Alaska and Hawaii, and standard mail only to military post offices", () => {
    expect(deliveryModesFor(usOrder({ region: "AK" })).map((m) => m.code)).toEqual(["standard", "expedited"]);
    expect(deliveryModesFor(usOrder({ region: "HI" })).map((m) => m.code)).toEqual(["standard", "expedited"]);
    expect(deliveryModesFor(usOrder({ region: "AE" })).map((m) => m.code)).toEqual(["standard"]);
  });

  it("offers every mode before the delivery address is known", () => {
    expect(deliveryModesFor(usOrder({ region: undefined })).map((m) => m.code)).toEqual(["standard", "expedited", "overnight"]);
  });

  it("names the modes in French on the Canadian store's French pages", () => {
    expect(deliveryModesFor(usOrder({ site: "cab2c", lang: "fr", country: "CA", region: "QC" })).map((m) => m.name)).toEqual([
      "Livraison standard",
      "Livraison accélérée",
    ]);
  });
});

describe("arrival estimates in business days", () => {
  it("counts from today when the order is placed before 2 p.m. Eastern on a weekday, skipping the weekend", () => {
    const modes = byCode(usOrder());
    expect(modes.standard!.estimate).toEqual({ earliest: "2026-12-08", latest: "2026-12-11" });
    expect(modes.expedited!.estimate).toEqual({ earliest: "2026-12-07", latest: "2026-12-08" });
    expect(modes.overnight!.estimate).toEqual({ earliest: "2026-12-07", latest: "2026-12-07" });
  });

  it("counts from the next business day after the cut-off and at the weekend", () => {
    const afterCutoff = byCode(usOrder({ today: new Date("2026-12-04T19:30:00Z") }));
    expect(afterCutoff.overnight!.estimate).toEqual({ earliest: "2026-12-08", latest: "2026-12-08" });
    expect(afterCutoff.standard!.estimate).toEqual({ earliest: "2026-12-09", latest: "2026-12-14" });
    const saturday = byCode(usOrder({ today: new Date("2026-12-05T14:00:00Z") }));
    expect(saturday.overnight!.estimate).toEqual({ earliest: "2026-12-08", latest: "2026-12-08" });
  });

  it("takes the cut-off in New York's time, daylight saving included", () => {
    // Friday 10 July 2026: 13:59 EDT is 17:59 UTC.
    expect(byCode(usOrder({ today: new Date("2026-07-10T17:59:00Z") })).overnight!.estimate.earliest).toBe("2026-07-13");
    expect(byCode(usOrder({ today: new Date("2026-07-10T18:00:00Z") })).overnight!.estimate.earliest).toBe("2026-07-14");
    // Friday 4 December 2026: 13:59 EST is 18:59 UTC.
    expect(byCode(usOrder({ today: new Date("2026-12-04T18:59:00Z") })).overnight!.estimate.earliest).toBe("2026-12-07");
  });

  it("takes longer to Canada's territories than to the provinces", () => {
    const ontario = byCode(usOrder({ site: "cab2c", country: "CA", region: "ON" })).standard!.estimate;
    const nunavut = byCode(usOrder({ site: "cab2c", country: "CA", region: "NU" })).standard!.estimate;
    expect(ontario).toEqual({ earliest: "2026-12-09", latest: "2026-12-15" });
    expect(nunavut.latest > ontario.latest).toBe(true);
  });
});

describe("what deliveryModesFor refuses", () => {
  it("refuses a country the store does not deliver to", () => {
    expect(refusal(() => deliveryModesFor(usOrder({ site: "cab2c" })))).toMatchObject({ kind: "invalid", subject: "country" });
    expect(refusal(() => deliveryModesFor(usOrder({ country: "CA", region: "ON" })))).toMatchObject({ subject: "country" });
  });

  it("refuses a region that is not one of the country's", () => {
    expect(refusal(() => deliveryModesFor(usOrder({ region: "ON" })))).toMatchObject({ subject: "region" });
  });

  it("refuses a subtotal that is not whole minor units, an unknown store and an invalid date", () => {
    expect(refusal(() => deliveryModesFor(usOrder({ subtotalMinor: -5 })))).toMatchObject({ subject: "subtotalMinor" });
    expect(refusal(() => deliveryModesFor(usOrder({ site: "constructor" as "usb2c" })))).toMatchObject({ subject: "site" });
    expect(refusal(() => deliveryModesFor(usOrder({ today: new Date("not a date") })))).toMatchObject({ subject: "today" });
  });
});
