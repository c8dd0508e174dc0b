import type { ReactNode } from "react";
import { checkoutMessages } from "../../brands/checkout-messages";
import { useShop } from "../../lib/shop";

/** The checkout's phrases in the page's language. */
export function useCheckoutText() {
  const { lang, brand } = useShop();
  return { lang, brand, t: checkoutMessages(lang, brand.id) };
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
