import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useActionData } from "react-router";
import { keptText } from "../components/FormFields";
import { NotifyMeForm } from "../components/NotifyMeForm";
import { clientContext } from "../lib/api-client.server";
import { handleEmailForm } from "../lib/email-form.server";
import { formPageHeaders } from "../lib/form-validation.server";
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
    notFoundMessage: "notifyUnknownProduct",
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
  const productCode = keptText(actionData, "productCode");
  return (
    <div className="narrow-page">
      <h1>{t.notifyHeading}</h1>
      {productCode ? (
        <NotifyMeForm lang={lang} productCode={productCode} initial={actionData} />
      ) : (
        <p>
          <Link to={localePath(lang, "/")}>{t.errorHome}</Link>
        </p>
      )}
    </div>
  );
}
