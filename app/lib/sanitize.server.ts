import DOMPurify from "isomorphic-dompurify";

/**
 * CMS HTML is written by editors and stored as written; it is cleaned here, on the server, before
 * it reaches any page. Scripts, event handlers, iframes, forms and javascript: URLs are removed.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button", "iframe", "object", "embed"],
    FORBID_ATTR: ["style"],
  });
}

/** Spec §5: user-supplied text stripped of every HTML tag. */
export function stripTags(text: string): string {
  return DOMPurify.sanitize(text, { ALLOWED_TAGS: [], KEEP_CONTENT: true });
}
