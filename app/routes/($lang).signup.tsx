import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useActionData } from "@remix-run/react";
import { accountMessages, type AccountMessages } from "../brands/account-messages";
import { format } from "../brands/messages";
import { AccountForm, Field, FormMessage, Honeypot, SubmitButton } from "../components/AccountForm";
import { clientContext } from "../lib/api-client.server";
import { accountText, apiProblem, honeypotAnswer, invalidForm, keptValues, overLimit, readAccountForm, shopperOf, tooMany } from "../lib/account-forms.server";
import { SignUpFormSchema } from "../lib/account-schemas.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { signUp } from "../models/account.server";

/** /signup: a new account is activated from an emailed link, so the page never says whether the address was known. */
export function loader({ params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  if (shopperOf(context).customer) throw redirect(localePath(context.lang, "/account"), 303);
  return null;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const t = accountText(context);
  const form = await readAccountForm(request);
  const bot = honeypotAnswer(t, form);
  if (bot) return bot;
  const parsed = SignUpFormSchema.safeParse(form);
  if (!parsed.success) return invalidForm(t, parsed.error, form);
  const wait = await overLimit(context, "signup", parsed.data.email);
  if (wait) return tooMany(t, wait, keptValues(form));
  try {
    await signUp(clientContext(context), parsed.data);
  } catch (err) {
    return apiProblem(t, err, form);
  }
  return { sentTo: parsed.data.email };
}

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: accountMessages(lang, brand?.id).signUpTitle }, { name: "robots", content: "noindex" }];
};

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
  const { lang, brand } = useShop();
  const t = accountMessages(lang, brand.id);
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
        <Honeypot />
        <SubmitButton>{t.signUpButton}</SubmitButton>
      </AccountForm>
      <p>
        {t.haveAccount} <Link to={localePath(lang, "/login")}>{t.signInButton}</Link>
      </p>
    </div>
  );
}
