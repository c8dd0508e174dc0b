/**
 * Card data must never reach a log line. Names of fields that carry it (a card number, a security
 * code, a gift card's PIN), whatever the object they sit in; both processes' pino loggers redact
 * them, and the request log masks them in query strings.
 */
const CARD_FIELDS = ["cardNumber", "card", "cvc", "cvv", "cvn", "securityCode", "pin"];

/** pino's `redact` option: the fields at the top of a logged object and up to two levels down. */
export const LOG_REDACTION = {
  paths: CARD_FIELDS.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
  censor: "[redacted]",
};

/** Query parameter names whose values are masked in logged URLs (cardNumber, card[number], cvc, pin…). */
const SENSITIVE_PARAMETER = /card|^(cvc|cvv|cvn|pan|pin|securitycode|number)$/i;

/** The URL as it may be logged: values of card parameters replaced, the rest untouched. */
export function urlForLog(url: string): string {
  const mark = url.indexOf("?");
  if (mark === -1) return url;
  const masked = url
    .slice(mark + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, " "));
      } catch {
        // A malformed escape is logged as sent; its value is masked below only if its name matches.
      }
      return SENSITIVE_PARAMETER.test(name.replace(/\[.*$/, "")) || /\[(number|cvc)\]/i.test(name) ? `${rawName}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, mark)}?${masked}`;
}
