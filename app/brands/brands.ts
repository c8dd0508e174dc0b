import type { BrandFacts } from "../../commerce/contract/brands";

/**
 * A store's facts (name, host, languages, currency, phone, theme, error-page shop links) have one
 * source, shared with the commerce service: BrandFacts in commerce/contract/brands.ts, with the
 * environment's overrides applied by the storefront's configuration (app/config.server.ts).
 *
 * What pages get of their brand (the root loader sends it with every document).
 */
export type PublicBrand = Pick<BrandFacts, "id" | "name" | "host" | "phone" | "shopLinks" | "theme" | "languages" | "currency">;

export function publicBrand({ id, name, host, phone, shopLinks, theme, languages, currency }: BrandFacts): PublicBrand {
  return { id, name, host, phone, shopLinks, theme, languages, currency };
}
