import type { LoaderFunctionArgs } from "react-router";
import { webAppMessages } from "../brands/web-app-messages";
import { CACHE_CONTROL } from "../lib/cache";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page the service worker (public/sw.js) keeps and shows when a page cannot be reached: the
 * store's name and colours and what to do, in each of the store's languages. It holds nothing of
 * any shopper's, which is why it is the only page the worker keeps.
 */
export function loader({ context }: LoaderFunctionArgs) {
  const { brand, cspNonce } = context;
  const sections = brand.languages.map((lang) => {
    const t = webAppMessages(lang, brand.id);
    return `<section lang="${lang === "fr" ? "fr-CA" : "en"}"><h1>${escapeHtml(t.offlineTitle)}</h1><p>${escapeHtml(t.offlineText)}</p><p><a href="${lang === "fr" ? "/fr/" : "/"}">${escapeHtml(t.tryAgain)}</a></p></section>`;
  });
  const { primary, surface } = brand.theme;
  const html = `<!doctype html>
<html lang="${brand.languages[0] === "fr" ? "fr-CA" : "en"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${primary}">
<title>${escapeHtml(brand.name)}</title>
<style nonce="${cspNonce}">
body{margin:0;min-height:100vh;display:grid;place-content:center;gap:2rem;padding:1.5rem;background:${surface};color:#1d1b1a;font:1.0625rem/1.5 system-ui,sans-serif}
header{font-weight:700;font-size:1.25rem;color:${primary}}
h1{font-size:1.5rem;margin:0 0 .5rem}
section{max-width:32rem}
a{display:inline-block;padding:.75rem 1.25rem;border-radius:.5rem;background:${primary};color:#fff;font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid #1d1b1a;outline-offset:2px}
</style>
</head>
<body>
<header>${escapeHtml(brand.name)}</header>
<main>${sections.join("\n")}</main>
</body>
</html>
`;
  // It carries this response's nonce, so no shared cache may keep it (decision 013); the worker keeps its own copy.
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": CACHE_CONTROL.none } });
}
