import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useRouteLoaderData } from "@remix-run/react";
import { StockAlertRequestSchema } from "../../commerce/contract/product";
import { messages } from "../brands/messages";
import { NotifyMeForm } from "../components/NotifyMeForm";
import { ApiError, clientContext } from "../lib/api-client.server";
import { handleEmailForm } from "../lib/email-form.server";
import { requestStockAlert } from "../models/product.server";
import type { loader as rootLoader } from "../root";

/** Notify me when an out-of-stock product is back (spec §7 alert/alertMe). */
export function action({ request, context }: ActionFunctionArgs) {
  return handleEmailForm({
    request,
    schema: StockAlertRequestSchema,
    param: "notify",
    anchor: "notify-heading",
    echo: ["productCode"],
    invalidMessage: context.lang === "fr" ? "Entrez une adresse courriel valide." : "Enter a valid email address.",
    submit: async ({ productCode, email }) => {
      try {
        await requestStockAlert(clientContext(context), productCode, email);
        return "registered";
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) return "alreadyRegistered";
        throw err;
      }
    },
  });
}

/** A GET here has nothing to show; send the shopper home. */
export function loader(_args: LoaderFunctionArgs) {
  return redirect("/");
}

export const meta: MetaFunction = () => [{ name: "robots", content: "noindex" }];

export default function NotifyMePage() {
  const actionData = useActionData<typeof action>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const lang = root?.lang ?? "en";
  return (
    <div className="narrow-page">
      <h1>{messages(lang).notifyHeading}</h1>
      <NotifyMeForm lang={lang} productCode={actionData?.echo?.productCode ?? ""} initial={actionData ?? undefined} />
    </div>
  );
}
