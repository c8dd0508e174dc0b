import { CustomerDetailsSchema, SiteNoticesSchema } from "../../commerce/contract/site-notices";
import { type ApiClientContext, callApi } from "../lib/api-client.server";

/** users/current for a customer, users/{customerId} for an agent acting for one. */
const customer = (ctx: ApiClientContext) => encodeURIComponent(ctx.shopper?.actingFor?.customerId ?? "current");

/**
 * getCustomerDetails: the header's customer state in one call (first name, cart units, perks,
 * the employee flag, the cookies to write, the notices). `bearer` is for the sign-in, before the
 * session holds the tokens.
 */
export function getCustomerDetails(ctx: ApiClientContext, options: { bearer?: string; isSPCFlow?: boolean } = {}) {
  return callApi(ctx, {
    path: `users/${customer(ctx)}/getCustomerDetails`,
    query: { lang: ctx.lang, ...(options.isSPCFlow ? { isSPCFlow: "true" } : {}) },
    schema: CustomerDetailsSchema,
    auth: "required",
    bearer: options.bearer,
  });
}

/** getSiteNotifications: the customer's notices, dismissed ones left out. */
export function getSiteNotifications(ctx: ApiClientContext) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${customer(ctx)}/getSiteNotifications`,
    json: { lang: ctx.lang },
    schema: SiteNoticesSchema,
    auth: "required",
  });
}

/** Dismisses one notice; answers the notices left. */
export function dismissSiteNotification(ctx: ApiClientContext, key: string) {
  return callApi(ctx, {
    method: "POST",
    path: `users/${customer(ctx)}/dismissSiteNotification`,
    json: { key, lang: ctx.lang },
    schema: SiteNoticesSchema,
    auth: "required",
  });
}
