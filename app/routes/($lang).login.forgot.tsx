import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { accountMessages } from "../brands/account-messages";
import { format } from "../brands/messages";
import { AccountForm, Field, FormMessage, Honeypot, SubmitButton } from "../components/AccountForm";
import { clientContext } from "../lib/api-client.server";
import { accountText, apiProblem, honeypotAnswer, invalidForm, keptValues, overLimit, readAccountForm, tooMany } from "../lib/account-forms.server";
import { ForgotFormSchema } from "../lib/account-schemas.server";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { requestPasswordReset } from "../models/account.server";

/** Forgot password: the same answer whether or not the address has an account. */
export function loader({ params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  return null;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const t = accountText(context);
  const form = await readAccountForm(request);
  const bot = honeypotAnswer(t, form);
  if (bot) return bot;
  const parsed = ForgotFormSchema.safeParse(form);
  if (!parsed.success) return invalidForm(t, parsed.error, form);
  const wait = await overLimit(context, "forgot", parsed.data.email);
  if (wait) return tooMany(t, wait, keptValues(form));
  try {
    await requestPasswordReset(clientContext(context), parsed.data.email);
  } catch (err) {
    return apiProblem(t, err, form);
  }
  return { sentTo: parsed.data.email };
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: accountMessages(lang, brand?.id).forgotTitle }, { name: "robots", content: "noindex" }];
};

export default function ForgotPasswordPage() {
  const state = useActionData<typeof action>();
  const { lang, brand } = useShop();
  const t = accountMessages(lang, brand.id);
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
