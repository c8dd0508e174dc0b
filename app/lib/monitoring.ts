/**
 * What the server and the browser share about error monitoring (decision 083): the tags every
 * report carries and the scrubber every report passes before it leaves. Neither imports the
 * monitoring SDK, so a page that reports nothing loads none of it.
 */

import { cardBrandOf, cardDigits, luhnValid } from "../../commerce/contract/payment-card";

/** Who was browsing: never who they are. */
export type VisitorKind = "guest" | "customer" | "agent";

/** What a report says about the request or page an error happened in. */
export interface ErrorFacts {
  correlationId: string;
  brand?: string;
  lang?: string;
  visitor?: VisitorKind;
  /** Kept in the report only after its query's personal and card values are masked. */
  url?: string;
  method?: string;
}

/** Reports an uncaught error; present in the load context only when SENTRY_DSN is set. */
export interface ErrorMonitor {
  report(error: unknown, facts: ErrorFacts): void;
}

/** The browser reports errors only while this cookie says `on` (spec: client logging off by default). */
export const CLIENT_LOGGING_COOKIE = "clientLogging";

/** What the page hands the browser's reporter when its cookie is on: the DSN and the page's tags. */
export interface ClientMonitoringSettings {
  dsn: string;
  environment: string;
  tags: Record<string, string>;
}

export function visitorKind(shopper: { agent?: unknown; customer?: unknown } | undefined): VisitorKind {
  if (shopper?.agent) return "agent";
  return shopper?.customer ? "customer" : "guest";
}

/** The tags of a report: searchable in the monitoring service, and nothing personal. */
export function monitoringTags(facts: ErrorFacts): Record<string, string> {
  const tags: Record<string, string> = { correlation_id: facts.correlationId };
  if (facts.brand) tags.brand = facts.brand;
  if (facts.lang) tags.lang = facts.lang;
  if (facts.visitor) tags.visitor = facts.visitor;
  return tags;
}

const REDACTED = "[redacted]";

/**
 * Field names whose values never leave: card data, secrets, cookies and the Authorization header,
 * and personal details. `data` is a request's body and `cookies` its cookies wherever the SDK puts them.
 */
const SENSITIVE_KEY =
  /card|^(cvc|cvv|cvn|pan|pin|securitycode|security_code)$|passw|secret|token|authori[sz]ation|cookie|session|e-?mail|^(data|body|ip_address|username|phone|telephone|firstname|lastname|first_name|last_name|line1|line2|postalcode|postal_code)$/i;

/** Query parameters whose values are masked in any URL inside a report. */
const SENSITIVE_PARAMETER = /((?:^|[?&;])[^=&#\s]*(?:card|cvc|cvv|cvn|pin|pan|passw|secret|token|e-?mail|code|name|phone)[^=&#\s]*=)[^&#\s]*/gi;

/** An address as it appears in text or, percent-encoded, in a URL. */
const EMAIL = /[\w.+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+/gi;

/** 12 to 19 digits, possibly in groups split by spaces or dashes: a card number if its Luhn digit checks. */
const DIGIT_RUN = /\b\d(?:[ -]?\d){11,18}\b/g;

/**
 * A card number: a card brand's prefix and length, and a Luhn digit that checks. The Luhn check
 * alone passes one number in ten, a millisecond timestamp among them.
 */
const looksLikeCard = (digits: string) => luhnValid(digits) && cardBrandOf(digits) !== undefined;

/** A text with its e-mail addresses, card numbers and sensitive query values masked. */
export function scrubText(text: string): string {
  return text
    .replace(EMAIL, "[email]")
    .replace(DIGIT_RUN, (run) => (looksLikeCard(cardDigits(run)) ? "[card]" : run))
    .replace(SENSITIVE_PARAMETER, `$1${REDACTED}`);
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  // Reports are a few levels deep; anything deeper is not worth the risk of sending unread.
  if (depth > 12) return REDACTED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // The SDK's own bookkeeping (the raw request, its scopes) is dropped by the SDK before sending.
    if (depth === 0 && key === "sdkProcessingMetadata") out[key] = item;
    else if (!SENSITIVE_KEY.test(key)) out[key] = scrubValue(item, depth + 1);
  }
  return out;
}

/**
 * The monitoring SDK's `beforeSend` (and `beforeBreadcrumb`): the report without any field named
 * like card data, a secret, a cookie, an Authorization header, a request body or a personal detail,
 * and with e-mail addresses, Luhn-valid card numbers and sensitive query values masked in every text
 * (error messages, URLs, breadcrumbs). `user` keeps nothing but a non-personal id.
 */
export function scrubEvent<T extends object>(event: T): T {
  const scrubbed = scrubValue(event, 0) as Record<string, unknown>;
  const user = (event as { user?: { id?: unknown } }).user;
  if (user) {
    if (typeof user.id === "string" && !/@/.test(user.id)) scrubbed.user = { id: user.id };
    else delete scrubbed.user;
  }
  return scrubbed as T;
}
