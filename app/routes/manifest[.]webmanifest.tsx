import type { LoaderFunctionArgs } from "react-router";
import { webAppMessages } from "../brands/web-app-messages";
import { CACHE_CONTROL } from "../lib/cache";

/**
 * The installable web app's manifest, per store (by host) and language (`?lang=fr` from French
 * pages): the store's name and colours, its icons, and the home page to open in a window of its own.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const { brand } = context;
  const lang = new URL(request.url).searchParams.get("lang") === "fr" && brand.languages.includes("fr") ? "fr" : "en";
  const t = webAppMessages(lang, brand.id);
  const icon = (name: string, size: number, purpose: "any" | "maskable") => ({
    src: `/icons/${brand.id}-${name}.png`,
    sizes: `${size}x${size}`,
    type: "image/png",
    purpose,
  });
  const manifest = {
    id: lang === "fr" ? "/fr/" : "/",
    name: brand.name,
    short_name: brand.name,
    description: t.description,
    lang: lang === "fr" ? "fr-CA" : brand.currency === "CAD" ? "en-CA" : "en-US",
    start_url: lang === "fr" ? "/fr/" : "/",
    scope: "/",
    display: "standalone",
    theme_color: brand.theme.primary,
    background_color: brand.theme.surface,
    icons: [icon("192", 192, "any"), icon("512", 512, "any"), icon("maskable-512", 512, "maskable")],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": CACHE_CONTROL.feed },
  });
}
