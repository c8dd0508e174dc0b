import type { BrandId, Currency, Lang } from "../contract/common";

/** What each site sells in: its one currency and its languages. */
export const SITE_CURRENCY: Record<BrandId, Currency> = { usb2c: "USD", cab2c: "CAD", usafh: "USD" };
export const SITE_LANGUAGES: Record<BrandId, Lang[]> = { usb2c: ["en"], cab2c: ["en", "fr"], usafh: ["en"] };
