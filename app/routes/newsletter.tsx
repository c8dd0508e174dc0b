import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData } from "react-router";
import { NewsletterForm } from "../components/NewsletterForm";
import { clientContext } from "../lib/api-client.server";
import { handleEmailForm } from "../lib/email-form.server";
import { formPageHeaders } from "../lib/form-validation.server";
import { NewsletterSignupSchema } from "../lib/schemas.server";
import { shopMeta, useShop } from "../lib/shop";
import { signUpForNewsletter } from "../models/newsletter.server";

/** Footer newsletter sign-up (the API's kpcEmailSignup). */
export function action({ request, context }: ActionFunctionArgs) {
  return handleEmailForm({
    request,
    schema: NewsletterSignupSchema,
    param: "newsletter",
    anchor: "newsletter-heading",
    // Always "pending": known and unknown addresses get the same answer.
    submit: async ({ email }, lang) => (await signUpForNewsletter(clientContext({ ...context, lang }), email)).status,
    form: "newsletter",
    context,
  });
}

export function loader(_args: LoaderFunctionArgs) {
  return null;
}

export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const { t } = shopMeta(matches);
  return [{ title: t.newsletterPageTitle }, { name: "robots", content: "noindex" }];
};

export default function NewsletterPage() {
  const actionData = useActionData<typeof action>();
  const { lang, t } = useShop();
  return (
    <div className="narrow-page">
      <h1>{t.newsletterPageTitle}</h1>
      <NewsletterForm lang={lang} initial={actionData ?? undefined} id="newsletter-page" />
    </div>
  );
}
