import { type HeadersFunction, type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "react-router";
import { Link, useActionData } from "react-router";
import type { AccountMessages } from "../brands/account-messages";
import { format } from "../brands/locale";
import { AccountForm, Field, FormMessage, Honeypot, SubmitButton } from "../components/FormFields";
import { clientContext } from "../lib/api-client.server";
import { apiProblem, checkedPublicForm, shopperOf } from "../lib/account-forms.server";
import { SignUpFormSchema } from "../lib/account-schemas.server";
import { accountMeta, useAccountText } from "../lib/account-page";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { signUp } from "../models/account.server";
import { formPageHeaders } from "../lib/form-validation.server";
import { perksMessages } from "../brands/perks-messages";
import { usePerks } from "../lib/perks";

/** /signup: a new account is activated from an emailed link, so the page never says whether the address was known. */
export function loader({ params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  if (shopperOf(context).customer) throw redirect(localePath(context.lang, "/account"), 303);
  return null;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const checked = await checkedPublicForm(request, context, SignUpFormSchema, "signup");
  if ("answer" in checked) return checked.answer;
  try {
    await signUp(clientContext(context), checked.input);
  } catch (err) {
    return apiProblem(context, err, checked.form);
  }
  return { sentTo: checked.input.email };
}

// A 429's Retry-After (and the form answers' no-store) reach the browser only through here.
export const headers: HeadersFunction = formPageHeaders;

export const meta = accountMeta("signUpTitle");

function CheckEmail({ t, email }: { t: AccountMessages; email: string }) {
  return (
    <div className="narrow-page account-page">
      <h1>{t.checkEmailTitle}</h1>
      <p role="status">{format(t.checkEmailSignUp, { email })}</p>
    </div>
  );
}

export default function SignUpPage() {
  const state = useActionData<typeof action>();
  const { lang, brand, t } = useAccountText();
  const perks = usePerks();
  if (state && "sentTo" in state) return <CheckEmail t={t} email={state.sentTo} />;
  const problem = state ?? undefined;
  return (
    <div className="narrow-page account-page">
      <h1>{t.signUpTitle}</h1>
      <FormMessage state={problem} />
      <AccountForm>
        <Field name="firstName" label={t.firstName} autoComplete="given-name" required state={problem} />
        <Field name="lastName" label={t.lastName} autoComplete="family-name" required state={problem} />
        <Field name="email" label={t.email} type="email" autoComplete="email" required state={problem} />
        <Field name="password" label={t.password} type="password" autoComplete="new-password" required hint={t.passwordHint} state={problem} />
        <Field name="phone" label={t.phone} type="tel" autoComplete="tel" state={problem} />
        {perks.enabled && perks.optInEnabled ? (
          <label className="field field--checkbox">
            <input type="checkbox" name="perksOptIn" defaultChecked={problem?.values?.perksOptIn === "on"} /> {perksMessages(lang, brand.id).joinAtSignUp}
          </label>
        ) : null}
        <Honeypot />
        <SubmitButton>{t.signUpButton}</SubmitButton>
      </AccountForm>
      <p>
        {t.haveAccount} <Link to={localePath(lang, "/login")}>{t.signInButton}</Link>
      </p>
    </div>
  );
}
