import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "react-router";
import { Link, useActionData, useLoaderData } from "react-router";
import { AccountForm, SubmitButton } from "../components/FormFields";
import { ApiError, clientContext } from "../lib/api-client.server";
import { shopperOf, tokenFromLink } from "../lib/account-forms.server";
import { TokenFormSchema } from "../lib/account-schemas.server";
import { accountMeta, useAccountText } from "../lib/account-page";
import { readFormFields } from "../lib/form-body.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { confirmSignUp, getProfile, signedInAs } from "../models/account.server";

const noStore = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

/**
 * The link in the sign-up mail shows a button and looks nothing up: mail scanners that open
 * links must not activate accounts. The button activates the account and signs the shopper in.
 */
export function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  return tokenFromLink(request);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const parsed = TokenFormSchema.safeParse(await readFormFields(request));
  if (!parsed.success) return data({ invalid: true }, { status: 400, headers: noStore });
  const api = clientContext(context);
  try {
    const { tokens } = await confirmSignUp(api, parsed.data.token);
    const profile = await getProfile(api, tokens.access_token);
    const shopper = shopperOf(context);
    await shopper.signIn(signedInAs(tokens, "storefront", profile.firstName), { rememberMe: false });
    shopper.setCustomerCookies(profile.customerCookies);
  } catch (err) {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) return data({ invalid: true }, { status: 400, headers: noStore });
    throw err;
  }
  return redirect(`${localePath(context.lang, "/account")}?notice=welcome`, 303);
}

export const meta = accountMeta("confirmTitle");

export default function ConfirmSignUpPage() {
  const { token } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  const { lang, t } = useAccountText();
  return (
    <div className="narrow-page account-page">
      <h1>{t.confirmTitle}</h1>
      {!token || state?.invalid ? (
        <>
          <p className="form-error" role="alert">
            {t.confirmInvalid}
          </p>
          <Link to={localePath(lang, "/signup")}>{t.createAccountLink}</Link>
        </>
      ) : (
        <AccountForm>
          <p>{t.confirmIntro}</p>
          <input type="hidden" name="token" value={token} />
          <SubmitButton>{t.confirmButton}</SubmitButton>
        </AccountForm>
      )}
    </div>
  );
}
