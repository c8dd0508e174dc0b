import { type HeadersFunction, type ActionFunctionArgs, type LoaderFunctionArgs, redirect } from "react-router";
import { useActionData, useLoaderData, useRouteLoaderData } from "react-router";
import { format } from "../brands/locale";
import { AccountForm, Field, FormMessage, Notice, problemFor, SubmitButton } from "../components/FormFields";
import { SiteNotices } from "../components/SiteNotices";
import { ApiError, clientContext } from "../lib/api-client.server";
import { accountText, apiProblem } from "../lib/account-forms.server";
import { requireAccountHolder } from "../lib/account-guard.server";
import { PasswordFormSchema, ProfileFormSchema } from "../lib/account-schemas.server";
import { orFailedPage } from "../lib/page-errors.server";
import { accountMeta, useAccountText } from "../lib/account-page";
import { readFormFields } from "../lib/form-body.server";
import { checkForm, formAnswer, formText, formPageHeaders } from "../lib/form-validation.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { type NoticeArea, noticeArea } from "../lib/site-notices.server";
import { changePassword, getProfile, updateProfile } from "../models/account.server";
import { getSiteNotifications } from "../models/customer-details.server";

const NOTICES = ["welcome", "profileSaved", "passwordChanged"] as const;
type NoticeKey = (typeof NOTICES)[number];

/** Profile (name, email, phone) and password change. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const shopper = requireAccountHolder(request, context);
  // An agent's header has no customer state of its own: the customer's notices are read here (audited).
  const [profile, agentNotices] = await Promise.all([
    orFailedPage(getProfile(clientContext(context))),
    shopper.actingFor
      ? getSiteNotifications(clientContext(context)).then(
          ({ notices }) => notices,
          (err: unknown) => {
            // The agents' desk when the assisted session ended elsewhere; otherwise the page does without them.
            if (err instanceof Response) throw err;
            context.logger.warn({ err, correlationId: context.correlationId }, "site notifications unavailable");
            return undefined;
          },
        )
      : undefined,
  ]);
  const notice = new URL(request.url).searchParams.get("notice");
  return {
    agentNotices: agentNotices ? noticeArea(agentNotices, context.lang, context.brand.id, context.brand.currency) : undefined,
    profile: { firstName: profile.firstName, lastName: profile.lastName, email: profile.email, phone: profile.phone, isEmployee: profile.isEmployee },
    notice: NOTICES.includes(notice as NoticeKey) ? (notice as NoticeKey) : undefined,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const shopper = requireAccountHolder(request, context);
  const form = await readFormFields(request);
  const api = clientContext(context);
  const back = (notice: NoticeKey) => redirect(`${localePath(context.lang, "/account")}?notice=${notice}`, 303);
  const f = formText(context);
  const currentPasswordIs = (message: string) => formAnswer(form, { error: f.formHasErrors, fields: { currentPassword: message } });
  const wrongCurrentPassword = (err: unknown) => err instanceof ApiError && err.status === 400 && err.errors[0]?.subject === "currentPassword";
  if (form.intent === "password") {
    const checked = checkForm(context, PasswordFormSchema, form);
    if ("answer" in checked) return checked.answer;
    try {
      await changePassword(api, checked.data.currentPassword, checked.data.newPassword);
    } catch (err) {
      if (wrongCurrentPassword(err)) return currentPasswordIs(accountText(context).wrongCurrentPassword);
      return apiProblem(context, err, form);
    }
    return back("passwordChanged");
  }
  const checked = checkForm(context, ProfileFormSchema, form);
  if ("answer" in checked) return checked.answer;
  const { email, currentPassword, ...names } = checked.data;
  const current = await getProfile(api);
  const emailChanges = email.toLowerCase() !== current.email.toLowerCase();
  if (emailChanges && !currentPassword) return currentPasswordIs(f.currentPassword);
  try {
    const profile = await updateProfile(api, { ...names, phone: names.phone ?? "", ...(emailChanges ? { email, currentPassword } : {}) });
    shopper.setCustomerCookies(profile.customerCookies);
  } catch (err) {
    if (wrongCurrentPassword(err)) return currentPasswordIs(accountText(context).wrongCurrentPassword);
    return apiProblem(context, err, form);
  }
  return back("profileSaved");
}

// A 429's Retry-After (and the form answers' no-store) reach the browser only through here.
export const headers: HeadersFunction = formPageHeaders;

export const meta = accountMeta("accountTitle");

export default function ProfilePage() {
  const { profile, notice, agentNotices } = useLoaderData<typeof loader>();
  // The customer's notices come with the header's state (root loader), read afresh on account pages.
  const root = useRouteLoaderData("root") as { notices?: NoticeArea } | undefined;
  const notices = root?.notices ?? agentNotices;
  const state = useActionData<typeof action>();
  const { t } = useAccountText();
  // Both forms post here; the answer belongs to the one whose intent it carries.
  const passwordState = problemFor(state, "password");
  const profileState = problemFor(state, "profile");
  return (
    <>
      {notice ? <Notice>{notice === "welcome" ? format(t.welcome, { name: profile.firstName }) : t[notice]}</Notice> : null}
      {profile.isEmployee ? <p className="member-note">{t.employeeBadge}</p> : null}
      {notices ? <SiteNotices area={notices} placement="account" /> : null}
      <section aria-labelledby="profile-heading" className="account-section">
        <h2 id="profile-heading">{t.profileHeading}</h2>
        <FormMessage state={profileState} />
        <AccountForm intent="profile">
          <Field name="firstName" label={t.firstName} autoComplete="given-name" required defaultValue={profile.firstName} state={profileState} />
          <Field name="lastName" label={t.lastName} autoComplete="family-name" required defaultValue={profile.lastName} state={profileState} />
          <Field name="email" label={t.email} type="email" autoComplete="email" required defaultValue={profile.email} state={profileState} />
          <Field name="phone" label={t.phone} type="tel" autoComplete="tel" defaultValue={profile.phone} state={profileState} />
          <Field name="currentPassword" label={t.currentPasswordForEmail} type="password" autoComplete="current-password" state={profileState} />
          <SubmitButton>{t.saveProfile}</SubmitButton>
        </AccountForm>
      </section>
      <section aria-labelledby="password-heading" className="account-section">
        <h2 id="password-heading">{t.passwordHeading}</h2>
        <FormMessage state={passwordState} />
        <AccountForm intent="password">
          <Field form="pw" name="currentPassword" label={t.currentPassword} type="password" autoComplete="current-password" required state={passwordState} />
          <Field
            form="pw"
            name="newPassword"
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            required
            hint={t.passwordHint}
            state={passwordState}
          />
          <SubmitButton>{t.savePassword}</SubmitButton>
        </AccountForm>
      </section>
    </>
  );
}
