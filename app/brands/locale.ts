import type { BrandId, Lang } from "../../commerce/contract/common";

/*
 * Which dictionary a page reads and how a phrase's placeholders are filled, apart from the
 * dictionaries themselves: components import these, and a module that imported them from a
 * messages module would load that module's every language into the browser.
 */

export type Locale = "en-US" | "en-CA" | "fr";

/** The Canadian store writes Canadian English; the US consumer and commercial stores, US English. */
export function localeOf(lang: Lang, brand?: BrandId): Locale {
  if (lang === "fr") return "fr";
  return brand === "cab2c" ? "en-CA" : "en-US";
}

/** Fills {name} placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ""));
}
