import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { ConfirmEmailPage } from "../components/EmailForm";
import { clientContext } from "../lib/api-client.server";
import { confirmFromForm, confirmationPage } from "../lib/email-form.server";
import { formPageHeaders } from "../lib/form-validation.server";
import { shopMeta, useShop } from "../lib/shop";
import { confirmStockAlert } from "../models/product.server";

/** The link in the notify confirmation mail (French under /fr/): GET asks, POST confirms. */
export function loader({ request }: LoaderFunctionArgs) {
  return confirmationPage(request);
}

export function action({ request, context }: ActionFunctionArgs) {
  return confirmFromForm(request, (token) => confirmStockAlert(clientContext(context), token));
}

export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const { t } = shopMeta(matches);
  return [{ title: t.notifyConfirmTitle }, { name: "robots", content: "noindex" }];
};

export default function NotifyMeConfirmPage() {
  const asked = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useShop();
  return (
    <ConfirmEmailPage
      title={t.notifyConfirmTitle}
      intro={t.notifyConfirmIntro}
      button={t.confirmButton}
      state={answered ?? asked}
      messages={{ confirmed: t.notifyConfirmed, invalid: t.confirmInvalid, expired: t.confirmExpired, failed: t.confirmFailed }}
    />
  );
}
