import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { Link, useActionData, useLoaderData } from "react-router";
import { format } from "../brands/locale";
import { registrationMessages } from "../brands/registration-messages";
import { AccountForm, describedBy, Field, FieldError, FormMessage, Honeypot, keptText, problemFor, SubmitButton } from "../components/FormFields";
import { ApiError, clientContext } from "../lib/api-client.server";
import { checkedPublicForm, shopperOf } from "../lib/account-forms.server";
import { SignInFormSchema } from "../lib/account-schemas.server";
import { signInWithPassword } from "../lib/auth-endpoints.server";
import { RegisterFormSchema, registrationProblem } from "../lib/brewer-registration-forms.server";
import { readFormFields } from "../lib/form-body.server";
import { checkForm, formAnswer, formPageHeaders } from "../lib/form-validation.server";
import { orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { brewerModels, registerBrewer, validateSerial } from "../models/brewer-registration.server";

/** The cookie that says this sign-in was made to register a brewer (the spec's login-session cookie). */
const REGISTRATION_SIGN_IN = "brewerRegistrationSession";

/**
 * /register-brewer (decision 070): the owner picks their model and types the serial from the
 * label. A customer's brewer is registered at once; a guest's serial is checked, then they sign in
 * on this page (or create an account and come back) and it is registered to them.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const api = clientContext(context);
  const url = new URL(request.url);
  const serial = url.searchParams.get("sn") ?? undefined;
  const model = url.searchParams.get("model") ?? undefined;
  const signedIn = !!(shopperOf(context).customer || shopperOf(context).actingFor);
  const { models } = await orFailedPage(brewerModels(api));
  // A guest back from checking a serial: it is checked again (a real serial counts no guess) to say which brewer it is.
  const found =
    !signedIn && serial && model
      ? await validateSerial(api, { serialNumber: serial, productCode: model }).catch((err: unknown) => {
          if (err instanceof ApiError && err.status < 500) return undefined;
          throw err;
        })
      : undefined;
  return { models, signedIn, serial, model, found };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const api = clientContext(context);
  const shopper = shopperOf(context);
  // The sign-in form posts to ?signIn: it is read and rate-limited as every public sign-in is.
  if (new URL(request.url).searchParams.has("signIn")) return signInThenRegister(request, context);
  const form = await readFormFields(request);
  const checked = checkForm(context, RegisterFormSchema, form);
  if ("answer" in checked) return checked.answer;
  const { model, serialNumber, purchasedOn } = checked.data;
  try {
    if (!shopper.customer && !shopper.actingFor) {
      const valid = await validateSerial(api, { serialNumber, productCode: model });
      const query = new URLSearchParams({ sn: valid.serialNumber, model });
      return redirect(`${localePath(context.lang, "/register-brewer")}?${query}#sign-in`, 303);
    }
    const brewer = await registerBrewer(api, { serialNumber, productCode: model, ...(purchasedOn ? { purchasedOn } : {}), purchasedFrom: "thisStore" });
    return redirect(`${localePath(context.lang, "/register-brewer/questionnaire")}?sn=${brewer.serialNumber}`, 303);
  } catch (err) {
    return registrationProblem(context, err, form);
  }
}

/** The guest's sign-in on this page: signed in (marked as a registration sign-in), then the checked serial registered. */
async function signInThenRegister(request: Request, context: ActionFunctionArgs["context"]) {
  const checked = await checkedPublicForm(
    request,
    context,
    SignInFormSchema.extend({ sn: RegisterFormSchema.shape.serialNumber, model: RegisterFormSchema.shape.model }),
    "login",
  );
  if ("answer" in checked) return checked.answer;
  const { form, input } = checked;
  const t = registrationMessages(context.lang, context.brand.id);
  try {
    await signInWithPassword(context, input.email, input.password, "storefront", false);
  } catch (err) {
    // One answer for an unknown address and a wrong password, as the sign-in page gives.
    if (err instanceof ApiError && err.status === 400) return formAnswer(form, { error: t.badCredentials });
    throw err;
  }
  shopperOf(context).setCookie(REGISTRATION_SIGN_IN, "true");
  try {
    const brewer = await registerBrewer(clientContext(context), { serialNumber: input.sn, productCode: input.model });
    return redirect(`${localePath(context.lang, "/register-brewer/questionnaire")}?sn=${brewer.serialNumber}`, 303);
  } catch (err) {
    return registrationProblem(context, err, form);
  }
}

export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: registrationMessages(lang, brand?.id).title }];
};

export default function RegisterBrewerPage() {
  const { models, signedIn, serial, model, found } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { lang, brand } = useShop();
  const t = registrationMessages(lang, brand.id);
  const registering = answer && "intent" in answer && answer.intent === "signIn" ? undefined : (answer ?? undefined);
  const signingIn = problemFor(answer, "signIn");
  const chosen = keptText(registering, "model") ?? model ?? "";
  const modelError = registering?.fields?.model;
  return (
    <div className="narrow-page account-page">
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {found ? (
        <section id="sign-in" aria-labelledby="sign-in-heading">
          <h2 id="sign-in-heading">{format(t.foundModel, { serial: found.displaySerial, model: found.model.name })}</h2>
          <p>{t.signInToFinish}</p>
          <FormMessage state={signingIn} />
          <AccountForm action={`${localePath(lang, "/register-brewer")}?signIn`} intent="signIn">
            <input type="hidden" name="sn" value={found.serialNumber} />
            <input type="hidden" name="model" value={model} />
            <Field form="signin" name="email" label={t.email} type="email" autoComplete="email" required state={signingIn} />
            <Field form="signin" name="password" label={t.password} type="password" autoComplete="current-password" required state={signingIn} />
            <Honeypot />
            <SubmitButton>{t.signInAndRegister}</SubmitButton>
          </AccountForm>
          <p>
            {t.noAccount} <Link to={`${localePath(lang, "/signup")}`}>{t.createAccount}</Link>, {t.createAccountThenReturn}
          </p>
        </section>
      ) : null}
      {!found ? (
        <>
          <FormMessage state={registering} />
          <AccountForm intent="register">
            <div className={`field${modelError ? " field--invalid" : ""}`}>
              <label htmlFor="f-model">{t.model}</label>
              <select id="f-model" name="model" required defaultValue={chosen} {...describedBy("f-model", modelError)}>
                <option value="" disabled>
                  {t.chooseModel}
                </option>
                {models.map((m) => (
                  <option key={m.code} value={m.code}>
                    {m.name}
                  </option>
                ))}
              </select>
              <FieldError id="f-model" error={modelError} />
            </div>
            <Field
              name="serialNumber"
              label={t.serialNumber}
              hint={t.serialHint}
              autoComplete="off"
              required
              maxLength={40}
              defaultValue={serial}
              state={registering}
            />
            {signedIn ? <Field name="purchasedOn" label={t.purchasedOn} type="date" state={registering} /> : null}
            <SubmitButton>{t.registerButton}</SubmitButton>
          </AccountForm>
        </>
      ) : (
        <p>
          <Link to={localePath(lang, "/register-brewer")}>{t.registerAnother}</Link>
        </p>
      )}
    </div>
  );
}
