// @ts-check
/**
 * ESLint for the whole repository (`npm run lint`, part of `npm test`).
 * docs/decisions/010-formatting-and-lint-in-npm-test.md says why; formatting itself is Prettier's job.
 */
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Production code of both parts; the environment is read in one module per part (docs/decisions/009). */
const PRODUCTION_CODE = ["app/**/*.{ts,tsx}", "commerce/**/*.ts", "lib/**/*.ts", "server.ts", "server/**/*.ts"];
const CONFIGURATION_MODULES = ["app/config.server.ts", "commerce/config.ts"];
const ENV_MESSAGE =
  "Read the environment only in app/config.server.ts (storefront) or commerce/config.ts (commerce service), and pass the values in. See docs/decisions/009-one-configuration-module-per-part.md.";

export default defineConfig([
  globalIgnores(["build/", "node_modules/", "bench/bare-page/build/", ".react-router/", "data/", "playwright-report/", "test-results/", ".cache/"]),

  js.configs.recommended,
  tseslint.configs.recommended,

  {
    name: "brewfront/defaults",
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      // `_name` marks a parameter or binding that is there on purpose but unused (e.g. Express's `_req`).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },

  {
    name: "brewfront/commonjs-files",
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
  },

  {
    // The storefront's modules run on the server and, for routes and components, in the browser too.
    name: "brewfront/storefront-globals",
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },

  {
    // The web app's service worker runs in the browser's worker scope (self, caches), not in Node.
    name: "brewfront/service-worker",
    files: ["public/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },

  {
    name: "brewfront/react-hooks",
    files: ["app/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
  },

  {
    name: "brewfront/jsx-a11y",
    files: ["**/*.tsx"],
    extends: [jsxA11y.flatConfigs.recommended],
  },

  {
    name: "brewfront/environment-in-configuration-modules-only",
    files: PRODUCTION_CODE,
    ignores: CONFIGURATION_MODULES,
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: ENV_MESSAGE }],
      "no-restricted-imports": ["error", { paths: ["process", "node:process"].map((name) => ({ name, importNames: ["env"], message: ENV_MESSAGE })) }],
      "no-restricted-syntax": [
        "error",
        { selector: "VariableDeclarator[init.name='process'] > ObjectPattern > Property[key.name='env']", message: ENV_MESSAGE },
      ],
    },
  },
]);
