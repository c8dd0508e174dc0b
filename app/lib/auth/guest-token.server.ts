import type { BrandId } from "../../../commerce/contract/common";
import type { ApiClientContext } from "../api-client.server";
import { requestGuestToken } from "../../models/account.server";

/** A guest token is renewed this long before it expires, so no call goes out with one about to lapse. */
const RENEW_BEFORE_MS = 60_000;

const held = new Map<BrandId, { token: string; renewAt: number }>();
const fetching = new Map<BrandId, Promise<string>>();

/**
 * The storefront's guest (machine-to-machine) token for this brand, which guest checkout calls
 * carry. One per brand and process, shared by every guest: it names the storefront, not the
 * shopper (their cart guid does that). Fetched once at a time and kept until shortly before expiry.
 */
export async function guestBearer(ctx: ApiClientContext, client: { id: string; secret: string }): Promise<string> {
  const brand = ctx.brand.id;
  const kept = held.get(brand);
  if (kept && kept.renewAt > Date.now()) return kept.token;
  const pending = fetching.get(brand);
  if (pending) return pending;
  const fetch = requestGuestToken(ctx, client)
    .then((tokens) => {
      held.set(brand, { token: tokens.access_token, renewAt: Date.now() + tokens.expires_in * 1000 - RENEW_BEFORE_MS });
      return tokens.access_token;
    })
    .finally(() => fetching.delete(brand));
  fetching.set(brand, fetch);
  return fetch;
}

/** A refused guest token (the service's keys changed) is fetched again on the next call. */
export function forgetGuestBearer(brand: BrandId): void {
  held.delete(brand);
}
