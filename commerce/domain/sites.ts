import type { BrandId, Currency, Lang } from "../contract/common";

/** What each site sells in: its one currency and its languages. */
export const SITE_CURRENCY: Record<BrandId, Currency> = { usb2c: "USD", cab2c: "CAD", usafh: "USD" };
export const SITE_LANGUAGES: Record<BrandId, Lang[]> = { usb2c: ["en"], cab2c: ["en", "fr"], usafh: ["en"] };

/** The name and public host mails sign with and link to. */
export const SITE_STORE: Record<BrandId, { name: string; host: string }> = {
  usb2c: { name: "Brewfront", host: "www.brewfront.com" },
  cab2c: { name: "Brewfront Canada", host: "www.brewfront.ca" },
  usafh: { name: "Brewfront Commercial", host: "commercial.brewfront.com" },
};
