import type { Logger } from "pino";
import type { Lang } from "../../commerce/contract/common";
import type { BrandFacts } from "../../commerce/contract/brands";
import type { ShopperSession } from "./auth/shopper-session.server";
import type { ErrorMonitor } from "./monitoring";

/** What server/storefront-handler.ts hands every loader and action (per request). */
export interface StorefrontContext {
  brand: BrandFacts;
  lang: Lang;
  correlationId: string;
  cspNonce: string;
  webapp: boolean;
  cmsTicketId?: string;
  apiBaseUrl: string;
  logger: Logger;
  /** userConsent and privacy switch, for the consent-aware cookie writer. */
  privacyCookiesEnabled: boolean;
  /**
   * The shopper's address as express sees it (req.ip, which honours `trust proxy`), for rate
   * limits. Set by server/storefront-handler.ts; unset, every shopper shares one count.
   */
  clientAddress?: string;
  /**
   * The storefront's own client for guest (machine-to-machine) tokens; server/serving.ts hands over the
   * embedded commerce service's. Unset, guest tokens cannot be had.
   */
  guestClient?: { id: string; secret: string };
  /** The shopper's signed session: sign-in state, fresh tokens, and the cookies it has to send. */
  shopper?: ShopperSession;
  /** The browser asked to report its own errors (the `clientLogging` cookie, decision 083). */
  clientLogging?: boolean;
  /** Reports uncaught errors; only with SENTRY_DSN (decision 083). */
  monitor?: ErrorMonitor;
}

// Declaration merging is how React Router lets an app type its load context; it takes an interface.
// Loaders and actions are typed with LoaderFunctionArgs and ActionFunctionArgs, whose context is
// this one.
declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends StorefrontContext {}
  interface LoaderFunctionArgs {
    context: AppLoadContext;
  }
  interface ActionFunctionArgs {
    context: AppLoadContext;
  }
}
