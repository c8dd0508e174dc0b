import { type HeadersFunction, type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "react-router";
import { Link, useActionData, useLoaderData } from "react-router";
import { AccountForm, Field, FormMessage, Honeypot, Notice, SubmitButton } from "../components/FormFields";
import { ApiError } from "../lib/api-client.server";
import { signInWithPassword } from "../lib/auth-endpoints.server";
import { accountText, apiProblem, checkedPublicForm, shopperOf } from "../lib/account-forms.server";
import { formAnswer, formPageHeaders } from "../lib/form-validation.server";
import { SignInFormSchema } from "../lib/account-schemas.server";
import { accountMeta, useAccountText } from "../lib/account-page";
import { localePath, safeReturnPath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";

const NOTICES = ["signedOut", "passwordWasReset", "sessionEnded"] as const;
type NoticeKey = (typeof NOTICES)[number];

/** /login: email, password and "keep me signed in". A signed-in customer goes to their account. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("returnTo"), localePath(context.lang, "/account"));
  if (shopperOf(context).customer) throw redirect(returnTo, 303);
  const notice = url.searchParams.get("notice");
  return { returnTo, notice: NOTICES.includes(notice as NoticeKey) ? (notice as NoticeKey) : undefined };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const checked = await checkedPublicForm(request, context, SignInFormSchema, "login");
  if ("answer" in checked) return checked.answer;
  const { form, input } = checked;
  const { email, password, rememberMe } = input;
  try {
    await signInWithPassword(context, email, password, "storefront", rememberMe);
  } catch (err) {
    // One answer for an unknown address and a wrong password: the page must not tell them apart.
    if (err instanceof ApiError && err.status === 400) return formAnswer(form, { error: accountText(context).badCredentials });
    return apiProblem(context, err, form);
  }
  return redirect(safeReturnPath(form.returnTo, localePath(context.lang, "/account")), 303);
}

// A 429's Retry-After (and the form answers' no-store) reach the browser only through here.
export const headers: HeadersFunction = formPageHeaders;

export const meta = accountMeta("signInTitle");

export default function LoginPage() {
  const { returnTo, notice } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const { lang, t } = useAccountText();
  return (
    <div className="narrow-page account-page">
      <h1>{t.signInTitle}</h1>
      {notice ? <Notice>{t[notice]}</Notice> : <p>{t.signInIntro}</p>}
      <FormMessage state={state} />
      <AccountForm>
        <input type="hidden" name="returnTo" value={returnTo} />
        <Field name="email" label={t.email} type="email" autoComplete="username" required state={state} />
        <Field name="password" label={t.password} type="password" autoComplete="current-password" required state={state} />
        <div className="field field--check">
          <input id="f-rememberMe" name="rememberMe" type="checkbox" defaultChecked={state?.values?.rememberMe === "on"} />
          <label htmlFor="f-rememberMe">{t.rememberMe}</label>
        </div>
        <Honeypot />
        <SubmitButton>{t.signInButton}</SubmitButton>
      </AccountForm>
      <p>
        <Link to={localePath(lang, "/login/forgot")}>{t.forgotLink}</Link>
      </p>
      <p>
        {t.noAccount} <Link to={localePath(lang, "/signup")}>{t.createAccountLink}</Link>
      </p>
    </div>
  );
}
