import { data, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { useLoaderData } from "react-router";
import { FormRefusedPage } from "../components/ErrorPage";
import { FORM_REFUSALS, isFormRefusal } from "../lib/form-refusal.server";
import { safeReturnPath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";

/**
 * Where a form the store could not take sends a browser (app/lib/form-refusal.server.ts): the
 * refusal's own 4xx, with the store's header, the reason in the shopper's language and the way
 * back to the page the form came from.
 */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const url = new URL(request.url);
  const asked = url.searchParams.get("reason");
  const reason = isFormRefusal(asked) ? asked : "unreadable";
  const back = safeReturnPath(url.searchParams.get("back"), context.lang === "fr" ? "/fr/" : "/");
  return data({ reason, back }, { status: FORM_REFUSALS[reason], headers: { "Cache-Control": "private, no-store" } });
}

export const meta: MetaFunction = ({ matches }) => {
  return [{ title: shopMeta(matches).t.formRefusedTitle }, { name: "robots", content: "noindex" }];
};

export default function FormRefused() {
  const { reason, back } = useLoaderData<typeof loader>();
  const { lang, brand } = useShop();
  return <FormRefusedPage reason={reason} back={back} lang={lang} brand={brand} />;
}
