import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { Form, useLoaderData } from "react-router";
import { quizMessages } from "../brands/quiz-messages";
import type { QuizPick } from "../components/QuizProductList";
import { CartAddedNotice } from "../components/CartAddedNotice";
import { QuizProductList } from "../components/QuizProductList";
import { clientContext } from "../lib/api-client.server";
import { shopperOf } from "../lib/account-forms.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { toCard } from "../models/product.server";
import { brewerResults } from "../models/quiz-questions.server";
import { featureValue, logQuizFailure, QuizUnavailable } from "../models/quiz.server";

/** The brewer quiz's results: the brewers (the brand's default one at its place), each with add to cart. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const api = clientContext(context);
  try {
    const results = await brewerResults(api, shopperOf(context), new URL(request.url).searchParams.get("codes"));
    if ("redirect" in results) throw redirect(localePath(context.lang, results.redirect));
    const picks: QuizPick[] = results.products.map((p) => ({
      card: toCard(p),
      facts: ["reservoir", "cupSizes", "iced"]
        .map((code) => ({ code, value: featureValue(p, code) }))
        .filter((f): f is { code: string; value: string } => f.value !== undefined)
        .map((f) => ({ label: featureName(p, f.code), value: f.value })),
      addCode: p.baseProduct ? p.code : (p.defaultVariantCode ?? p.code),
      ourPick: p.code === results.defaultProduct,
    }));
    return data({ picks, shareablePath: results.shareablePath }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (err) {
    if (!(err instanceof QuizUnavailable)) throw err;
    logQuizFailure(api, "brewer", err);
    throw redirect(`${localePath(context.lang, "/coffeemakerquiz")}?problem=unavailable`);
  }
}

/** The feature's name as the catalog writes it in this language. */
function featureName(product: Parameters<typeof featureValue>[0], code: string): string {
  for (const c of product.classifications ?? []) {
    const feature = c.features.find((f) => f.code === code);
    if (feature) return feature.name;
  }
  return code;
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: quizMessages(lang, brand?.id).brewerResultsTitle }, { name: "robots", content: "noindex" }];
};

export default function BrewerQuizResults() {
  const { picks, shareablePath } = useLoaderData<typeof loader>();
  const { lang, brand } = useShop();
  const t = quizMessages(lang, brand.id);
  return (
    <div className="quiz-page">
      <h1>{t.brewerResultsTitle}</h1>
      {/* Without JavaScript an add to cart comes back here with ?added= or ?cartError= (with it, a snackbar says so). */}
      <CartAddedNotice lang={lang} errors />
      <QuizProductList picks={picks} lang={lang} ourPickLabel={t.ourPick} />
      <Form method="post" action={`${localePath(lang, "/coffeemakerquiz")}?index`} className="quiz-actions">
        <button type="submit" name="intent" value="restart" className="button button--secondary">
          {t.retake}
        </button>{" "}
        <a href={localePath(lang, shareablePath)}>{t.shareResults}</a>
      </Form>
    </div>
  );
}
