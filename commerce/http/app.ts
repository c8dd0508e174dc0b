import express, { Router } from "express";
import type { Logger } from "pino";
import type { Shop } from "../domain/shop";
import { agentsRouter } from "./agents";
import { autoDeliveryRouter } from "./auto-delivery";
import { brewerRegistrationRouter } from "./brewer-registration";
import { referralsRouter } from "./referrals";
import { designsRouter } from "./designs";
import { siteNoticesRouter } from "./site-notices";
import { tealiumTagsRouter } from "./tealium-tags";
import { campaignGuidesRouter } from "./campaign-guides";
import { campaignSaleRouter } from "./campaign-sale";
import { campaignsRouter } from "./campaigns";
import { monthlyBoxRouter } from "./monthly-box";
import { affiliatesRouter } from "./affiliates";
import { alertsRouter } from "./alerts";
import { authentication } from "./auth";
import { refuseBodiesOver } from "./body-limit";
import { cartsRouter } from "./carts";
import { checkoutRouter } from "./checkout";
import { catalogRouter } from "./catalog";
import { contentRouter } from "./content";
import { couponsRouter } from "./coupons";
import { ApiProblem, errorHandler } from "./errors";
import { giftCardsRouter } from "./gift-cards";
import { loyaltyRouter, rewardsRouter } from "./loyalty";
import { oauthRouter } from "./oauth";
import { type Mount, openApiDocument } from "./openapi";
import { paymentsRouter } from "./payments";
import { walletsRouter } from "./wallets";
import { quickShopRouter } from "./quick-shop";
import { addressServiceRouter } from "./address-service";
import { quizAnswersRouter } from "./quiz-answers";
import { quizLookupRouter } from "./quiz-lookup";
import { questionServiceRouter } from "./quiz-questions";
import { searchRouter } from "./search";
import { shippingRouter } from "./shipping";
import { siteMiddleware } from "./site";
import { storeClockRouter } from "./store-clock";
import type { StoreClock } from "../domain/store-clock";
import { usersRouter } from "./users";

/** The most an API request body may carry. */
export const API_BODY_LIMIT = 100 * 1024;

export interface CommerceRouterOptions {
  shop: Shop;
  logger: Logger;
  /** Operators' key for stock updates (ADMIN_API_KEY); without it those endpoints do not exist. */
  adminKey: string | undefined;
  /** The operators' movable store clock (STORE_CLOCK_MOVABLE, decision 055); without it its endpoints do not exist. */
  storeClock?: StoreClock;
}

/** The commerce service's routers, where they are mounted, and the server each one's paths are relative to. */
export function commerceMounts({ shop, logger, adminKey, storeClock }: CommerceRouterOptions): Mount[] {
  const site = Router({ mergeParams: true });
  site.use(siteMiddleware(shop.brands));
  site.use(authentication(shop.tokens));
  // Carts first: the storefront keeps catalog answers and asks again rarely, but every cart page and
  // add to cart calls here. Express tries a path against every route before it, in order, and the
  // 46 routes that stood before the carts cost a cart call about 7% of its CPU (measured on one process).
  site.use(cartsRouter(shop.carts, shop.giftCards, shop.agents, shop.brands, shop.designs));
  site.use(searchRouter(shop.search, shop.coupons));
  site.use(catalogRouter(shop.catalog, adminKey, shop.coupons));
  site.use(contentRouter(shop.content));
  site.use(alertsRouter(shop.alerts));
  site.use(usersRouter(shop.accounts, shop.addresses, shop.agents));
  site.use(agentsRouter(shop.agents));
  site.use(shippingRouter());
  site.use(giftCardsRouter(shop.giftCards, shop.agents));
  site.use(couponsRouter(shop.coupons, shop.agents));
  site.use(paymentsRouter(shop.payments, shop.agents));
  site.use(quizAnswersRouter(shop.quizzes, shop.agents));
  site.use(quickShopRouter(shop.quickShop, shop.agents, shop.brands));
  site.use(checkoutRouter(shop.checkout, shop.accounts, shop.agents));
  site.use(walletsRouter(shop.wallets, shop.checkout, shop.agents));
  site.use(rewardsRouter(shop.perks, shop.agents));
  site.use(autoDeliveryRouter(shop.autoDelivery, shop.carts, shop.agents));
  site.use(campaignsRouter(shop.campaigns, shop.agents));
  site.use(campaignGuidesRouter(shop.campaignGuides));
  site.use(campaignSaleRouter(shop.campaignSale, shop.agents));
  site.use(monthlyBoxRouter(shop.monthlyBox, shop.monthlyBoxSubscriptions, shop.agents));
  site.use(brewerRegistrationRouter(shop.brewerRegistration, shop.agents));
  site.use(affiliatesRouter(shop.affiliates, adminKey));
  site.use(referralsRouter(shop.referrals, shop.agents));
  site.use(designsRouter(shop.designs, shop.agents));
  site.use(siteNoticesRouter(shop.siteNotices, shop.agents));
  site.use(tealiumTagsRouter(shop.tealiumTags, shop.agents));
  if (storeClock) site.use(storeClockRouter(storeClock, shop.autoDeliveryOrders, adminKey));
  // The spec's v1 loyalty calls: the same brands, tokens and errors as v2.
  const lms = Router({ mergeParams: true });
  lms.use(siteMiddleware(shop.brands));
  lms.use(authentication(shop.tokens));
  lms.use(loyaltyRouter(shop.perks, shop.agents));
  return [
    { path: "/rest/v2/:brand", router: site, server: "/rest/v2" },
    { path: "/rest/v1/lms/:brand", router: lms, server: "/" },
    { path: "/", router: oauthRouter(shop.tokens, logger), server: "/" },
    // Services of their own that happen to run here; the storefront reaches them by configured URLs.
    { path: "/rest/sensory/v1", router: quizLookupRouter(shop.quizzes), server: "/" },
    { path: "/rest/question-service", router: questionServiceRouter(shop.quizzes), server: "/" },
    { path: "/rest/address-service/v1", router: addressServiceRouter(shop.addressService), server: "/" },
  ];
}

/**
 * The commerce service: OCC-shaped REST under /rest/v2/{brand}/. Mounted in the storefront's
 * process by default, or served on its own by commerce/main.ts.
 */
export function createCommerceRouter(options: CommerceRouterOptions): Router {
  const api = Router();
  // Bodies are read only for API paths: the storefront's own form posts must reach React Router unread.
  api.use("/rest", refuseBodiesOver(API_BODY_LIMIT), express.json({ limit: API_BODY_LIMIT }), express.urlencoded({ extended: false, limit: API_BODY_LIMIT }));
  const mounts = commerceMounts(options);
  // Made from the routes' own operations when first asked for.
  let openapi: ReturnType<typeof openApiDocument> | undefined;
  api.get("/rest/v2/openapi.json", (_req, res) => {
    res.json((openapi ??= openApiDocument(mounts)));
  });
  for (const { path, router } of mounts) api.use(path, router);
  api.use("/rest", (req, _res, next) => {
    next(new ApiProblem(404, { type: "UnknownResourceError", message: `No API resource at ${req.method} ${req.originalUrl.split("?")[0]}.` }));
  });
  api.use(errorHandler(options.logger));
  return api;
}
