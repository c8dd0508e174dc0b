import type { ActionFunctionArgs } from "react-router";
import { jsonError } from "../lib/auth-endpoints.server";
import { SessionAttributeSchema, storeSessionAttribute } from "../lib/web-app-session.server";
import { type StorefrontOperation, StoredAttributeSchema, body, jsonAnswer, post, refusal, tooMany } from "../lib/storefront-operations.server";

/** POST /_s/storeSessionAttribute {name, value}: the web-app wrapper keeps one allowed attribute in the session. */
export function action({ request, context }: ActionFunctionArgs) {
  return storeSessionAttribute(request, context);
}

action.openapi = {
  path: "/_s/storeSessionAttribute",
  operation: post(
    "Keeps one allowed attribute in this browser's session: the checkout sign-in markers, or the auto-delivery frequency the checkout starts from",
    {
      tags: ["web-app wrapper"],
      requestBody: body(SessionAttributeSchema),
      responses: { 200: jsonAnswer("Kept", StoredAttributeSchema), 400: refusal("A name outside the list, or a value out of shape"), 429: tooMany },
    },
  ),
} satisfies StorefrontOperation;

/** A GET here is a mistake, said in JSON like the call's other refusals. */
export function loader() {
  return jsonError(405, "Use POST.", { Allow: "POST" });
}
