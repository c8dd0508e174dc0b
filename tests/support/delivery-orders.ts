import type { DeliveryModesInput } from "../../commerce/domain/delivery-modes";

/** Friday 4 December 2026, 10:00 in New York: before the 2 p.m. cut-off. */
export const FRIDAY_MORNING = new Date("2026-12-04T15:00:00Z");

/** A $25 order on the US consumer store to New York on that Friday morning, below the $49 free-shipping minimum. */
export const usOrder = (over: Partial<DeliveryModesInput> = {}): DeliveryModesInput => ({
  site: "usb2c",
  lang: "en",
  subtotalMinor: 2500,
  freeShippingMinimumMinor: 4900,
  country: "US",
  region: "NY",
  today: FRIDAY_MORNING,
  ...over,
});
