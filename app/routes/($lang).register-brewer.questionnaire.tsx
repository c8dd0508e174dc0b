import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { useLoaderData } from "react-router";
import { z } from "zod";
import { QuestionnaireAnswersSchema, SerialNumberInputSchema } from "../../commerce/contract/brewer-registration";
import { format } from "../brands/locale";
import { registrationMessages } from "../brands/registration-messages";
import { AccountForm, SubmitButton } from "../components/FormFields";
import { clientContext } from "../lib/api-client.server";
import { requireAccountHolder } from "../lib/account-guard.server";
import { registrationProblem } from "../lib/brewer-registration-forms.server";
import { readFormFields } from "../lib/form-body.server";
import { checkForm, formPageHeaders } from "../lib/form-validation.server";
import { notFoundPage, orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { answerQuestionnaire, brewerQuestionnaire, registeredBrewers, welcomeCoupon } from "../models/brewer-registration.server";

const blankAsAbsent = (v: unknown) => (v === "" ? undefined : v);

/** The posted fields as the questionnaire's answers: one choice per question, a checkbox per drink (`favouriteDrinks.coffee=on`). */
function answersOfForm(form: Record<string, string>) {
  return {
    serialNumber: form.sn,
    skip: form.intent === "skip",
    answers: {
      householdSize: blankAsAbsent(form.householdSize),
      cupsPerDay: blankAsAbsent(form.cupsPerDay),
      purchasedFrom: blankAsAbsent(form.purchasedFrom),
      favouriteDrinks: Object.keys(form)
        .filter((k) => k.startsWith("favouriteDrinks."))
        .map((k) => k.slice("favouriteDrinks.".length)),
    },
  };
}

const QuestionnaireFormSchema = z.object({ serialNumber: SerialNumberInputSchema, skip: z.boolean(), answers: QuestionnaireAnswersSchema });

/** /register-brewer/questionnaire?sn=: four optional questions about the customer's registered brewer. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const serial = SerialNumberInputSchema.safeParse(new URL(request.url).searchParams.get("sn") ?? "");
  if (!serial.success) notFoundPage();
  const api = clientContext(context);
  const [questionnaire, list] = await orFailedPage(Promise.all([brewerQuestionnaire(api, serial.data), registeredBrewers(api)]));
  const brewer = list.brewers.find((b) => b.serialNumber === questionnaire.serialNumber);
  return { questionnaire, modelName: brewer?.model.name ?? "" };
}

/** Saves the answers (or skips), gives the welcome coupon, and shows it: every write here is a POST. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const form = await readFormFields(request);
  const checked = checkForm(context, QuestionnaireFormSchema, answersOfForm(form));
  if ("answer" in checked) return checked.answer;
  const { serialNumber, skip, answers } = checked.data;
  const api = clientContext(context);
  try {
    if (!skip) await answerQuestionnaire(api, serialNumber, answers);
    await welcomeCoupon(api, serialNumber);
  } catch (err) {
    return registrationProblem(context, err, form);
  }
  return redirect(`${localePath(context.lang, "/register-brewer/welcome")}?sn=${encodeURIComponent(serialNumber)}`, 303);
}

export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: registrationMessages(lang, brand?.id).title }, { name: "robots", content: "noindex" }];
};

export default function QuestionnairePage() {
  const { questionnaire, modelName } = useLoaderData<typeof loader>();
  const { lang, brand } = useShop();
  const t = registrationMessages(lang, brand.id);
  const answers = questionnaire.answers;
  return (
    <div className="narrow-page account-page">
      <h1>{format(t.questionnaireTitle, { model: modelName })}</h1>
      <p>{t.questionnaireIntro}</p>
      <AccountForm>
        <input type="hidden" name="sn" value={questionnaire.serialNumber} />
        {questionnaire.questions.map((q) => (
          <fieldset key={q.id} className="field">
            <legend>{q.label}</legend>
            {q.choices.map((c) => {
              const id = `q-${q.id}-${c.value}`;
              const chosen = q.multiple
                ? (answers.favouriteDrinks ?? []).includes(c.value as never)
                : answers[q.id as Exclude<typeof q.id, "favouriteDrinks">] === c.value;
              return (
                <label key={c.value} htmlFor={id} className="field--checkbox">
                  <input
                    id={id}
                    type={q.multiple ? "checkbox" : "radio"}
                    name={q.multiple ? `${q.id}.${c.value}` : q.id}
                    value={q.multiple ? "on" : c.value}
                    defaultChecked={chosen}
                  />{" "}
                  {c.label}
                </label>
              );
            })}
          </fieldset>
        ))}
        <SubmitButton>{t.saveAnswers}</SubmitButton>{" "}
        <button type="submit" name="intent" value="skip" className="button button--secondary">
          {t.skip}
        </button>
      </AccountForm>
    </div>
  );
}
