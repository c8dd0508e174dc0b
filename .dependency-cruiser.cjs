/**
 * The house rules for who may import whom. `npm run lint:deps` checks them (and `npm test` runs it);
 * docs/decisions/008-one-way-layers.md explains why they are what they are.
 *
 * Paths are relative to the repository root. Type-only imports count too (tsPreCompilationDeps), so
 * "never imports" means never, not "only at run time".
 */

/** Test code: may use anything, including devDependencies. */
const TEST_FILES = ["^tests/", "[.](?:spec|test)[.](?:js|mjs|cjs|jsx|ts|mts|cts|tsx)$"];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // ---- the storefront reaches the commerce service only over HTTP ----
    {
      name: "app-only-contract-from-commerce",
      severity: "error",
      comment:
        "The storefront (app/, routes included) talks to the commerce service over HTTP only. From commerce/ it may import " +
        "the zod contract (commerce/contract/) and nothing else: no db, domain, http or service modules. " +
        "See docs/decisions/001-embedded-commerce-behind-http.md.",
      from: { path: "^app/" },
      to: { path: "^commerce/", pathNot: "^commerce/contract/" },
    },
    {
      name: "components-not-to-models",
      severity: "error",
      comment:
        "app/components are presentational: they get plain props from routes and never import app/models " +
        "(the server-side API calls), not even their types. Put shared view types in the component or in app/lib.",
      from: { path: "^app/components/" },
      to: { path: "^app/models/" },
    },
    {
      name: "composition-root-commerce-entry-points",
      severity: "error",
      comment:
        "server.ts and server/ compose the store. From commerce/ they may import only commerce/config (the service's settings) and " +
        "commerce/service (the one entry point that builds the service), plus the shared contract; the layers behind " +
        "them stay private to the service.",
      from: { path: "^server([.]ts$|/)" },
      to: {
        path: "^commerce/",
        pathNot: ["^commerce/config([.]ts|/)", "^commerce/service([.]ts|/)", "^commerce/contract/"],
      },
    },

    // ---- the commerce service's layers run one way: http -> domain -> db ----
    {
      name: "commerce-db-not-upward",
      severity: "error",
      comment:
        "commerce/db is the bottom layer: it never imports commerce/domain or commerce/http. Types it needs belong " +
        "in commerce/db/schema.ts or commerce/contract.",
      from: { path: "^commerce/db/" },
      to: { path: "^commerce/(domain|http)/" },
    },
    {
      name: "commerce-http-through-domain",
      severity: "error",
      comment:
        "commerce/http (routers, request parsing, error mapping) reaches the database only through commerce/domain; " +
        "it never imports commerce/db directly.",
      from: { path: "^commerce/http/" },
      to: { path: "^commerce/db/" },
    },
    {
      name: "commerce-domain-not-to-http",
      severity: "error",
      comment: "commerce/domain holds the rules; it knows nothing about HTTP: no commerce/http and no express.",
      from: { path: "^commerce/domain/" },
      to: { path: ["^commerce/http/", "(^|/)node_modules/(@types/)?express/", "^express$"] },
    },
    {
      name: "contract-stands-alone",
      severity: "error",
      comment: "commerce/contract is shared by both parts, so it depends on nothing of either: only itself, zod, lib/ and Node's own modules.",
      from: { path: "^commerce/contract/" },
      to: {
        dependencyTypesNot: ["core"],
        pathNot: ["^commerce/contract/", "^lib/", "(^|/)node_modules/zod/"],
      },
    },
    {
      name: "lib-is-neutral",
      severity: "error",
      comment: "lib/ holds helpers shared by both parts; it imports nothing from app/ or commerce/.",
      from: { path: "^lib/" },
      to: { path: "^(app|commerce)/" },
    },

    // ---- the usual ----
    {
      name: "no-circular",
      severity: "error",
      comment: "This module is part of an import cycle. Break it (move the shared piece down a layer, or invert the dependency).",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      comment: "This import cannot be resolved to a file on disk (a typo, a deleted file, or a package missing from package.json).",
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: "no-non-package-json",
      severity: "error",
      comment: "This module uses an npm package that package.json does not declare; add it to dependencies.",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "not-to-dev-dep",
      severity: "error",
      comment:
        "Production code (app, commerce, lib, server.ts, server/) uses a package from devDependencies, which a production install " +
        "does not have. Move the package to dependencies, or the code to tests/ or scripts/. Type-only imports are fine. " +
        "app/routes.ts is the build's route configuration, read by `react-router build` only.",
      from: { path: "^(app|commerce|lib|server)/|^server[.]ts$", pathNot: [...TEST_FILES, "^app/routes[.]ts$"] },
      to: { dependencyTypes: ["npm-dev"], dependencyTypesNot: ["type-only"], pathNot: ["node_modules/@types/"] },
    },
    {
      name: "dictionaries-stay-on-the-server",
      severity: "error",
      comment:
        "The shop's dictionaries (app/brands/messages.ts) hold every store language; a browser module that imports them, even " +
        "only for a loader or an action, carries all of them. Pages read the phrases from the root loader's data (useShop, " +
        "useMessages); server code reads them in a .server module (app/lib/page-texts.server.ts). Types are fine. " +
        "See docs/decisions/056-the-shops-phrases-with-the-root-loaders-data.md.",
      from: { path: "^app/", pathNot: ["[.]server[.]tsx?$", "^app/brands/"] },
      to: { path: "^app/brands/messages[.]ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "not-to-test",
      severity: "error",
      comment: "Production code never imports test code (tests/, *.test.*, *.spec.*).",
      from: { pathNot: TEST_FILES },
      to: { path: TEST_FILES },
    },
    {
      name: "no-deprecated-core",
      severity: "warn",
      comment: "This module uses a deprecated Node core module.",
      from: {},
      to: { dependencyTypes: ["core"], path: ["^punycode$", "^domain$", "^constants$", "^sys$", "^_linklist$", "^_stream_wrap$"] },
    },
  ],
  options: {
    doNotFollow: { path: ["node_modules"] },
    exclude: { path: ["^build/", "^data/", "^bench/bare-page/build/"] },
    moduleSystems: ["es6", "cjs"],
    // See type-only imports too, and tell them apart (dependencyTypes "type-only").
    tsPreCompilationDeps: true,
    // tsconfig.json maps ~/* to app/*; this makes those imports resolve.
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".jsx", ".d.ts", ".json"],
      mainFields: ["module", "main", "types", "typings"],
    },
    skipAnalysisNotInRules: true,
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
