import { DataLayerSchema, type TealiumTagsRequest } from "../../commerce/contract/analytics";
import type { CheckoutCaller } from "./checkout.server";
import { checkoutCall } from "./checkout.server";

/**
 * getTealiumTags: the service's data layer for a page, as the cart's and order's owner (a member's
 * token, or the guest token with the cart's guid). Called only with analytics consent (decision 080).
 */
export function getTealiumTags(c: CheckoutCaller, request: Partial<TealiumTagsRequest> & Pick<TealiumTagsRequest, "pageType">) {
  return checkoutCall(c, { method: "POST", path: "getTealiumTags", json: request, schema: DataLayerSchema });
}
