import { type HeadersFunction, type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "react-router";
import { useActionData, useLoaderData } from "react-router";
import { AccountForm, Field, FormMessage, Notice, SubmitButton } from "../components/FormFields";
import { ApiError } from "../lib/api-client.server";
import { signInWithPassword } from "../lib/auth-endpoints.server";
import { accountText, apiProblem, overLimit, shopperOf, tooMany } from "../lib/account-forms.server";
import { SignInFormSchema } from "../lib/account-schemas.server";
import { safeReturnPath } from "../lib/paths";
import { readFormFields } from "../lib/form-body.server";
import { checkForm, formAnswer, formPageHeaders } from "../lib/form-validation.server";
import { accountMeta, useAccountText } from "../lib/account-page";

/** Customer-service agents sign in here (agent accounts only; their session is shorter). */
export function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  if (shopperOf(context).agent) throw redirect("/agent", 303);
  return { returnTo: safeReturnPath(url.searchParams.get("returnTo"), "/agent"), signedOut: url.searchParams.get("notice") === "signedOut" };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readFormFields(request);
  const checked = checkForm(context, SignInFormSchema, form);
  if ("answer" in checked) return checked.answer;
  const wait = await overLimit(context, "agent", checked.data.email);
  if (wait) return tooMany(context, wait, form);
  try {
    await signInWithPassword(context, checked.data.email, checked.data.password, "agent", false);
  } catch (err) {
    if (err instanceof ApiError && err.status === 400) return formAnswer(form, { error: accountText(context).badCredentials });
    return apiProblem(context, err, form);
  }
  return redirect(safeReturnPath(form.returnTo, "/agent"), 303);
}

// A 429's Retry-After (and the form answers' no-store) reach the browser only through here.
export const headers: HeadersFunction = formPageHeaders;

export const meta = accountMeta("agentSignInTitle");

export default function AgentSignInPage() {
  const { returnTo, signedOut } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const { t } = useAccountText();
  return (
    <div className="narrow-page account-page">
      <h1>{t.agentSignInTitle}</h1>
      {signedOut ? <Notice>{t.signedOut}</Notice> : <p>{t.agentSignInIntro}</p>}
      <FormMessage state={state} />
      <AccountForm>
        <input type="hidden" name="returnTo" value={returnTo} />
        <Field name="email" label={t.email} type="email" autoComplete="username" required state={state} />
        <Field name="password" label={t.password} type="password" autoComplete="current-password" required state={state} />
        <SubmitButton>{t.signInButton}</SubmitButton>
      </AccountForm>
    </div>
  );
}
