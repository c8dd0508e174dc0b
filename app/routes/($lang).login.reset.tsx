import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { accountMessages } from "../brands/account-messages";
import { AccountForm, Field, FormMessage, SubmitButton } from "../components/AccountForm";
import { ApiError, clientContext } from "../lib/api-client.server";
import { accountText, apiProblem, formProblem, invalidForm, overLimit, readAccountForm, tooMany } from "../lib/account-forms.server";
import { ResetFormSchema, TokenFormSchema } from "../lib/account-schemas.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { resetPassword } from "../models/account.server";

const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/** The emailed reset link: choose a new password. The link works once, for an hour. */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = TokenFormSchema.safeParse({ token }).success;
  return data({ token: valid ? token : undefined }, { status: valid ? 200 : 400, headers: noStore });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const t = accountText(context);
  const form = await readAccountForm(request);
  const parsed = ResetFormSchema.safeParse(form);
  if (!parsed.success) return invalidForm(t, parsed.error, form);
  const wait = await overLimit(context, "reset", undefined);
  if (wait) return tooMany(t, wait);
  try {
    await resetPassword(clientContext(context), parsed.data.token, parsed.data.newPassword);
  } catch (err) {
    if (err instanceof ApiError && err.status === 400 && err.errors[0]?.subject === "token") return formProblem(400, { error: t.resetInvalid });
    return apiProblem(t, err, form);
  }
  return redirect(`${localePath(context.lang, "/login")}?notice=passwordWasReset`, 303);
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: accountMessages(lang, brand?.id).resetTitle }, { name: "robots", content: "noindex" }];
};

export default function ResetPasswordPage() {
  const { token } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const { lang, brand } = useShop();
  const t = accountMessages(lang, brand.id);
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
