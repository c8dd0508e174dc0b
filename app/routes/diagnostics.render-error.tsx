import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { storefrontConfig } from "../config.server";
import { notFoundPage } from "../lib/page-errors.server";

/**
 * Operators' smoke test for the 500 page and error logging: renders a component that throws, and
 * answers a POST with an action that throws (React Router then shows the root's error page without
 * running the root loader, so the page has none of its data: no store, no language).
 * Exists only when DIAGNOSTIC_ROUTES=1 (staging, tests); everywhere else it is a plain 404.
 */
export function loader(_args: LoaderFunctionArgs) {
  if (!storefrontConfig().diagnosticRoutes) notFoundPage();
  return { armed: true };
}

export function action(_args: ActionFunctionArgs): never {
  if (!storefrontConfig().diagnosticRoutes) notFoundPage();
  throw new Error("diagnostic action error");
}

export default function RenderError(): never {
  throw new Error("diagnostic render error");
}
