import { createContext, type ReactNode, useContext } from "react";
import type { Checkout, CheckoutStep } from "../../../commerce/contract/checkout";
import { localeFor } from "../../../commerce/contract/money";
import type { CheckoutPageTexts } from "../../lib/page-texts.server";
import { useShop } from "../../lib/shop";
import type { FormProblem } from "../FormFields";

/** What every section shows: the checkout as the service priced it, and the last refused post when it was the section's. */
export interface SectionProps {
  checkout: Checkout;
  problem: FormProblem | undefined;
}

const CheckoutTexts = createContext<CheckoutPageTexts | undefined>(undefined);

/** Gives the sections the phrases the checkout's loader sent in the page's language (decision 058). */
export const CheckoutTextsProvider = CheckoutTexts.Provider;

/** The checkout's phrases in the page's language, and the locale its numbers and punctuation follow (lib/format). */
export function useCheckoutText() {
  const { lang, brand } = useShop();
  const texts = useContext(CheckoutTexts);
  if (!texts) throw new Error("checkout sections render inside a CheckoutTextsProvider");
  return { lang, brand, t: texts.checkout, perksTexts: texts.perks, box: texts.box, pricing: texts.pricing, locale: localeFor(brand.currency, lang) };
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
