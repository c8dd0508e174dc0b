import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { Form, useActionData, useLoaderData } from "react-router";
import { AnswerSchema } from "../lib/schemas.server";
import { BrewerProblemSchema as ProblemSchema, BrewerStepSchema as StepSchema } from "../lib/quiz-forms.server";
import { format } from "../brands/locale";
import { quizMessages } from "../brands/quiz-messages";
import { clientContext } from "../lib/api-client.server";
import { shopperOf } from "../lib/account-forms.server";
import { readFormFields } from "../lib/form-body.server";
import { checkForm } from "../lib/form-validation.server";
import { FieldError, FormMessage } from "../components/FormFields";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { answerBrewerQuiz, brewerQuizBack, currentBrewerQuiz, currentInput, restartBrewerQuiz } from "../models/quiz-questions.server";
import { logQuizFailure, QuizUnavailable } from "../models/quiz.server";

/**
 * The brewer quiz, one question at a time from the question service; the quiz in progress lives
 * in the session, so the page is the same with or without JavaScript.
 */
export async function loader({ params, context, request }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const problem = ProblemSchema.parse(new URL(request.url).searchParams.get("problem") ?? undefined);
  const api = clientContext(context);
  const noStore = { "Cache-Control": "private, no-store" };
  try {
    const state = await currentBrewerQuiz(api, shopperOf(context));
    const question = currentInput(state);
    return data({ problem, question, current: state.currentQuestion, total: state.totalQuestion, canGoBack: state.questions.length > 0 }, { headers: noStore });
  } catch (err) {
    if (!(err instanceof QuizUnavailable)) throw err;
    logQuizFailure(api, "brewer", err);
    return data({ problem: err.reason, question: undefined, current: 0, total: 0, canGoBack: false }, { status: 503, headers: noStore });
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const start = localePath(context.lang, "/coffeemakerquiz");
  const step = checkForm(context, StepSchema, await readFormFields(request));
  if ("answer" in step) return step.answer;
  const shopper = shopperOf(context);
  const api = clientContext(context);
  try {
    switch (step.data.intent) {
      case "restart":
        await restartBrewerQuiz(shopper);
        return redirect(start, 303);
      case "previous":
        await brewerQuizBack(api, shopper);
        return redirect(start, 303);
      case "answer": {
        const answer = AnswerSchema.safeParse({ question: step.data.question, value: step.data.value });
        if (!answer.success) {
          await restartBrewerQuiz(shopper);
          return redirect(`${start}?problem=answers`, 303);
        }
        return redirect(localePath(context.lang, await answerBrewerQuiz(api, shopper, answer.data)), 303);
      }
    }
  } catch (err) {
    if (!(err instanceof QuizUnavailable)) throw err;
    logQuizFailure(api, "brewer", err);
    await restartBrewerQuiz(shopper);
    return redirect(`${start}?problem=${err.reason}`, 303);
  }
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: quizMessages(lang, brand?.id).brewerTitle }];
};

export default function BrewerQuiz() {
  const { problem, question, current, total, canGoBack } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const error = refused?.fields?.value;
  const { lang, brand } = useShop();
  const t = quizMessages(lang, brand.id);
  const notice = problem === "unavailable" ? t.problemUnavailable : problem === "auth" ? t.problemAuth : problem === "answers" ? t.problemAnswers : undefined;
  return (
    <div className="quiz-page">
      <h1>{t.brewerTitle}</h1>
      <p>{t.brewerIntro}</p>
      {notice ? (
        <p className="form-error" role="alert">
          {notice}
        </p>
      ) : null}
      {question ? (
        <Form method="post" className="quiz-form" key={question.id}>
          <p className="quiz-progress" aria-live="polite">
            {format(t.questionOf, { current, total })}
          </p>
          <input type="hidden" name="question" value={question.id} />
          <FormMessage state={refused} />
          <fieldset className={`quiz-question${error ? " field--invalid" : ""}`} aria-describedby={error ? "quiz-value-error" : undefined}>
            <legend>{question.text}</legend>
            {question.options.map((o) => (
              <label key={o.value} className="quiz-option">
                <input type="radio" name="value" value={o.value} required /> {o.text}
              </label>
            ))}
            <FieldError id="quiz-value" error={error} />
          </fieldset>
          <p className="quiz-actions">
            <button type="submit" name="intent" value="answer" className="button">
              {t.next}
            </button>{" "}
            {canGoBack ? (
              <button type="submit" name="intent" value="previous" className="button button--secondary" formNoValidate>
                {t.back}
              </button>
            ) : null}{" "}
            <button type="submit" name="intent" value="restart" className="link-button" formNoValidate>
              {t.startOver}
            </button>
          </p>
        </Form>
      ) : (
        <p>
          <a href={localePath(lang, "/coffeemakerquiz")} className="button">
            {t.tryAgain}
          </a>
        </p>
      )}
    </div>
  );
}
