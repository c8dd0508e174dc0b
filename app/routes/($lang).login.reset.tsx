import { type HeadersFunction, type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "react-router";
import { Link, useActionData, useLoaderData } from "react-router";
import { AccountForm, Field, FormMessage, SubmitButton } from "../components/FormFields";
import { ApiError, clientContext } from "../lib/api-client.server";
import { accountText, apiProblem, overLimit, tokenFromLink, tooMany } from "../lib/account-forms.server";
import { ResetFormSchema } from "../lib/account-schemas.server";
import { accountMeta, useAccountText } from "../lib/account-page";
import { readFormFields } from "../lib/form-body.server";
import { checkForm, formAnswer, formPageHeaders } from "../lib/form-validation.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { resetPassword } from "../models/account.server";

/** The emailed reset link: choose a new password. The link works once, for an hour. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  return tokenFromLink(request);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const form = await readFormFields(request);
  const checked = checkForm(context, ResetFormSchema, form);
  if ("answer" in checked) return checked.answer;
  const wait = await overLimit(context, "reset", undefined);
  if (wait) return tooMany(context, wait, form);
  try {
    await resetPassword(clientContext(context), checked.data.token, checked.data.newPassword);
  } catch (err) {
    if (err instanceof ApiError && err.status === 400 && err.errors[0]?.subject === "token")
      return formAnswer(form, { error: accountText(context).resetInvalid });
    return apiProblem(context, err, form);
  }
  return redirect(`${localePath(context.lang, "/login")}?notice=passwordWasReset`, 303);
}

// A 429's Retry-After (and the form answers' no-store) reach the browser only through here.
export const headers: HeadersFunction = formPageHeaders;

export const meta = accountMeta("resetTitle");

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const { lang, t } = useAccountText();
  return (
    <div className="narrow-page account-page">
      <h1>{t.resetTitle}</h1>
      {token ? (
        <>
          <FormMessage state={state} />
          <AccountForm>
            <input type="hidden" name="token" value={token} />
            <Field name="newPassword" label={t.newPassword} type="password" autoComplete="new-password" required hint={t.passwordHint} state={state} />
            <SubmitButton>{t.resetButton}</SubmitButton>
          </AccountForm>
        </>
      ) : (
        <p className="form-error" role="alert">
          {t.resetInvalid}
        </p>
      )}
      <p>
        <Link to={localePath(lang, "/login/forgot")}>{t.forgotLink}</Link>
      </p>
    </div>
  );
}
