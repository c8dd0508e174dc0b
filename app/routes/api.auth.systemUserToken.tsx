import type { LoaderFunctionArgs } from "react-router";
import { machineToken } from "../lib/auth-endpoints.server";

/** GET /api/auth/systemUserToken: the guest (machine-to-machine) token record. */
export function loader({ context }: LoaderFunctionArgs) {
  return machineToken(context);
}
