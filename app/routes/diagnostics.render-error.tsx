import type { LoaderFunctionArgs } from "@remix-run/node";
import { storefrontConfig } from "../config.server";
import { notFoundPage } from "../lib/page-errors.server";

/**
 * Operators' smoke test for the 500 page and error logging: renders a component that throws.
 * Exists only when DIAGNOSTIC_ROUTES=1 (staging, tests); everywhere else it is a plain 404.
 */
export function loader(_args: LoaderFunctionArgs) {
  if (!storefrontConfig().diagnosticRoutes) notFoundPage();
  return { armed: true };
}

export default function RenderError(): never {
  throw new Error("diagnostic render error");
}
