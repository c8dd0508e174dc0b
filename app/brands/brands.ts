import type { BrandId, Currency, Lang } from "../../commerce/contract/common";

export interface BrandConfig {
  id: BrandId;
  name: string;
  host: string;
  languages: Lang[];
  currency: Currency;
  phone: string;
  theme: { primary: string; accent: string; surface: string };
  /** Error-page shop links: [label key, path] */
  shopLinks: { en: string; fr: string; path: string }[];
}

const DEFAULTS: Record<BrandId, BrandConfig> = {
  usb2c: {
    id: "usb2c",
    name: "Brewfront",
    host: "www.brewfront.com",
    languages: ["en"],
    currency: "USD",
    phone: "1-800-555-0199",
    theme: { primary: "#5b3a29", accent: "#0b6e4f", surface: "#faf7f2" },
    shopLinks: [
      { en: "Coffee", fr: "Café", path: "/c/coffee" },
      { en: "Brewers", fr: "Cafetières", path: "/c/brewers" },
      { en: "Accessories", fr: "Accessoires", path: "/c/accessories" },
    ],
  },
  cab2c: {
    id: "cab2c",
    name: "Brewfront Canada",
    host: "www.brewfront.ca",
    languages: ["en", "fr"],
    currency: "CAD",
    phone: "1-800-555-0123",
    theme: { primary: "#7a2e1f", accent: "#b3261e", surface: "#fbf8f4" },
    shopLinks: [
      { en: "Coffee", fr: "Café", path: "/c/coffee" },
      { en: "Brewers", fr: "Cafetières", path: "/c/brewers" },
      { en: "Accessories", fr: "Accessoires", path: "/c/accessories" },
    ],
  },
  usafh: {
    id: "usafh",
    name: "Brewfront Commercial",
    host: "commercial.brewfront.com",
    languages: ["en"],
    currency: "USD",
    phone: "1-800-555-0142",
    theme: { primary: "#1f3a5f", accent: "#0b6e4f", surface: "#f5f7fa" },
    shopLinks: [
      { en: "Bulk Coffee", fr: "Café en vrac", path: "/c/coffee" },
      { en: "Commercial Brewers", fr: "Cafetières commerciales", path: "/c/brewers" },
      { en: "Breakroom Supplies", fr: "Fournitures", path: "/c/accessories" },
    ],
  },
};

/**
 * Brand settings with environment overrides: BRAND_<ID>_NAME, _HOST, _PHONE, _PRIMARY, _ACCENT,
 * _SURFACE (e.g. BRAND_CAB2C_PHONE=1-800-555-0100). Read once at start-up.
 */
function withEnv(brand: BrandConfig, env: Record<string, string | undefined>): BrandConfig {
  const key = (field: string) => env[`BRAND_${brand.id.toUpperCase()}_${field}`];
  return {
    ...brand,
    name: key("NAME") ?? brand.name,
    host: (key("HOST") ?? brand.host).toLowerCase(),
    phone: key("PHONE") ?? brand.phone,
    theme: {
      primary: key("PRIMARY") ?? brand.theme.primary,
      accent: key("ACCENT") ?? brand.theme.accent,
      surface: key("SURFACE") ?? brand.theme.surface,
    },
  };
}

/** Used only when even the root loader could not run (the error page still needs a brand). */
export const FALLBACK_BRAND = DEFAULTS.usb2c;

export function loadBrands(env: Record<string, string | undefined> = process.env): Record<BrandId, BrandConfig> {
  return {
    usb2c: withEnv(DEFAULTS.usb2c, env),
    cab2c: withEnv(DEFAULTS.cab2c, env),
    usafh: withEnv(DEFAULTS.usafh, env),
  };
}

/** Support details shared by every brand (spec §2, §9). */
export const SUPPORT = {
  hours: "7 days a week, 7:00 a.m. - 12:00 a.m. EST",
  hoursFr: "7 jours sur 7, de 7 h à minuit (HNE)",
  emailUsPath: "/content/support/email-us-page",
} as const;
