import type { ActionFunctionArgs, LoaderFunctionArgs, HeadersFunction } from "react-router";
import { useActionData } from "react-router";
import { format } from "../brands/locale";
import { AccountForm, Field, FormMessage, Honeypot, SubmitButton } from "../components/FormFields";
import { clientContext } from "../lib/api-client.server";
import { apiProblem, checkedPublicForm } from "../lib/account-forms.server";
import { ForgotFormSchema } from "../lib/account-schemas.server";
import { requireLangSegment } from "../lib/route-guards.server";
import { requestPasswordReset } from "../models/account.server";
import { accountMeta, useAccountText } from "../lib/account-page";
import { formPageHeaders } from "../lib/form-validation.server";

/** Forgot password: the same answer whether or not the address has an account. */
export function loader({ params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  return null;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const checked = await checkedPublicForm(request, context, ForgotFormSchema, "forgot");
  if ("answer" in checked) return checked.answer;
  try {
    await requestPasswordReset(clientContext(context), checked.input.email);
  } catch (err) {
    return apiProblem(context, err, checked.form);
  }
  return { sentTo: checked.input.email };
}

// A 429's Retry-After (and the form answers' no-store) reach the browser only through here.
export const headers: HeadersFunction = formPageHeaders;

export const meta = accountMeta("forgotTitle");

export default function ForgotPasswordPage() {
  const state = useActionData<typeof action>();
  const { t } = useAccountText();
  const problem = state && !("sentTo" in state) ? state : undefined;
  return (
    <div className="narrow-page account-page">
      <h1>{t.forgotTitle}</h1>
      {state && "sentTo" in state ? (
        <p role="status">{format(t.forgotSent, { email: state.sentTo })}</p>
      ) : (
        <>
          <p>{t.forgotIntro}</p>
          <FormMessage state={problem} />
          <AccountForm>
            <Field name="email" label={t.email} type="email" autoComplete="email" required state={problem} />
            <Honeypot />
            <SubmitButton>{t.forgotButton}</SubmitButton>
          </AccountForm>
        </>
      )}
    </div>
  );
}
