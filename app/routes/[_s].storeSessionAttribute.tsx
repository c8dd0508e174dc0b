import type { ActionFunctionArgs } from "react-router";
import { jsonError } from "../lib/auth-endpoints.server";
import { storeSessionAttribute } from "../lib/web-app-session.server";

/** POST /_s/storeSessionAttribute {name, value}: the web-app wrapper keeps one allowed attribute in the session. */
export function action({ request, context }: ActionFunctionArgs) {
  return storeSessionAttribute(request, context);
}

/** A GET here is a mistake, said in JSON like the call's other refusals. */
export function loader() {
  return jsonError(405, "Use POST.", { Allow: "POST" });
}
