import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { Link, useLoaderData } from "react-router";
import { format } from "../brands/locale";
import { answerText, quizMessages } from "../brands/quiz-messages";
import type { QuizPick } from "../components/QuizProductList";
import { CartAddedNotice } from "../components/CartAddedNotice";
import { QuizProductList } from "../components/QuizProductList";
import { clientContext } from "../lib/api-client.server";
import { shopperOf } from "../lib/account-forms.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { getLayoutContent } from "../models/cms.server";
import { toCard } from "../models/product.server";
import { beverageResults, featureValue, logQuizFailure, QuizUnavailable, variantToAdd } from "../models/quiz.server";

/** The beverage quiz's results: four products that fit, the taste profile, add to cart, retake. */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const api = clientContext(context);
  const linked = new URL(request.url).searchParams.get("answers");
  try {
    const layout = await getLayoutContent(api).catch(() => undefined);
    const size = Number(layout?.siteConfig["productDetails.defaultSize"] ?? 20);
    const results = await beverageResults(api, shopperOf(context), linked, size);
    if ("redirect" in results) throw redirect(localePath(context.lang, results.redirect));
    const t = quizMessages(context.lang, context.brand.id);
    const picks: QuizPick[] = results.products.map((p) => ({
      card: toCard(p),
      facts: [
        { label: t.productRoast, value: featureValue(p, "roast") },
        { label: t.productFlavour, value: featureValue(p, "flavour") },
        { label: t.productCaffeine, value: featureValue(p, "caffeine") },
      ].filter((f): f is { label: string; value: string } => f.value !== undefined),
      addCode: variantToAdd(p, results.answers),
    }));
    // None of the picks fits every answer: the page says so, and which answers they were chosen without.
    const relaxed =
      results.relaxed.length > 0
        ? {
            lead: format(t.noExactMatch, { drink: t.drinkNouns[results.answers.drink] }),
            intro: results.relaxed.length === 1 ? t.relaxedOne : t.relaxedMany,
            answers: results.relaxed.map((q) => format(t.answerGiven, { question: t.questionNames[q], answer: answerText(t, results.answers, q) })),
          }
        : undefined;
    return data(
      { picks, relaxed, roast: results.advice.roast, flavour: results.advice.flavour, source: results.source, shareablePath: results.shareablePath },
      { headers: { "Cache-Control": "private, no-store" } },
    );
  } catch (err) {
    if (!(err instanceof QuizUnavailable)) throw err;
    logQuizFailure(api, "beverage", err);
    throw redirect(`${localePath(context.lang, "/perfectcup")}?problem=unavailable`);
  }
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: quizMessages(lang, brand?.id).beverageResultsTitle }, { name: "robots", content: "noindex" }];
};

export default function BeverageQuizResults() {
  const { picks, relaxed, roast, flavour, source, shareablePath } = useLoaderData<typeof loader>();
  const { lang, brand } = useShop();
  const t = quizMessages(lang, brand.id);
  return (
    <div className="quiz-page">
      <h1>{t.beverageResultsTitle}</h1>
      {source === "account" ? <p className="notice">{t.savedNotice}</p> : null}
      <section className="quiz-profile" aria-labelledby="quiz-profile-heading">
        <h2 id="quiz-profile-heading">{t.profileHeading}</h2>
        <p>{format(t.profileRoast, { roast: t.profileRoasts[roast] })}</p>
        <p>{format(t.profileFlavour, { flavour: t.flavours[flavour] })}</p>
      </section>
      {relaxed ? (
        <section className="notice quiz-relaxed" aria-labelledby="quiz-relaxed-lead">
          <p id="quiz-relaxed-lead">
            <strong>{relaxed.lead}</strong> {relaxed.intro}
          </p>
          <ul>
            {relaxed.answers.map((a) => (
              <li key={a}>{a}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {/* Without JavaScript an add to cart comes back here with ?added= or ?cartError= (with it, a snackbar says so). */}
      <CartAddedNotice lang={lang} errors />
      <QuizProductList picks={picks} lang={lang} />
      <p className="quiz-actions">
        <Link to={localePath(lang, "/perfectcup")} className="button button--secondary">
          {t.retake}
        </Link>{" "}
        <a href={localePath(lang, shareablePath)}>{t.shareResults}</a>
      </p>
    </div>
  );
}
