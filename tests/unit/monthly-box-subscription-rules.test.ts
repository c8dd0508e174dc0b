import { describe, expect, it } from "vitest";
import { monthlyBoxMessagesFor } from "../../commerce/domain/monthly-box-messages";
import { boxPlacedFor, carryOverPicks, spreadBoxPrice } from "../../commerce/domain/monthly-box-rules";
import { resumedBoxDate } from "../../commerce/domain/monthly-box-subscriptions";

/** The monthly box once subscribed (decision 067): its price over its lines, carrying picks over, its months. */

describe("the box's price spread over its lines", () => {
  it("gives every K-Cup box the even share and the remainder to the first line, adding up to exactly the price", () => {
    expect(spreadBoxPrice(5999, [2, 1, 1])).toEqual([
      { unitMinor: 1499, totalMinor: 3001 },
      { unitMinor: 1499, totalMinor: 1499 },
      { unitMinor: 1499, totalMinor: 1499 },
    ]);
    expect(spreadBoxPrice(7899, [4])).toEqual([{ unitMinor: 1974, totalMinor: 7899 }]);
  });

  it.each([
    [5999, [1, 1, 1, 1]],
    [7899, [3, 1]],
    [100, [1, 2]],
    [1, [1, 1, 1]],
  ])("adds %i over %j back to the price", (priceMinor, quantities) => {
    const lines = spreadBoxPrice(priceMinor, quantities);
    expect(lines.reduce((sum, l) => sum + l.totalMinor, 0)).toBe(priceMinor);
    expect(lines.every((l) => Number.isInteger(l.unitMinor) && l.totalMinor >= 0)).toBe(true);
  });

  it("has no lines for an empty pick", () => {
    expect(spreadBoxPrice(5999, [])).toEqual([]);
  });
});

describe("carrying a month's picks over", () => {
  const offered = ["A", "B", "C", "D"];

  it("keeps every pick the month still offers, with its quantity", () => {
    expect(
      carryOverPicks(
        [
          { code: "B", quantity: 3 },
          { code: "C", quantity: 1 },
        ],
        offered,
      ),
    ).toEqual({
      picks: [
        { code: "B", quantity: 3 },
        { code: "C", quantity: 1 },
      ],
      swaps: [],
      full: true,
    });
  });

  it("gives the boxes of a product that left the selection to the selection's first product", () => {
    const carried = carryOverPicks(
      [
        { code: "GONE", quantity: 2 },
        { code: "C", quantity: 2 },
      ],
      offered,
    );
    expect(carried.picks).toEqual([
      { code: "C", quantity: 2 },
      { code: "A", quantity: 2 },
    ]);
    expect(carried.swaps).toEqual([{ code: "GONE", quantity: 2, replacedBy: ["A"] }]);
  });

  it("adds to a product already picked when it comes first in the selection", () => {
    expect(
      carryOverPicks(
        [
          { code: "A", quantity: 1 },
          { code: "GONE", quantity: 3 },
        ],
        offered,
      ).picks,
    ).toEqual([{ code: "A", quantity: 4 }]);
  });

  it("with stock, swaps a pick short of stock and spreads the boxes over the next products with stock", () => {
    const stock = new Map([
      ["A", 1],
      ["B", 0],
      ["C", 10],
      ["D", 10],
    ]);
    const carried = carryOverPicks(
      [
        { code: "B", quantity: 2 },
        { code: "D", quantity: 2 },
      ],
      offered,
      stock,
    );
    expect(carried.picks).toEqual([
      { code: "D", quantity: 2 },
      { code: "A", quantity: 1 },
      { code: "C", quantity: 1 },
    ]);
    expect(carried.swaps).toEqual([{ code: "B", quantity: 2, replacedBy: ["A", "C"] }]);
    expect(carried.full).toBe(true);
  });

  it("says when the month's products cannot fill the box", () => {
    const carried = carryOverPicks([{ code: "GONE", quantity: 4 }], ["A"], new Map([["A", 3]]));
    expect(carried.full).toBe(false);
    expect(carried.picks).toEqual([{ code: "A", quantity: 3 }]);
  });

  it("never puts more than a line's maximum on one product", () => {
    const carried = carryOverPicks([{ code: "GONE", quantity: 4 }], ["A", "B"], undefined, 3);
    expect(carried.picks).toEqual([
      { code: "A", quantity: 3 },
      { code: "B", quantity: 1 },
    ]);
  });

  it("carries nothing over from nothing", () => {
    expect(carryOverPicks([], offered)).toEqual({ picks: [], swaps: [], full: true });
  });
});

describe("a month's box is placed once the subscription's next box is in a later month", () => {
  it.each([
    ["2026-12", "2027-01-10", true],
    ["2027-01", "2027-01-10", false],
    ["2027-02", "2027-01-10", false],
  ])("%s with the next box on %s: placed %s", (month, next, placed) => {
    expect(boxPlacedFor(month, next)).toBe(placed);
  });
});

describe("a paused box resumes on its box day", () => {
  it("keeps the stored next box while it is ahead", () => {
    expect(resumedBoxDate({ next_delivery_date: "2027-01-10" }, "2026-12-20")).toBe("2027-01-10");
  });

  it("takes this month's box day when it is still to come, else next month's", () => {
    expect(resumedBoxDate({ next_delivery_date: "2026-10-10" }, "2026-12-05")).toBe("2026-12-10");
    expect(resumedBoxDate({ next_delivery_date: "2026-10-10" }, "2026-12-20")).toBe("2027-01-10");
  });
});

describe("the subscription's words", () => {
  it("say what a monthly box refuses and why a month cannot change, in three languages", () => {
    const us = monthlyBoxMessagesFor("en", "usb2c").subscription;
    const fr = monthlyBoxMessagesFor("fr", "cab2c").subscription;
    const ca = monthlyBoxMessagesFor("en", "cab2c").subscription;
    expect(us.unchangeable.placed).toBe("This month's box has already been ordered: its picks can no longer be changed.");
    expect(ca.refused).toBe(us.refused);
    expect(fr.unchangeable.placed).toBe("La boîte de ce mois a déjà été commandée\u00a0: ses choix ne peuvent plus être modifiés.");
    expect(fr.swapped("Moka", "Colombie")).toBe("Moka ne fait pas partie de la sélection de ce mois\u00a0: Colombie le remplace.");
    expect(us.inCart({ price: "$59.99", boxPods: 96 })).toBe("Monthly box: 96 pods for $59.99 a month, standard delivery included.");
  });
});
