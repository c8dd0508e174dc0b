import type { BrandId } from "../contract/common";
import type { PricingContext } from "./product";

/** Who is asking: the site, its language and currency, and the shopper's price groups. */
export interface ShopContext extends PricingContext {
  site: BrandId;
}
