import type { BrandId } from "../contract/common";
import type { EligibilityFlag } from "../contract/product";
import { flavourName, flavourNotesFr, MESSAGES } from "../domain/messages";
import type { Database } from "../db/schema";
import { type AccessoryKind, pictureName } from "../../lib/product-picture";
import { ACCESSORIES, BREWERS, COCOAS, COFFEES, COLOURS, ROASTERS, TEAS, type Caffeine, type Roast } from "./catalog-data";

type CatalogTable =
  | "product"
  | "product_text"
  | "product_site"
  | "price"
  | "stock"
  | "category"
  | "category_text"
  | "category_site"
  | "product_category"
  | "classification"
  | "bundle_component"
  | "media";
export type Rows = { [K in CatalogTable]: Database[K][] };

export function emptyRows(): Rows {
  return {
    product: [],
    product_text: [],
    product_site: [],
    price: [],
    stock: [],
    category: [],
    category_text: [],
    category_site: [],
    product_category: [],
    classification: [],
    bundle_component: [],
    media: [],
  };
}

export function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** CAD list prices: USD × 1.32, ending in .99 like the rest of the shelf. */
export function cadFromUsd(usdMinor: number): number {
  return Math.max(99, Math.round((usdMinor * 1.32) / 100) * 100 - 1);
}

const SEED_EPOCH = Date.UTC(2026, 0, 1);
function createdAt(i: number): string {
  return new Date(SEED_EPOCH + i * 86_400_000).toISOString();
}

interface PackDef {
  packType: "KCup" | "Bagged" | "Canned";
  packCode: string;
  size: number;
  usd: number;
  sites: BrandId[];
}

const CATEGORY_TREE: { code: string; parent: string | null; slug: string; en: string; fr: string; sites: BrandId[] }[] = [
  { code: "coffee", parent: null, slug: "Coffee", en: "Coffee", fr: "Café", sites: ["usb2c", "cab2c", "usafh"] },
  { code: "k-cup-pods", parent: "coffee", slug: "K-Cup-Pods", en: "Coffee Pods", fr: "Dosettes de café", sites: ["usb2c", "cab2c", "usafh"] },
  { code: "bagged-coffee", parent: "coffee", slug: "Bagged-Coffee", en: "Bagged Coffee", fr: "Café en sac", sites: ["usb2c", "cab2c"] },
  { code: "canned-coffee", parent: "coffee", slug: "Canned-Coffee", en: "Canned Coffee", fr: "Café en boîte", sites: ["usb2c", "usafh"] },
  { code: "tea", parent: null, slug: "Tea", en: "Tea", fr: "Thé", sites: ["usb2c", "cab2c", "usafh"] },
  { code: "hot-cocoa", parent: null, slug: "Hot-Cocoa", en: "Hot Cocoa", fr: "Chocolat chaud", sites: ["usb2c", "cab2c", "usafh"] },
  { code: "brewers", parent: null, slug: "Coffee-Makers", en: "Brewers", fr: "Cafetières", sites: ["usb2c", "cab2c", "usafh"] },
  { code: "accessories", parent: null, slug: "Accessories", en: "Accessories", fr: "Accessoires", sites: ["usb2c", "cab2c", "usafh"] },
  { code: "starter-kits", parent: null, slug: "Starter-Kits", en: "Starter Kits & Bundles", fr: "Trousses de démarrage", sites: ["usb2c", "cab2c", "usafh"] },
];

const PACK_TEXT = {
  KCup: { en: (n: number) => `${n} ct K-Cup pods`, fr: (n: number) => `${n} dosettes K-Cup` },
  Bagged: { en: (n: number) => `${n} oz bag`, fr: (n: number) => `sac de ${n} oz` },
  Canned: { en: (n: number) => `${n} oz can`, fr: (n: number) => `boîte de ${n} oz` },
} as const;

function coffeePacks(i: number, roaster: string): PackDef[] {
  const premium = (i % 4) * 100;
  const consumer: BrandId[] = roaster === "NMPL" ? ["cab2c"] : i % 4 === 3 ? ["usb2c"] : ["usb2c", "cab2c"];
  const withCommercial: BrandId[] = roaster === "NMPL" ? ["cab2c"] : i % 2 === 0 ? [...consumer, "usafh"] : consumer;
  const packs: PackDef[] = [
    { packType: "KCup", packCode: "KC", size: 12, usd: 999 + premium, sites: consumer },
    { packType: "KCup", packCode: "KC", size: 24, usd: 1799 + premium, sites: withCommercial },
    { packType: "KCup", packCode: "KC", size: 72, usd: 4799 + premium * 2, sites: withCommercial },
  ];
  if (i % 3 === 0) packs.push({ packType: "Bagged", packCode: "BG", size: 12, usd: 1199 + premium, sites: consumer });
  if (i % 5 === 0 && roaster !== "NMPL") packs.push({ packType: "Canned", packCode: "CN", size: 30, usd: 1499 + premium, sites: ["usb2c", "usafh"] });
  if (i % 2 === 0 && roaster !== "NMPL") packs.push({ packType: "KCup", packCode: "KC", size: 96, usd: 6199 + premium * 2, sites: ["usafh"] });
  return packs;
}

function packLabel(p: PackDef, lang: "en" | "fr"): string {
  return PACK_TEXT[p.packType][lang](p.size);
}

function badgeFor(i: number, lang: "en" | "fr"): string | null {
  if (i % 9 === 0) return lang === "en" ? "NEW||#ffffff||#0b6e4f" : "NOUVEAU||#ffffff||#0b6e4f";
  if (i % 9 === 4) return lang === "en" ? "BEST SELLER||#1d1d1b||#f2c14e" : "MEILLEUR VENDEUR||#1d1d1b||#f2c14e";
  if (i % 9 === 7) return lang === "en" ? "LIMITED EDITION||#ffffff||#7a1f5c" : "ÉDITION LIMITÉE||#ffffff||#7a1f5c";
  return null;
}

function flagsJson(flags: EligibilityFlag[]): string {
  return JSON.stringify(Object.fromEntries(flags.map((f) => [f, true])));
}

/** Variant stock: mostly plenty, some low, some sold out, always the same for the same position. */
function stockLevel(n: number): number {
  if (n % 13 === 5) return 0;
  if (n % 7 === 3) return 4;
  return 100 + ((n * 37) % 400);
}

export function buildCatalog(): Rows {
  const rows = emptyRows();
  let variantCounter = 0;
  let baseCounter = 0;

  for (const c of CATEGORY_TREE) {
    rows.category.push({ code: c.code, parent_code: c.parent, slug: c.slug, position: rows.category.length });
    rows.category_text.push({ category_code: c.code, lang: "en", name: c.en }, { category_code: c.code, lang: "fr", name: c.fr });
    for (const site of c.sites) rows.category_site.push({ category_code: c.code, site });
  }

  interface BaseDef {
    code: string;
    brandCode: string;
    type: string;
    series?: string;
    roast?: Roast;
    flavour?: string;
    caffeine?: Caffeine;
    en: { name: string; summary: string; description: string };
    fr: { name: string; summary: string; description: string };
    categories: string[];
    flags: EligibilityFlag[];
    image: string;
    features: { code: string; en: [string, string]; fr: [string, string] }[];
  }
  interface VariantDef {
    code: string;
    packType?: string;
    packSize?: number;
    color?: string;
    labelEn: string;
    labelFr: string;
    usd: number;
    sites: BrandId[];
    categories: string[];
    image: string;
  }

  const addProduct = (base: BaseDef, variants: VariantDef[]) => {
    const i = baseCounter++;
    const sites = new Set<BrandId>();
    variants.forEach((v) => v.sites.forEach((s) => sites.add(s)));
    const common = {
      brand_code: base.brandCode,
      brand_name: ROASTERS[base.brandCode] ?? base.brandCode,
      product_type: base.type,
      series: base.series ?? null,
      roast: base.roast ?? null,
      flavor: base.flavour ?? null,
      caffeine: base.caffeine ?? null,
      is_bundle: 0,
      bundle_marker: 0,
      flags: flagsJson(base.flags),
      sales_rank: (i * 53) % 97,
      created_at: createdAt(i),
    };
    rows.product.push({ ...common, code: base.code, base_code: null, pack_type: null, pack_size: null, color: null, default_variant: 0 });
    for (const lang of ["en", "fr"] as const) {
      rows.product_text.push({ product_code: base.code, lang, ...base[lang], slug: slugify(base[lang].name), badge: badgeFor(i, lang) });
      base.features.forEach((f, position) =>
        rows.classification.push({ product_code: base.code, lang, feature_code: f.code, feature_name: f[lang][0], value: f[lang][1], position }),
      );
    }
    for (const site of sites) rows.product_site.push({ product_code: base.code, site });
    for (const cat of base.categories) rows.product_category.push({ product_code: base.code, category_code: cat });
    rows.media.push(
      { product_code: base.code, position: 0, image_name: base.image, media_type: "image", video_ref: null },
      { product_code: base.code, position: 1, image_name: "cup.svg", media_type: "image", video_ref: null },
    );
    if (base.type === "Brewer") {
      rows.media.push({
        product_code: base.code,
        position: 2,
        image_name: "brewer-video-poster.svg",
        media_type: "video",
        video_ref: `brewer-${slugify(base.series ?? "")}-overview`,
      });
    }

    variants.forEach((v, vi) => {
      const n = variantCounter++;
      rows.product.push({
        ...common,
        code: v.code,
        base_code: base.code,
        pack_type: v.packType ?? null,
        pack_size: v.packSize ?? null,
        color: v.color ?? null,
        default_variant: vi === Math.min(1, variants.length - 1) ? 1 : 0,
      });
      for (const lang of ["en", "fr"] as const) {
        const label = lang === "en" ? v.labelEn : v.labelFr;
        rows.product_text.push({
          product_code: v.code,
          lang,
          name: `${base[lang].name}, ${label}`,
          summary: base[lang].summary,
          description: base[lang].description,
          slug: slugify(`${base[lang].name} ${label}`),
          badge: badgeFor(i, lang),
        });
      }
      for (const site of v.sites) rows.product_site.push({ product_code: v.code, site });
      for (const cat of v.categories) rows.product_category.push({ product_code: v.code, category_code: cat });
      rows.stock.push({ product_code: v.code, level: stockLevel(n) });
      rows.media.push({ product_code: v.code, position: 0, image_name: v.image, media_type: "image", video_ref: null });
      const cad = cadFromUsd(v.usd);
      rows.price.push(
        { product_code: v.code, currency: "USD", user_group: "", kind: "list", value: v.usd },
        { product_code: v.code, currency: "CAD", user_group: "", kind: "list", value: cad },
      );
      // Every sixth variant is on sale (15 % off); members (perks group) save 5 % on beverages;
      // employees (employee price group) pay 20 % less on everything.
      if (n % 6 === 2) {
        rows.price.push(
          { product_code: v.code, currency: "USD", user_group: "", kind: "discount", value: Math.round(v.usd * 0.85) },
          { product_code: v.code, currency: "CAD", user_group: "", kind: "discount", value: Math.round(cad * 0.85) },
        );
      }
      if (n % 17 === 9) {
        rows.price.push(
          { product_code: v.code, currency: "USD", user_group: "", kind: "promoted", value: Math.round(v.usd * 0.9) },
          { product_code: v.code, currency: "CAD", user_group: "", kind: "promoted", value: Math.round(cad * 0.9) },
        );
      }
      if (base.type !== "Brewer" && base.type !== "Accessory") {
        rows.price.push(
          { product_code: v.code, currency: "USD", user_group: "perks", kind: "personalized", value: Math.round(v.usd * 0.95) },
          { product_code: v.code, currency: "CAD", user_group: "perks", kind: "personalized", value: Math.round(cad * 0.95) },
        );
      }
      rows.price.push(
        { product_code: v.code, currency: "USD", user_group: "employee", kind: "personalized", value: Math.round(v.usd * 0.8) },
        { product_code: v.code, currency: "CAD", user_group: "employee", kind: "personalized", value: Math.round(cad * 0.8) },
      );
      if (base.flags.includes("isFiftyPercentCampaignEligible")) {
        rows.price.push(
          { product_code: v.code, currency: "USD", user_group: "", kind: "campaign", value: Math.round(v.usd * 0.5) },
          { product_code: v.code, currency: "CAD", user_group: "", kind: "campaign", value: Math.round(cad * 0.5) },
        );
      }
    });
  };

  // Pack types are stored by code; each language names them from the messages module.
  const packNote = (types: readonly string[], lang: "en" | "fr") =>
    types.map((t) => (lang === "fr" ? MESSAGES.fr.packTypes[t] : MESSAGES["en-US"].packTypes[t]) ?? t).join(", ");
  const beverageFeatures = (roast: Roast | undefined, flavour: string, caffeine: Caffeine, packTypes: readonly string[]) => [
    ...(roast ? [{ code: "roast", en: ["Roast", cap(roast)] as [string, string], fr: ["Torréfaction", MESSAGES.fr.roasts[roast]!] as [string, string] }] : []),
    { code: "flavour", en: ["Flavour", flavour] as [string, string], fr: ["Saveur", flavourName(flavour, "fr")] as [string, string] },
    {
      code: "caffeine",
      en: ["Caffeine", MESSAGES["en-US"].caffeine[caffeine]!] as [string, string],
      fr: ["Caféine", MESSAGES.fr.caffeine[caffeine]!] as [string, string],
    },
    { code: "packaging", en: ["Packaging", packNote(packTypes, "en")] as [string, string], fr: ["Emballage", packNote(packTypes, "fr")] as [string, string] },
  ];

  COFFEES.forEach(([en, fr, roast, flavour, caffeine, roaster], i) => {
    const code = `${5001 + i}-${roaster}`;
    const packs = coffeePacks(i, roaster);
    const flags: EligibilityFlag[] = [];
    if (i % 3 === 0) flags.push("isProductBMSMEligible");
    if (i % 5 === 1) flags.push("isBBADCampaignEligible");
    if (packs.some((p) => p.sites.includes("usafh"))) flags.push("isAFHSubscriptionEligible");
    const roastEn = `${roast} roast`;
    const flavourFr = flavourName(flavour, "fr").toLowerCase();
    addProduct(
      {
        code,
        brandCode: roaster,
        type: "Coffee",
        roast,
        flavour,
        caffeine,
        en: {
          name: en,
          summary: `A ${flavour.toLowerCase()} ${roastEn} coffee from ${ROASTERS[roaster]}.`,
          description: `${en} is a ${roastEn} with ${flavour.toLowerCase()} notes. ${MESSAGES["en-US"].caffeine[caffeine]!}, roasted by ${ROASTERS[roaster]} and sealed for freshness in every pod and bag.`,
        },
        fr: {
          name: fr,
          summary: `Un café de torréfaction ${roastFr(roast)}, ${flavourFr}, de ${ROASTERS[roaster]}.`,
          description: `${fr} est un café de torréfaction ${roastFr(roast)} aux notes ${flavourNotesFr(flavour)}. ${MESSAGES.fr.caffeine[caffeine]!}, torréfié par ${ROASTERS[roaster]} et scellé pour préserver sa fraîcheur.`,
        },
        categories: ["coffee", ...new Set(packs.map((p) => packCategory(p.packType)))],
        flags,
        image: coffeePicture(packs[Math.min(1, packs.length - 1)]!, roast, roaster, code),
        features: beverageFeatures(roast, flavour, caffeine, [...new Set(packs.map((p) => p.packType))]),
      },
      packs.map((p) => ({
        code: `${code}-${p.packCode}-${p.size}`,
        packType: p.packType,
        packSize: p.size,
        labelEn: packLabel(p, "en"),
        labelFr: packLabel(p, "fr"),
        usd: p.usd,
        sites: p.sites,
        categories: ["coffee", packCategory(p.packType)],
        image: coffeePicture(p, roast, roaster, code),
      })),
    );
  });

  TEAS.forEach(([en, fr, flavour, caffeine], i) => {
    const code = `${6001 + i}-PRTE`;
    addProduct(
      {
        code,
        brandCode: "PRTE",
        type: "Tea",
        flavour,
        caffeine,
        en: {
          name: en,
          summary: `${en} tea pods from Prairie Tea Co.`,
          description: `${en}: a ${flavour.toLowerCase()} tea, ${MESSAGES["en-US"].caffeine[caffeine]!.toLowerCase()}, in single-serve pods.`,
        },
        fr: {
          name: fr,
          summary: `Dosettes de thé ${fr} de Prairie Tea Co.`,
          description: `${fr}\u202f: un thé ${flavourName(flavour, "fr").toLowerCase()}, ${MESSAGES.fr.caffeine[caffeine]!.toLowerCase()}, en dosettes individuelles.`,
        },
        categories: ["tea"],
        flags: [],
        image: pictureName({ shape: "tea", tone: flavour.toLowerCase(), mark: "PRTE", size: 24, seed: code }),
        features: beverageFeatures(undefined, flavour, caffeine, ["KCup"]),
      },
      [24, 72].map((size) => ({
        code: `${code}-KC-${size}`,
        packType: "KCup",
        packSize: size,
        labelEn: `${size} ct K-Cup pods`,
        labelFr: `${size} dosettes K-Cup`,
        usd: size === 24 ? 1699 : 4499,
        sites: ["usb2c", "cab2c", "usafh"] as BrandId[],
        categories: ["tea"],
        image: pictureName({ shape: "tea", tone: flavour.toLowerCase(), mark: "PRTE", size, seed: code }),
      })),
    );
  });

  COCOAS.forEach(([en, fr, flavour], i) => {
    const code = `${7001 + i}-VLCC`;
    addProduct(
      {
        code,
        brandCode: "VLCC",
        type: "Cocoa",
        flavour,
        caffeine: "caffeine-free",
        en: { name: en, summary: `${en} pods from Velvet Cocoa.`, description: `${en}: rich, ${flavour.toLowerCase()} hot cocoa in a single-serve pod.` },
        fr: {
          name: fr,
          summary: `Dosettes ${fr} de Velvet Cocoa.`,
          description: `${fr}\u202f: un chocolat chaud riche et ${flavourName(flavour, "fr").toLowerCase()} en dosette individuelle.`,
        },
        categories: ["hot-cocoa"],
        flags: [],
        image: pictureName({ shape: "cocoa", tone: flavour.toLowerCase(), mark: "VLCC", size: 24, seed: code }),
        features: beverageFeatures(undefined, flavour, "caffeine-free", ["KCup"]),
      },
      [12, 24].map((size) => ({
        code: `${code}-KC-${size}`,
        packType: "KCup",
        packSize: size,
        labelEn: `${size} ct K-Cup pods`,
        labelFr: `${size} dosettes K-Cup`,
        usd: size === 12 ? 1099 : 1899,
        sites: ["usb2c", "cab2c", "usafh"] as BrandId[],
        categories: ["hot-cocoa"],
        image: pictureName({ shape: "cocoa", tone: flavour.toLowerCase(), mark: "VLCC", size, seed: code }),
      })),
    );
  });

  BREWERS.forEach((b, i) => {
    const code = `${8001 + i}-BFBR`;
    addProduct(
      {
        code,
        brandCode: "BFBR",
        type: "Brewer",
        series: b.series,
        en: {
          name: b.en,
          summary: `${b.series} series brewer with a ${b.reservoirOz ? `${b.reservoirOz} oz reservoir` : "plumbed water line"}.`,
          description: `The ${b.en} brews ${b.cupSizes} in under a minute.${b.iced ? " It also brews over ice." : ""}`,
        },
        fr: {
          name: b.fr,
          summary: `Cafetière de la série ${b.series} ${b.reservoirOz ? `avec réservoir de ${b.reservoirOz} oz` : "raccordée à l’eau"}.`,
          description: `La ${b.fr} infuse ${b.cupSizes} en moins d’une minute.${b.iced ? " Elle infuse aussi sur glace." : ""}`,
        },
        categories: ["brewers"],
        flags: b.flags as EligibilityFlag[],
        image: brewerPicture(b.colours[0]!, b.reservoirOz, code),
        features: [
          { code: "series", en: ["Series", b.series], fr: ["Série", b.series] },
          {
            code: "reservoir",
            en: ["Water reservoir", b.reservoirOz ? `${b.reservoirOz} oz` : "Plumbed"],
            fr: ["Réservoir d’eau", b.reservoirOz ? `${b.reservoirOz} oz` : "Raccordée"],
          },
          { code: "cupSizes", en: ["Brew sizes", b.cupSizes], fr: ["Formats d’infusion", b.cupSizes] },
          { code: "iced", en: ["Iced setting", b.iced ? "Yes" : "No"], fr: ["Réglage glacé", b.iced ? "Oui" : "Non"] },
          {
            code: "warranty",
            en: ["Warranty", b.sites.includes("usafh") ? "2 years" : "1 year"],
            fr: ["Garantie", b.sites.includes("usafh") ? "2 ans" : "1 an"],
          },
        ],
      },
      b.colours.map((colour) => ({
        code: `${code}-BRW-${colour}`,
        color: COLOURS[colour]!.en,
        labelEn: COLOURS[colour]!.en,
        labelFr: COLOURS[colour]!.fr,
        usd: b.priceUsd,
        sites: b.sites,
        categories: ["brewers"],
        image: brewerPicture(colour, b.reservoirOz, code),
      })),
    );
  });

  ACCESSORIES.forEach(([en, fr, usd, sites], i) => {
    const code = `${9001 + i}-BFAC`;
    addProduct(
      {
        code,
        brandCode: "BFAC",
        type: "Accessory",
        en: {
          name: en,
          summary: `${en} for your brewer and coffee corner.`,
          description: `${en}, designed by Brewfront Essentials to fit every Brewfront brewer.`,
        },
        fr: {
          name: fr,
          summary: `${fr} pour votre cafetière et votre coin café.`,
          description: `${fr}, conçu par Brewfront Essentials pour toutes les cafetières Brewfront.`,
        },
        categories: ["accessories"],
        flags: [],
        image: accessoryPicture(en, code),
        features: [],
      },
      [{ code: `${code}-ACC-1`, labelEn: "Each", labelFr: "Unité", usd, sites, categories: ["accessories"], image: accessoryPicture(en, code) }],
    );
  });

  addBundles(rows);
  return rows;
}

const PACK_SHAPES = { KCup: "pod", Bagged: "bag", Canned: "can" } as const;

/** A coffee pack's picture: pod, bag or can in its roast's colour, with the roaster's mark and the pack's size. */
export function coffeePicture(pack: Pick<PackDef, "packType" | "size">, roast: Roast, roaster: string, familyCode: string): string {
  return pictureName({ shape: PACK_SHAPES[pack.packType], tone: roast, mark: roaster, size: pack.size, seed: familyCode });
}

function brewerPicture(colour: string, reservoirOz: number, familyCode: string): string {
  return pictureName({ shape: "brewer", tone: colour.toLowerCase(), mark: "BFBR", size: reservoirOz, seed: familyCode });
}

/** Which accessory shape fits a name, first match wins; anything else is drawn as a box. */
const ACCESSORY_SHAPES: [RegExp, AccessoryKind][] = [
  [/travel mug/i, "tumbler"],
  [/mug/i, "mug"],
  [/cup/i, "cup"],
  [/frother/i, "jug"],
  [/solution/i, "bottle"],
  [/filter/i, "filter"],
  [/rack|carousel/i, "rack"],
  [/case/i, "case"],
];

function accessoryPicture(nameEn: string, familyCode: string): string {
  const tone = ACCESSORY_SHAPES.find(([pattern]) => pattern.test(nameEn))?.[1] ?? "box";
  // A pack's count, when the name gives one: "Stir Sticks (1000)".
  const size = Number(/\((\d+)\)/.exec(nameEn)?.[1] ?? 0);
  return pictureName({ shape: "accessory", tone, mark: "BFAC", size, seed: familyCode });
}

function packCategory(packType: PackDef["packType"]): string {
  return packType === "KCup" ? "k-cup-pods" : packType === "Bagged" ? "bagged-coffee" : "canned-coffee";
}

/** Roast as it reads inside a French sentence: "torréfaction foncée". */
function roastFr(roast: Roast): string {
  return MESSAGES.fr.roasts[roast]!.toLowerCase();
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Starter kits and bundles, under their shop slugs. Components are existing variants; price = components − 20 %. */
function addBundles(rows: Rows) {
  const kits: { code: string; en: string; fr: string; slugEn: string; slugFr: string; sites: BrandId[]; parts: [string, number][] }[] = [
    {
      code: "BUNDLE-BREWER-STARTER-KIT",
      en: "Brewer Starter Kit",
      fr: "Trousse de démarrage cafetière",
      slugEn: "brewer-starter-kit",
      slugFr: "trousse-de-demarrage-cafetiere",
      sites: ["usb2c", "cab2c"],
      parts: [
        ["8003-BFBR-BRW-BLK", 1],
        ["5001-SMRG-KC-24", 1],
        ["5002-SMRG-KC-24", 1],
        ["9001-BFAC-ACC-1", 1],
      ],
    },
    {
      code: "BUNDLE-COMPACT-STARTER-KIT",
      en: "Compact Starter Kit",
      fr: "Trousse de démarrage Compact",
      slugEn: "compact-starter-kit",
      slugFr: "trousse-de-demarrage-compact",
      sites: ["usb2c", "cab2c"],
      parts: [
        ["8002-BFBR-BRW-BLK", 1],
        ["5010-BFOR-KC-24", 1],
        ["9002-BFAC-ACC-1", 1],
      ],
    },
    {
      code: "BUNDLE-ELITE-STARTER-KIT",
      en: "Elite Starter Kit",
      fr: "Trousse de démarrage Élite",
      slugEn: "elite-starter-kit",
      slugFr: "trousse-de-demarrage-elite",
      sites: ["usb2c", "cab2c"],
      parts: [
        ["8007-BFBR-BRW-SLV", 1],
        ["5011-CLUM-KC-72", 1],
        ["9007-BFAC-ACC-1", 1],
      ],
    },
    {
      code: "BUNDLE-SMALL-BUSINESS",
      en: "Small Business Bundle",
      fr: "Ensemble petite entreprise",
      slugEn: "small-business-bundle",
      slugFr: "ensemble-petite-entreprise",
      sites: ["usafh"],
      parts: [
        ["8009-BFBR-BRW-BLK", 1],
        ["5001-SMRG-KC-96", 2],
        ["5003-SMRG-KC-96", 2],
        ["9011-BFAC-ACC-1", 1],
      ],
    },
  ];
  const byCode = new Map(rows.product.map((p) => [p.code, p]));
  const listPrice = (code: string, currency: string) =>
    rows.price.find((p) => p.product_code === code && p.currency === currency && p.kind === "list" && p.user_group === "")!.value;

  kits.forEach((kit, i) => {
    for (const [part] of kit.parts) if (!byCode.has(part)) throw new Error(`bundle ${kit.code} names unknown product ${part}`);
    rows.product.push({
      code: kit.code,
      base_code: null,
      brand_code: "BFBR",
      brand_name: "Brewfront",
      product_type: "Bundle",
      series: null,
      pack_type: null,
      pack_size: null,
      color: null,
      roast: null,
      flavor: null,
      caffeine: null,
      default_variant: 0,
      is_bundle: 1,
      bundle_marker: 0,
      flags: flagsJson(kit.sites.includes("usafh") ? ["isAFHSubscriptionEligible"] : ["isBBADCampaignEligible"]),
      sales_rank: 5 + i,
      created_at: createdAt(200 + i),
    });
    rows.product_text.push(
      {
        product_code: kit.code,
        lang: "en",
        name: kit.en,
        slug: kit.slugEn,
        badge: "BUNDLE & SAVE||#ffffff||#0b6e4f",
        summary: `Everything to get brewing, 20 % less than buying each item.`,
        description: `${kit.en}: a brewer, coffee and the essentials, bundled at 20 % off.`,
      },
      {
        product_code: kit.code,
        lang: "fr",
        name: kit.fr,
        slug: kit.slugFr,
        badge: "ÉCONOMISEZ||#ffffff||#0b6e4f",
        summary: `Tout pour commencer, 20 % de moins qu’à l’unité.`,
        description: `${kit.fr} : une cafetière, du café et l’essentiel, à 20 % de rabais.`,
      },
    );
    for (const site of kit.sites) rows.product_site.push({ product_code: kit.code, site });
    rows.product_category.push({ product_code: kit.code, category_code: "starter-kits" });
    rows.media.push({
      product_code: kit.code,
      position: 0,
      image_name: pictureName({ shape: "bundle", tone: "kit", mark: "BFBR", size: 0, seed: kit.code }),
      media_type: "image",
      video_ref: null,
    });
    kit.parts.forEach(([part, quantity], position) => rows.bundle_component.push({ bundle_code: kit.code, product_code: part, quantity, position }));
    for (const currency of ["USD", "CAD"]) {
      const total = kit.parts.reduce((sum, [part, q]) => sum + listPrice(part, currency) * q, 0);
      rows.price.push({ product_code: kit.code, currency, user_group: "", kind: "list", value: total });
      rows.price.push({ product_code: kit.code, currency, user_group: "", kind: "discount", value: Math.round(total * 0.8) });
    }
    rows.stock.push({ product_code: kit.code, level: 50 });
  });
}
