import type { Logger } from "pino";
import type { Lang } from "../../commerce/contract/common";
import type { BrandConfig } from "../brands/brands";

/** What server.ts hands every loader and action (per request). */
export interface StorefrontContext {
  brand: BrandConfig;
  lang: Lang;
  correlationId: string;
  cspNonce: string;
  webapp: boolean;
  cmsTicketId?: string;
  apiBaseUrl: string;
  logger: Logger;
  /** userConsent and privacy switch, for the consent-aware cookie writer. */
  privacyCookiesEnabled: boolean;
}

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends StorefrontContext {}
}

// Single fetch: loaders return plain objects and the hooks infer their types accordingly.
declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}
