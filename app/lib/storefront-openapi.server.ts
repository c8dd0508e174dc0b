import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import type { StorefrontOperation } from "./storefront-operations.server";

/**
 * The storefront's own JSON endpoints, the ones the mobile web-app wrapper and scripts call
 * (decision 084), as an OpenAPI document at /api/openapi.json. The commerce service's document
 * (/rest/v2/openapi.json) describes the service, which may run on its own; these answer only
 * where the storefront runs, and act on the browser's session cookie, not on a bearer token.
 *
 * Each route describes its own operation on its handler (`loader.openapi`, `action.openapi`); this
 * module only collects them, as the commerce document walks its routers (decision 043).
 */

type Handler = { openapi?: StorefrontOperation };

/** What this module reads of a route module. */
export interface RouteModule {
  loader?: Handler;
  action?: Handler;
}

// The route modules themselves, by Vite's glob rather than a list of imports: a new route file is
// seen without anyone adding it here. The document's own route is left out, since it imports this
// module; the routes' helpers live in storefront-operations.server.ts, not here, for the same
// reason (a route assigns its description while it loads, before this module would be ready). The
// routes are all in the server build already, so reading them here costs nothing more.
const ROUTES = import.meta.glob<RouteModule>(["../routes/*.tsx", "!../routes/api.openapi\\[.\\]json.tsx"], { eager: true });

/** Where the wrapper and scripts call the store (decision 084): a route answering one of these paths must describe itself. */
const CALLED_BY_THE_WRAPPER = [/^\/api\/auth\//, /^\/_s\//, /^\/(tokenToSession|getSessionCartGuid|handleLoggedInUserCookies)$/, /^\/cart\/add$/];

/** The URL path a route file answers, by as much of the flat-routes naming as these routes use: a dot parts segments, brackets escape. */
export function routePath(file: string): string {
  const name = file.replace(/^.*\/routes\//, "").replace(/\.tsx$/, "");
  return `/${name
    .split(/\.(?![^[]*\])/)
    .map((segment) => segment.replace(/[[\]]/g, ""))
    .join("/")}`;
}

export interface DescribedOperation extends StorefrontOperation {
  method: "get" | "post";
}

/**
 * The operations the route modules (by file name) describe: a loader's is a GET, an action's a
 * POST. Throws, naming every problem, when a route the wrapper calls describes neither handler, or
 * when a description names another path than its route's.
 */
export function describedOperations(routes: Record<string, RouteModule>): DescribedOperation[] {
  const problems: string[] = [];
  const operations = Object.entries(routes).flatMap(([file, route]) => {
    const path = routePath(file);
    const described = [
      ...(route.loader?.openapi ? [{ method: "get" as const, ...route.loader.openapi }] : []),
      ...(route.action?.openapi ? [{ method: "post" as const, ...route.action.openapi }] : []),
    ];
    if (described.length === 0 && CALLED_BY_THE_WRAPPER.some((called) => called.test(path)))
      problems.push(`${file} answers ${path} for the web-app wrapper but describes neither its loader nor its action (\`openapi\`)`);
    for (const { path: named } of described) if (named !== path) problems.push(`${file} describes ${named}, but answers ${path}`);
    return described;
  });
  if (problems.length > 0) throw new Error(`The storefront's OpenAPI document cannot be made:\n${problems.join("\n")}`);
  return operations;
}

let made: ReturnType<typeof createDocument> | undefined;

/** The document, made once per process on first request. */
export function storefrontOpenApiDocument() {
  made ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Brewfront storefront endpoints",
      version: "1",
      description:
        "The storefront's own JSON endpoints: sign-in for scripts, and the calls of the mobile web-app wrapper. They act on the browser's SESSION cookie; a POST must carry an Origin (or Referer) naming the store. The commerce API is described at /rest/v2/openapi.json.",
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "web-app wrapper", description: "The mobile app's calls beside its web view (decision 084)" },
      { name: "sign-in", description: "Signing the session in and out, for scripts and the app" },
    ],
    paths: describedOperations(ROUTES).reduce<ZodOpenApiPathsObject>(
      (paths, { path, method, operation }) => ({ ...paths, [path]: { ...paths[path], [method]: operation } }),
      {},
    ),
  });
  return made;
}
