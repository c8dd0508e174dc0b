import type { Product } from "../../commerce/contract/product";
import type { SearchPage } from "../../commerce/contract/search";

/**
 * The shapes pages hand to their components: cut down from the contract's API answers so page
 * data (and the HTML it is embedded in) stays small. Models build them; components only read them.
 */

/** A price as a card shows it: the formatted amount, and whether it is a "from" price. */
export type CardPrice = Pick<Product["price"], "formattedValue" | "priceType">;

/** What a product card needs: keeps page data (and the HTML it is embedded in) small. */
export interface ProductCardData {
  code: string;
  name: string;
  brand: string;
  url: string;
  imageUrl?: string;
  price: CardPrice;
  originalPrice?: CardPrice;
  badge?: Product["badge"];
  stockStatus: Product["stock"]["stockLevelStatus"];
  productType: string;
  /** What the tile's add-to-cart adds: the variant shown, or the family's default. */
  addCode?: string;
  /** Bundles and starter kits are added as their components. */
  isBundle?: boolean;
}

/** What a listing page draws: facet values, active filters, sorts and pages (no API query strings). */
export interface ListingPageView {
  facets: {
    code: SearchPage["facets"][number]["code"];
    name: string;
    priority: number;
    values: { code: string; name: string; count: number; selected: boolean }[];
  }[];
  breadcrumbs: { facetCode: SearchPage["breadcrumbs"][number]["facetCode"]; facetValueCode: string; facetValueName: string }[];
  pagination: SearchPage["pagination"];
  sorts: SearchPage["sorts"];
  spellingSuggestion?: string;
}

/**
 * What /cart/add answers a script (inline=1), and puts in the address it returns to without one:
 * the cart-changed event's fields, or why it failed (a refused field's phrase, with its limit, or
 * the API's error type), for the page to say in its own language.
 */
export interface CartAddResult {
  cartGuid?: string;
  cartQuantity?: number;
  cartError?: string;
  limit?: number;
}
