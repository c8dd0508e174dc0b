import { json } from "../lib/auth-endpoints.server";
import { storefrontOpenApiDocument } from "../lib/storefront-openapi.server";

/** GET /api/openapi.json: the storefront's own JSON endpoints, described (decision 084). */
export function loader() {
  return json(storefrontOpenApiDocument(), 200, { "Cache-Control": "public, max-age=300" });
}
