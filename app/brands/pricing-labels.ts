import type { DeliveryMode, TaxLine, TaxName } from "../../commerce/contract/checkout-pricing";
import { formatDate, formatDateRange, formatPercent, type FormatLocale } from "../../lib/format";
import { format } from "./locale";

/*
 * Tax lines and arrival dates written from one language's phrases. No dictionary lives here: the
 * checkout page gets its language's phrases with its data (app/lib/page-texts.server.ts), and the
 * browser loads only these few lines.
 */

/** The phrases a tax line and an arrival estimate are written with. */
export interface PricingLabelTexts {
  /** Tax names as receipts print them in this language. */
  taxNames: Record<TaxName, string>;
  /** "{name} ({rate})": the rate comes formatted for the language ("9.975%", "9,975 %"). */
  taxLine: string;
  arrivesOn: string;
  arrivesBetween: string;
}

/** "QST (9.975%)", "TVQ (9,975 %)". */
export function taxLineText(line: Pick<TaxLine, "name" | "ratePercent">, t: PricingLabelTexts, locale: FormatLocale): string {
  return format(t.taxLine, { name: t.taxNames[line.name], rate: formatPercent(line.ratePercent, locale) });
}

/** "Arrives Tue, Dec 8 – Fri, Dec 11", or one date when the window is a single day. */
export function deliveryEstimateText(estimate: DeliveryMode["estimate"], t: PricingLabelTexts, locale: FormatLocale): string {
  if (estimate.earliest === estimate.latest) return format(t.arrivesOn, { date: formatDate(estimate.earliest, locale) });
  return format(t.arrivesBetween, { dates: formatDateRange(estimate.earliest, estimate.latest, locale) });
}
