import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { ConfirmEmailPage } from "../components/EmailForm";
import { clientContext } from "../lib/api-client.server";
import { confirmFromForm, confirmationPage } from "../lib/email-form.server";
import { formPageHeaders } from "../lib/form-validation.server";
import { shopMeta, useShop } from "../lib/shop";
import { confirmNewsletter } from "../models/newsletter.server";

/** The link in the newsletter confirmation mail (French under /fr/): GET asks, POST confirms. */
export function loader({ request }: LoaderFunctionArgs) {
  return confirmationPage(request);
}

export function action({ request, context }: ActionFunctionArgs) {
  return confirmFromForm(request, (token) => confirmNewsletter(clientContext(context), token));
}

export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const { t } = shopMeta(matches);
  return [{ title: t.newsletterConfirmTitle }, { name: "robots", content: "noindex" }];
};

export default function NewsletterConfirmPage() {
  const asked = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useShop();
  return (
    <ConfirmEmailPage
      title={t.newsletterConfirmTitle}
      intro={t.newsletterConfirmIntro}
      button={t.confirmButton}
      state={answered ?? asked}
      messages={{ confirmed: t.newsletterConfirmed, invalid: t.confirmInvalid, expired: t.confirmExpired, failed: t.confirmFailed }}
    />
  );
}
