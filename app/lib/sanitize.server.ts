import DOMPurify from "isomorphic-dompurify";

// Cleaning runs a DOM (jsdom) and costs about a millisecond per paragraph; the same editor HTML
// always cleans to the same result, so results are kept for the paragraphs pages show.
const cleaned = new Map<string, string>();
const MAX_CLEANED = 500;

/**
 * CMS HTML is written by editors and stored as written; it is cleaned here, on the server, before
 * it reaches any page. Scripts, event handlers, iframes, forms and javascript: URLs are removed.
 */
export function sanitizeHtml(html: string): string {
  const hit = cleaned.get(html);
  if (hit !== undefined) return hit;
  const clean = DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "iframe", "object", "embed"],
    FORBID_ATTR: ["style"],
  });
  if (cleaned.size >= MAX_CLEANED) cleaned.delete(cleaned.keys().next().value!);
  cleaned.set(html, clean);
  return clean;
}
