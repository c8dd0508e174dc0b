import { type AddressVerification, type AddressVerificationRequest, AddressVerificationSchema } from "../../commerce/contract/address-service";
import { storefrontConfig } from "../config.server";
import { type ApiClientContext, callApi } from "../lib/api-client.server";

/** Checkout does not wait longer than this for a verdict: past it, the shopper's address is kept as typed. */
const VERIFY_WAIT_MS = 5_000;

function verifyEndpoint(ctx: ApiClientContext): URL {
  const base = storefrontConfig().addressVerification.url ?? new URL("/rest/address-service/v1", ctx.apiBaseUrl).toString();
  return new URL(`${base.replace(/\/+$/, "")}/verify`);
}

/**
 * Asks the address-verification service (ADDRESS_VERIFICATION_URL, or the commerce API's own) how
 * the post office writes this address. Null when it does not answer in time or answers nonsense:
 * checkout then goes on with the address as typed, and the failure is logged (decision 081).
 */
export async function verifyAddress(ctx: ApiClientContext, address: AddressVerificationRequest): Promise<AddressVerification | null> {
  const endpoint = verifyEndpoint(ctx);
  try {
    return await callApi(
      { ...ctx, apiBaseUrl: endpoint.origin },
      {
        method: "POST",
        path: endpoint.pathname,
        json: address,
        headers: { "X-Api-Key": storefrontConfig().addressVerification.apiKey },
        schema: AddressVerificationSchema,
        deadlineMs: VERIFY_WAIT_MS,
      },
    );
  } catch (err) {
    ctx.logger.warn({ err, correlationId: ctx.correlationId, verifier: endpoint.origin }, "address verification unavailable: the address is kept as typed");
    return null;
  }
}
