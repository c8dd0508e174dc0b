import type { LoaderFunctionArgs } from "react-router";
import { shopperOf } from "../lib/account-forms.server";
import { json } from "../lib/auth-endpoints.server";

/** GET /api/auth/nobo: whether an agent works in this session, and for which customer. */
export function loader({ context }: LoaderFunctionArgs) {
  const shopper = shopperOf(context);
  return json({ isNoboUser: !!shopper.agent, csAgentId: shopper.agent?.userId ?? null, customerId: shopper.actingFor?.customerId ?? null });
}
