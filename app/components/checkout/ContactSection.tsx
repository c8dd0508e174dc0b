import { Form, Link } from "react-router";
import { format } from "../../brands/locale";
import { localePath } from "../../lib/paths";
import { Field, FormMessage, SubmitButton } from "../FormFields";
import { CheckoutSection, type SectionProps, useCheckoutText } from "./CheckoutSection";

/** 1. Contact: a guest gives the address the confirmation goes to (or signs in); a member orders as themselves. */
export function ContactSection({ checkout, problem, webapp }: SectionProps & { webapp: boolean }) {
  const { lang, t } = useCheckoutText();
  return (
    <CheckoutSection id="contact" headingId="contact-heading" title={t.stepContact} step={{ name: "email", checkout }}>
      {checkout.guest ? (
        <>
          <Form method="post" preventScrollReset className="checkout-form">
            <input type="hidden" name="intent" value="email" />
            <FormMessage state={problem} />
            <Field
              form="contact"
              name="email"
              type="email"
              label={t.email}
              hint={t.emailHint}
              autoComplete="email"
              required
              defaultValue={checkout.email}
              state={problem}
            />
            <SubmitButton secondary={Boolean(checkout.email)}>{checkout.email ? t.change : t.saveAndContinue}</SubmitButton>
          </Form>
          {webapp ? null : (
            <p className="checkout-section__aside">
              {t.haveAccount}{" "}
              <Link to={`${localePath(lang, "/login")}?returnTo=${encodeURIComponent(localePath(lang, "/checkout/singlestep"))}`}>{t.signInForFaster}</Link>
            </p>
          )}
        </>
      ) : (
        <p>{format(t.orderingAs, { email: checkout.email ?? "" })}</p>
      )}
    </CheckoutSection>
  );
}
