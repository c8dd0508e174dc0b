import sanitize from "sanitize-html";
import { staysInApp } from "./in-app-links";

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

/**
 * CMS HTML is written by editors and stored as written; it is cleaned here, on the server, before
 * it reaches any page. The cleaner parses the HTML as a stream (htmlparser2) rather than building a
 * DOM, so it costs each process a few megabytes, not the hundred a DOM implementation does, and a
 * paragraph about 75 µs; the content pages it is cleaned for are themselves kept (cms.server.ts).
 */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS);
}

/**
 * The same, for a page in the web-app wrapper (decision 084): a link that would leave the store's
 * origin keeps its words but stops being a link, and no link opens a new window.
 */
const IN_APP_OPTIONS: sanitize.IOptions = {
  ...OPTIONS,
  transformTags: {
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      if (href === undefined || !staysInApp(href)) return { tagName: "span", attribs: {} };
      return { tagName, attribs: { href, ...(title ? { title } : {}) } };
    },
  },
};

export function sanitizeHtmlInApp(html: string): string {
  return sanitize(html, IN_APP_OPTIONS);
}
