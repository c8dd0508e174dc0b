import sanitize from "sanitize-html";

/**
 * What editors' HTML may keep: text structure, lists, tables, links and images. Everything else
 * goes, with the content of scripts and style sheets: event handlers, style attributes, forms,
 * frames and embeds, and any URL that is not http(s), mailto or tel (javascript: links included).
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [...sanitize.defaults.allowedTags, "img", "picture", "source"],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "srcset", "sizes", "alt", "title", "width", "height", "loading"],
    source: ["srcset", "sizes", "media", "type"],
    "*": ["id", "class", "lang", "dir"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href", "src", "srcset", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
};

// The same editor HTML always cleans to the same result, so results are kept for the paragraphs
// pages show.
const cleaned = new Map<string, string>();
const MAX_CLEANED = 500;

/**
 * CMS HTML is written by editors and stored as written; it is cleaned here, on the server, before
 * it reaches any page. The cleaner parses the HTML as a stream (htmlparser2) rather than building a
 * DOM, so it costs each process a few megabytes, not the hundred a DOM implementation does.
 */
export function sanitizeHtml(html: string): string {
  const hit = cleaned.get(html);
  if (hit !== undefined) return hit;
  const clean = sanitize(html, OPTIONS);
  if (cleaned.size >= MAX_CLEANED) cleaned.delete(cleaned.keys().next().value!);
  cleaned.set(html, clean);
  return clean;
}
