import type { ReactNode } from "react";
import type { Checkout } from "../../../commerce/contract/checkout";
import { localeFor } from "../../../commerce/contract/money";
import { checkoutMessages } from "../../brands/checkout-messages";
import { useShop } from "../../lib/shop";
import type { FormProblem } from "../FormFields";

/** What every section shows: the checkout as the service priced it, and the last refused post when it was the section's. */
export interface SectionProps {
  checkout: Checkout;
  problem: FormProblem | undefined;
}

/** The checkout's phrases in the page's language, and the locale its numbers and punctuation follow (lib/format). */
export function useCheckoutText() {
  const { lang, brand } = useShop();
  return { lang, brand, t: checkoutMessages(lang, brand.id), locale: localeFor(brand.currency, lang) };
}

/** One numbered section of the single-step checkout, reachable by its id (each section's post comes back to the next one's). */
export function CheckoutSection({ id, headingId, title, children }: { id: string; headingId: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={headingId} className="checkout-section">
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
