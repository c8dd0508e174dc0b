import type { BrandId } from "../contract/common";
import type { Db } from "./index";

/** What the facet index knows of one listing on one site. */
export interface ListingFacts {
  id: number;
  baseCode: string;
  productType: string;
  brand: string;
  roast: string | null;
  flavor: string | null;
  caffeine: string | null;
  series: string | null;
  categories: string[];
  packTypes: string[];
  packSizes: string[];
  colors: string[];
  nameEn: string;
  nameFr: string;
  salesRank: number;
  createdAt: string;
  minPrice: number;
  inStock: boolean;
}

const list = (s: string) => (s ? s.split(",") : []);

/** The site's listings (or just these ones), as the facet index reads them. */
export async function loadListingFacts(db: Db, site: BrandId, ids?: readonly number[]): Promise<ListingFacts[]> {
  let q = db
    .selectFrom("listing")
    .innerJoin("listing_offer", (j) => j.onRef("listing_offer.listing_id", "=", "listing.id").on("listing_offer.site", "=", site))
    .selectAll("listing")
    .select(["listing_offer.min_price", "listing_offer.in_stock"]);
  if (ids) q = q.where("listing.id", "in", ids);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    baseCode: r.base_code,
    productType: r.product_type,
    brand: r.brand_name,
    roast: r.roast,
    flavor: r.flavor,
    caffeine: r.caffeine,
    series: r.series,
    categories: list(r.categories),
    packTypes: list(r.pack_types),
    packSizes: list(r.pack_sizes),
    colors: list(r.colors),
    nameEn: r.name_en,
    nameFr: r.name_fr,
    salesRank: r.sales_rank,
    createdAt: r.created_at,
    minPrice: r.min_price,
    inStock: r.in_stock === 1,
  }));
}
