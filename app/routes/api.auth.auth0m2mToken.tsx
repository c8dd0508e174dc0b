import type { LoaderFunctionArgs } from "react-router";
import { machineToken } from "../lib/auth-endpoints.server";

/** GET /api/auth/auth0m2mToken: the guest (machine-to-machine) token record {accessToken, expireBy, timezoneOffset}. */
export function loader({ context }: LoaderFunctionArgs) {
  return machineToken(context);
}
