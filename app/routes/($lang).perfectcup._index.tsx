import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { CAFFEINE_CHOICES, DRINKS, FLAVOUR_FAMILIES, FORMATS, MAX_FLAVOURS, ROASTS } from "../../commerce/contract/quiz-choices";
import { BeverageAnswersSchema } from "../lib/schemas.server";
import { BeverageProblemSchema as ProblemSchema } from "../lib/quiz-forms.server";
import { format } from "../brands/locale";
import { quizMessages } from "../brands/quiz-messages";
import { clientContext } from "../lib/api-client.server";
import { shopperOf } from "../lib/account-forms.server";
import { readForm } from "../lib/form-body.server";
import { checkForm } from "../lib/form-validation.server";
import { FieldError, FormMessage, type FormProblem, keptText } from "../components/FormFields";
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
  const checked = checkForm(context, BeverageAnswersSchema, {
    drink: form.get("drink") ?? undefined,
    roast: form.get("roast") ?? undefined,
    flavours: form.getAll("flavours"),
    caffeine: form.get("caffeine") ?? undefined,
    format: form.get("format") ?? undefined,
  });
  if ("answer" in checked) return checked.answer;
  const api = clientContext(context);
  try {
    return redirect(localePath(context.lang, await submitBeverageQuiz(api, shopperOf(context), checked.data)), 303);
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

/** One question: its answers as radio buttons (or checkboxes), with the answer kept and the error beside it after a refused post. */
function Choices<V extends string>({
  name,
  legend,
  hint,
  values,
  labels,
  multiple,
  refused,
}: {
  name: string;
  legend: string;
  hint?: string;
  values: readonly V[];
  labels: Record<V, string>;
  multiple?: boolean;
  refused: FormProblem | undefined;
}) {
  const id = `quiz-${name}`;
  const error = refused?.fields?.[name];
  const kept = refused?.values?.[name];
  const chosen = (value: string) => (Array.isArray(kept) ? kept.includes(value) : keptText(refused, name) === value);
  return (
    <fieldset className={`quiz-question${error ? " field--invalid" : ""}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      {hint ? <p className="quiz-question__hint">{hint}</p> : null}
      {values.map((value) => (
        <label key={value} className="quiz-option">
          <input type={multiple ? "checkbox" : "radio"} name={name} value={value} required={!multiple} defaultChecked={chosen(value)} /> {labels[value]}
        </label>
      ))}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

export default function BeverageQuiz() {
  const { problem } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { lang, brand } = useShop();
  const t = quizMessages(lang, brand.id);
  const notice = problem === "unavailable" ? t.problemUnavailable : problem === "answers" ? t.problemAnswers : undefined;
  return (
    <div className="quiz-page">
      <h1>{t.beverageTitle}</h1>
      <p>{t.beverageIntro}</p>
      {notice ? (
        <p className="form-error" role="alert">
          {notice}
        </p>
      ) : null}
      <FormMessage state={refused} />
      <Form method="post" className="quiz-form">
        <Choices name="drink" legend={t.drinkQuestion} values={DRINKS} labels={t.drinks} refused={refused} />
        <Choices name="roast" legend={t.roastQuestion} hint={t.roastHint} values={ROASTS} labels={t.roasts} refused={refused} />
        <Choices
          name="flavours"
          legend={t.flavourQuestion}
          hint={format(t.flavourHint, { max: MAX_FLAVOURS })}
          values={FLAVOUR_FAMILIES}
          labels={t.flavours}
          multiple
          refused={refused}
        />
        <Choices name="caffeine" legend={t.caffeineQuestion} values={CAFFEINE_CHOICES} labels={t.caffeine} refused={refused} />
        <Choices name="format" legend={t.formatQuestion} values={FORMATS} labels={t.formats} refused={refused} />
        <button type="submit" className="button">
          {t.showResults}
        </button>
      </Form>
    </div>
  );
}
