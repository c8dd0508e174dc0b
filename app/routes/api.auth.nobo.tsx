import type { LoaderFunctionArgs } from "react-router";
import { z } from "zod";
import { shopperOf } from "../lib/account-forms.server";
import { json } from "../lib/auth-endpoints.server";
import { type StorefrontOperation, jsonAnswer } from "../lib/storefront-operations.server";

/** GET /api/auth/nobo: whether an agent works in this session, and for which customer. */
export function loader({ context }: LoaderFunctionArgs) {
  const shopper = shopperOf(context);
  return json({ isNoboUser: !!shopper.agent, csAgentId: shopper.agent?.userId ?? null, customerId: shopper.actingFor?.customerId ?? null });
}

loader.openapi = {
  path: "/api/auth/nobo",
  operation: {
    summary: "Whether a customer-service agent works in this session, and for which customer",
    tags: ["sign-in"],
    responses: {
      200: jsonAnswer("The agent's state", z.object({ isNoboUser: z.boolean(), csAgentId: z.string().nullable(), customerId: z.string().nullable() })),
    },
  },
} satisfies StorefrontOperation;
