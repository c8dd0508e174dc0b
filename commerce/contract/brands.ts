import { z } from "zod";
import { BRAND_IDS, type BrandId, type Currency, type Lang } from "./common";

/**
 * The one source of brand and site facts. The storefront (host resolution, header, footer, theme)
 * and the commerce service (currencies, languages, the host and name that mails link to and sign
 * with) both read these, so overriding a brand's host moves every link at once.
 */
export interface BrandFacts {
  id: BrandId;
  /** The store's name as shoppers see it and mails sign with. */
  name: string;
  /** Public www host: brand resolution, canonical links, links in mails. */
  host: string;
  languages: Lang[];
  /** A site sells in exactly one currency. */
  currency: Currency;
  /** Toll-free customer-service number. 555-01xx numbers are reserved for fiction. */
  phone: string;
  /** The store's own time (IANA zone): times shown to its staff, such as the agents' audit log, are in it. */
  timeZone: string;
  theme: { primary: string; accent: string; surface: string };
  /** The error page's shop links: a label per language and the path. */
  shopLinks: { en: string; fr: string; path: string }[];
}

const CONSUMER_SHOP_LINKS = [
  { en: "Coffee", fr: "Café", path: "/c/coffee" },
  { en: "Brewers", fr: "Cafetières", path: "/c/brewers" },
  { en: "Accessories", fr: "Accessoires", path: "/c/accessories" },
];

export const BRAND_DEFAULTS: Readonly<Record<BrandId, BrandFacts>> = {
  usb2c: {
    id: "usb2c",
    name: "Brewfront",
    host: "www.brewfront.com",
    languages: ["en"],
    currency: "USD",
    phone: "1-800-555-0199",
    timeZone: "America/New_York",
    theme: { primary: "#5b3a29", accent: "#0b6e4f", surface: "#faf7f2" },
    shopLinks: CONSUMER_SHOP_LINKS,
  },
  cab2c: {
    id: "cab2c",
    name: "Brewfront Canada",
    host: "www.brewfront.ca",
    languages: ["en", "fr"],
    currency: "CAD",
    phone: "1-800-555-0123",
    timeZone: "America/Toronto",
    theme: { primary: "#7a2e1f", accent: "#b3261e", surface: "#fbf8f4" },
    shopLinks: CONSUMER_SHOP_LINKS,
  },
  usafh: {
    id: "usafh",
    name: "Brewfront Commercial",
    host: "commercial.brewfront.com",
    languages: ["en"],
    currency: "USD",
    phone: "1-800-555-0142",
    timeZone: "America/New_York",
    theme: { primary: "#1f3a5f", accent: "#0b6e4f", surface: "#f5f7fa" },
    shopLinks: [
      { en: "Bulk Coffee", fr: "Café en vrac", path: "/c/coffee" },
      { en: "Commercial Brewers", fr: "Cafetières commerciales", path: "/c/brewers" },
      { en: "Breakroom Supplies", fr: "Fournitures", path: "/c/accessories" },
    ],
  },
};

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "a colour like #5b3a29");
const hostName = z
  .string()
  .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i, "a host name like www.example.com")
  .transform((h) => h.toLowerCase());

const BRAND_OVERRIDE_FIELDS = {
  NAME: z.string().min(1).max(80),
  HOST: hostName,
  PHONE: z.string().regex(/^[0-9+() -]{7,20}$/, "a phone number like 1-800-555-0100"),
  PRIMARY: hexColour,
  ACCENT: hexColour,
  SURFACE: hexColour,
} as const;

type OverrideField = keyof typeof BRAND_OVERRIDE_FIELDS;

/**
 * Environment overrides of the brand facts, BRAND_<ID>_<FIELD> (e.g. BRAND_CAB2C_PHONE,
 * BRAND_USAFH_HOST). Each part's configuration module merges this shape into its own schema, so
 * a bad override stops start-up with the variable's name.
 */
export const brandOverridesEnvShape = Object.fromEntries(
  BRAND_IDS.flatMap((id) =>
    (Object.keys(BRAND_OVERRIDE_FIELDS) as OverrideField[]).map((field) => [`BRAND_${id.toUpperCase()}_${field}`, BRAND_OVERRIDE_FIELDS[field].optional()]),
  ),
) as Record<string, z.ZodOptional<z.ZodType<string>>>;

/** The brand facts with the (already validated) overrides applied. */
export function brandsWithOverrides(env: Readonly<Record<string, string | undefined>>): Record<BrandId, BrandFacts> {
  const withOverrides = (brand: BrandFacts): BrandFacts => {
    const value = (field: OverrideField) => env[`BRAND_${brand.id.toUpperCase()}_${field}`];
    return {
      ...brand,
      name: value("NAME") ?? brand.name,
      host: (value("HOST") ?? brand.host).toLowerCase(),
      phone: value("PHONE") ?? brand.phone,
      theme: {
        primary: value("PRIMARY") ?? brand.theme.primary,
        accent: value("ACCENT") ?? brand.theme.accent,
        surface: value("SURFACE") ?? brand.theme.surface,
      },
    };
  };
  return { usb2c: withOverrides(BRAND_DEFAULTS.usb2c), cab2c: withOverrides(BRAND_DEFAULTS.cab2c), usafh: withOverrides(BRAND_DEFAULTS.usafh) };
}
