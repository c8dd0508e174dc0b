import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CAFFEINE_CHOICES, DRINKS, FLAVOUR_FAMILIES, FORMATS, MAX_FLAVOURS, ROASTS } from "../../commerce/contract/quiz-choices";
import { BeverageAnswersSchema } from "../lib/schemas.server";
import { BeverageProblemSchema as ProblemSchema } from "../lib/quiz-forms.server";
import { format } from "../brands/messages";
import { quizMessages } from "../brands/quiz-messages";
import { clientContext } from "../lib/api-client.server";
import { shopperOf } from "../lib/account-forms.server";
import { describeIssues, readForm } from "../lib/form-body.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { logQuizFailure, QuizUnavailable, submitBeverageQuiz } from "../models/quiz.server";

/** The beverage quiz: five questions on one plain form. */
export function loader({ params, context, request }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const problem = ProblemSchema.parse(new URL(request.url).searchParams.get("problem") ?? undefined);
  return data({ problem }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const form = await readForm(request);
  const t = quizMessages(context.lang, context.brand.id);
  const parsed = BeverageAnswersSchema.safeParse({
    drink: form.get("drink") ?? undefined,
    roast: form.get("roast") ?? undefined,
    flavours: form.getAll("flavours"),
    caffeine: form.get("caffeine") ?? undefined,
    format: form.get("format") ?? undefined,
  });
  if (!parsed.success) return data({ error: format(t.problemForm, { reason: describeIssues(parsed.error) }) }, { status: 400 });
  const api = clientContext(context);
  try {
    return redirect(localePath(context.lang, await submitBeverageQuiz(api, shopperOf(context), parsed.data)), 303);
  } catch (err) {
    if (!(err instanceof QuizUnavailable)) throw err;
    logQuizFailure(api, "beverage", err);
    return redirect(`${localePath(context.lang, "/perfectcup")}?problem=unavailable`, 303);
  }
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: quizMessages(lang, brand?.id).beverageTitle }];
};

function Choices<V extends string>({
  name,
  legend,
  hint,
  values,
  labels,
  multiple,
}: {
  name: string;
  legend: string;
  hint?: string;
  values: readonly V[];
  labels: Record<V, string>;
  multiple?: boolean;
}) {
  return (
    <fieldset className="quiz-question">
      <legend>{legend}</legend>
      {hint ? <p className="quiz-question__hint">{hint}</p> : null}
      {values.map((value) => (
        <label key={value} className="quiz-option">
          <input type={multiple ? "checkbox" : "radio"} name={name} value={value} required={!multiple} /> {labels[value]}
        </label>
      ))}
    </fieldset>
  );
}

export default function BeverageQuiz() {
  const { problem } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { lang, brand } = useShop();
  const t = quizMessages(lang, brand.id);
  const notice = refused?.error ?? (problem === "unavailable" ? t.problemUnavailable : problem === "answers" ? t.problemAnswers : undefined);
  return (
    <div className="quiz-page">
      <h1>{t.beverageTitle}</h1>
      <p>{t.beverageIntro}</p>
      {notice ? (
        <p className="form-error" role="alert">
          {notice}
        </p>
      ) : null}
      <Form method="post" className="quiz-form">
        <Choices name="drink" legend={t.drinkQuestion} values={DRINKS} labels={t.drinks} />
        <Choices name="roast" legend={t.roastQuestion} hint={t.roastHint} values={ROASTS} labels={t.roasts} />
        <Choices
          name="flavours"
          legend={t.flavourQuestion}
          hint={format(t.flavourHint, { max: MAX_FLAVOURS })}
          values={FLAVOUR_FAMILIES}
          labels={t.flavours}
          multiple
        />
        <Choices name="caffeine" legend={t.caffeineQuestion} values={CAFFEINE_CHOICES} labels={t.caffeine} />
        <Choices name="format" legend={t.formatQuestion} values={FORMATS} labels={t.formats} />
        <button type="submit" className="button">
          {t.showResults}
        </button>
      </Form>
    </div>
  );
}
