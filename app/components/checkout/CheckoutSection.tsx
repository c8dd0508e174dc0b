import type { ReactNode } from "react";
import type { Checkout, CheckoutStep } from "../../../commerce/contract/checkout";
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

/**
 * One numbered section of the single-step checkout, reachable by its id (each section's post comes
 * back to the next one's). A section that stands for a step says whether the step is done; its
 * form stays open to change it.
 */
export function CheckoutSection({
  id,
  headingId,
  title,
  step,
  children,
}: {
  id: string;
  headingId: string;
  title: string;
  step?: { name: CheckoutStep; checkout: Checkout };
  children: ReactNode;
}) {
  const { t } = useCheckoutText();
  const done = step ? !step.checkout.missing.includes(step.name) : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={`checkout-section${done ? " checkout-section--done" : ""}`}>
      <h2 id={headingId}>
        {title}
        {done === undefined ? null : " "}
        {done === undefined ? null : (
          <span className={`checkout-section__state${done ? " checkout-section__state--done" : ""}`}>{done ? t.stepDone : t.stepToDo}</span>
        )}
      </h2>
      {children}
    </section>
  );
}
