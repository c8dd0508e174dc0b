import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { messages } from "../brands/messages";
import { NotifyMeForm } from "../components/NotifyMeForm";
import { clientContext } from "../lib/api-client.server";
import { formPageHeaders, handleEmailForm } from "../lib/email-form.server";
import { localePath } from "../lib/paths";
import { StockAlertRequestSchema } from "../lib/schemas.server";
import { useShop } from "../lib/shop";
import { requestStockAlert } from "../models/product.server";

/** Notify me when an out-of-stock product is back (the API's alert/alertMe). */
export function action({ request, context }: ActionFunctionArgs) {
  return handleEmailForm({
    request,
    schema: StockAlertRequestSchema,
    param: "notify",
    anchor: "notify-heading",
    echo: ["productCode"],
    invalidMessage: messages(context.lang).invalidEmail,
    // Until app/brands/messages.ts has a notifyUnknownProduct entry.
    notFoundMessage:
      context.lang === "fr"
        ? "Ce produit n’existe plus; choisissez-en un autre dans le magasin."
        : "We don't have that product anymore; please choose another in the store.",
    // Always "pending": whether the shopper was already waiting is not told.
    submit: async ({ productCode, email }, lang) => (await requestStockAlert(clientContext({ ...context, lang }), productCode, email)).status,
    form: "notify",
    context,
  });
}

/** The page itself only shows the form again after a rejected post (400); a plain visit links home. */
export function loader(_args: LoaderFunctionArgs) {
  return null;
}

export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function NotifyMePage() {
  const actionData = useActionData<typeof action>();
  const { lang, t } = useShop();
  return (
    <div className="narrow-page">
      <h1>{t.notifyHeading}</h1>
      {actionData?.echo?.productCode ? (
        <NotifyMeForm lang={lang} productCode={actionData.echo.productCode} initial={actionData} />
      ) : (
        <p>
          <Link to={localePath(lang, "/")}>{t.errorHome}</Link>
        </p>
      )}
    </div>
  );
}
