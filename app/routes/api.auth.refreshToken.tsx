import type { ActionFunctionArgs } from "react-router";
import { z } from "zod";
import { refreshSession } from "../lib/auth-endpoints.server";
import { LoginStateSchema, type StorefrontOperation, jsonAnswer, post, refusal } from "../lib/storefront-operations.server";

/** POST /api/auth/refreshToken: refresh this session's tokens now. */
export function action({ context }: ActionFunctionArgs) {
  return refreshSession(context);
}

action.openapi = {
  path: "/api/auth/refreshToken",
  operation: post("Refreshes this session's tokens now (the page keeps none)", {
    tags: ["sign-in"],
    responses: {
      200: jsonAnswer("Refreshed", LoginStateSchema.extend({ expiresIn: z.number().int().meta({ description: "Seconds the new access token lasts" }) })),
      401: refusal("Not signed in"),
    },
  }),
} satisfies StorefrontOperation;
