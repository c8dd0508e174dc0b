import type { BrandId, Currency } from "../contract/common";
import { FLAVOURS, flavourNotesFr, MESSAGES } from "../domain/messages";
import type { Database, Db } from "../db/index";
import { rebuildListings } from "../db/listing";
import { cadFromUsd, coffeePicture, emptyRows, slugify } from "./catalog";

/**
 * A large synthetic catalog for benchmarks: `count` more coffee families, each one 24 ct pod
 * pack, with deterministic names, prices, stock and sites. Codes start at 100000 so they never
 * meet the demo catalog's.
 */
const ORIGINS: [string, string][] = [
  ["Ethiopian", "éthiopien"],
  ["Colombian", "colombien"],
  ["Kenyan", "kényan"],
  ["Sumatran", "de Sumatra"],
  ["Guatemalan", "guatémaltèque"],
  ["Brazilian", "brésilien"],
  ["Peruvian", "péruvien"],
  ["Costa Rican", "costaricien"],
  ["Honduran", "hondurien"],
  ["Rwandan", "rwandais"],
  ["Mexican", "mexicain"],
  ["Nicaraguan", "nicaraguayen"],
  ["Tanzanian", "tanzanien"],
  ["Yemeni", "yéménite"],
  ["Panamanian", "panaméen"],
];
const STYLES: [string, string][] = [
  ["Morning Blend", "Mélange du matin"],
  ["Reserve", "Réserve"],
  ["House Roast", "Torréfaction maison"],
  ["Espresso", "Espresso"],
  ["Single Origin", "Origine unique"],
  ["Harvest", "Récolte"],
  ["Estate", "Domaine"],
  ["Night Owl", "Oiseau de nuit"],
  ["Summit", "Sommet"],
  ["Classic", "Classique"],
  ["Select", "Sélection"],
  ["Breakfast", "Déjeuner"],
];
const NOTES = FLAVOURS;
const ROASTS = ["light", "medium", "dark"] as const;
const BRANDS: [string, string][] = [
  ["SMRG", "Summit Ridge"],
  ["HRBR", "Harbor Roast"],
  ["CLUM", "Café Lumière"],
  ["BFOR", "Brewfront Originals"],
  ["GDHR", "Golden Hour"],
  ["DKSE", "Dockside"],
];
const SITE_SETS: BrandId[][] = [["usb2c", "cab2c", "usafh"], ["usb2c", "cab2c"], ["usb2c"], ["usb2c", "usafh"]];

export async function seedLargeCatalog(db: Db, count: number, siteCurrencies: Readonly<Record<BrandId, Currency>>): Promise<number> {
  const CHUNK = 2000;
  let made = 0;
  for (let start = 0; start < count; start += CHUNK) {
    const rows = emptyRows();
    const bases: string[] = [];
    for (let i = start; i < Math.min(count, start + CHUNK); i++) {
      const n = 100000 + i;
      const [brandCode, brandName] = BRANDS[i % BRANDS.length]!;
      const [originEn, originFr] = ORIGINS[i % ORIGINS.length]!;
      const [styleEn, styleFr] = STYLES[Math.floor(i / ORIGINS.length) % STYLES.length]!;
      const roast = ROASTS[(i * 7) % 3]!;
      const note = NOTES[(i * 11) % NOTES.length]!;
      const lot = Math.floor(i / (ORIGINS.length * STYLES.length)) + 1;
      const base = `${n}-${brandCode}`;
      const variant = `${base}-KC-24`;
      const nameEn = `${originEn} ${styleEn} No. ${lot}`;
      const nameFr = `${styleFr} ${originFr} no ${lot}`;
      const sites = SITE_SETS[i % SITE_SETS.length]!;
      const usd = 1399 + ((i * 37) % 1200);
      const common = {
        brand_code: brandCode,
        brand_name: brandName,
        product_type: "Coffee",
        series: null,
        color: null,
        roast,
        flavor: note,
        caffeine: i % 13 === 0 ? "decaf" : "caffeinated",
        is_bundle: 0,
        bundle_marker: 0,
        flags: "{}",
        sales_rank: 100 + (i % 5000),
        created_at: new Date(Date.UTC(2025, 0, 1) + (i % 600) * 86_400_000).toISOString(),
      };
      rows.product.push({ ...common, code: base, base_code: null, pack_type: null, pack_size: null, default_variant: 0 });
      rows.product.push({ ...common, code: variant, base_code: base, pack_type: "KCup", pack_size: 24, default_variant: 1 });
      const en = {
        summary: `A ${note.toLowerCase()} ${roast} roast from ${brandName}.`,
        description: `${nameEn}: ${roast} roast ${originEn.toLowerCase()} coffee with ${note.toLowerCase()} notes.`,
      };
      const fr = {
        summary: `Un café de torréfaction ${MESSAGES.fr.roasts[roast]!.toLowerCase()} de ${brandName}.`,
        description: `${nameFr}\u202f: café ${originFr} de torréfaction ${MESSAGES.fr.roasts[roast]!.toLowerCase()} aux notes ${flavourNotesFr(note)}.`,
      };
      for (const code of [base, variant]) {
        const suffix = code === variant ? ", 24 ct" : "";
        rows.product_text.push(
          { product_code: code, lang: "en", name: `${nameEn}${suffix}`, slug: slugify(`${nameEn}${suffix}`), badge: null, ...en },
          { product_code: code, lang: "fr", name: `${nameFr}${suffix}`, slug: slugify(`${nameFr}${suffix}`), badge: null, ...fr },
        );
        for (const site of sites) rows.product_site.push({ product_code: code, site });
        rows.product_category.push({ product_code: code, category_code: "coffee" }, { product_code: code, category_code: "k-cup-pods" });
      }
      rows.price.push(
        { product_code: variant, currency: "USD", user_group: "", kind: "list", value: usd },
        { product_code: variant, currency: "CAD", user_group: "", kind: "list", value: cadFromUsd(usd) },
      );
      rows.stock.push({ product_code: variant, level: i % 17 === 3 ? 0 : 40 + (i % 200) });
      rows.media.push({
        product_code: base,
        position: 0,
        image_name: coffeePicture({ packType: "KCup", size: 24 }, roast, brandCode, base),
        media_type: "image",
        video_ref: null,
      });
      bases.push(base);
      made++;
    }
    await db.transaction().execute(async (trx) => {
      for (const table of ["product", "product_text", "product_site", "price", "stock", "product_category", "media"] as const) {
        const list = rows[table] as Database[typeof table][];
        for (let i = 0; i < list.length; i += 500)
          await trx
            .insertInto(table)
            .values(list.slice(i, i + 500) as never)
            .execute();
      }
    });
    await rebuildListings(db, siteCurrencies, bases);
  }
  return made;
}
