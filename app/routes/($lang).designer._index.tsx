import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { Link, useActionData, useLoaderData } from "react-router";
import type { Design, DesignOptions } from "../../commerce/contract/designs";
import { designMessages } from "../brands/design-messages";
import { format } from "../brands/locale";
import { AccountForm, Field, FieldError, FormMessage, keptText, Notice } from "../components/FormFields";
import type { FormProblem } from "../components/FormFields";
import { shopperOf } from "../lib/account-forms.server";
import { ApiError, clientContext } from "../lib/api-client.server";
import {
  checkDesignForm,
  type DesignDraft,
  DesignFormSchema,
  designOfForm,
  designProblem,
  draftAddress,
  draftOf,
  RECIPE_COOKIE,
  RecipeFieldSchema,
  recipeIdOf,
} from "../lib/design-forms.server";
import { readFormFields } from "../lib/form-body.server";
import { formPageHeaders } from "../lib/form-validation.server";
import { orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { designOptions, openDesign, saveDesign, updateDesign } from "../models/designs.server";

/**
 * /designer (decision 073): a drink composed from a pod the store sells and a few choices. A
 * member saves it (or, with a design open, saves changes to it); a guest is invited to sign in.
 * The design open is the one the `recipeId` cookie names, set by /designer/open/{id}.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  const shopper = shopperOf(context);
  const signedIn = !!(shopper.customer || shopper.actingFor);
  const api = clientContext(context);
  const recipeId = recipeIdOf(shopper.cookie(RECIPE_COOKIE));
  const [options, design] = await orFailedPage(
    Promise.all([
      designOptions(api),
      signedIn && recipeId !== undefined
        ? openDesign(api, recipeId).catch((err: unknown) => {
            // A design deleted since, or another account's: the designer starts afresh.
            if (err instanceof ApiError && err.status === 404) {
              shopper.deleteCookie(RECIPE_COOKIE);
              return undefined;
            }
            throw err;
          })
        : undefined,
    ]),
  );
  const url = new URL(request.url);
  // A guest's drink, carried through signing in: the designer starts from it.
  return { options, signedIn, design, draft: design ? undefined : draftOf(url.searchParams), saved: url.searchParams.has("saved") };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const shopper = shopperOf(context);
  const designer = localePath(context.lang, "/designer");
  const form = await readFormFields(request);
  if (!shopper.customer && !shopper.actingFor) {
    // Signing in comes back to the designer with the guest's drink as they left it.
    return redirect(`${localePath(context.lang, "/login")}?returnTo=${encodeURIComponent(draftAddress(designer, form))}`, 303);
  }
  if (form.intent === "new") {
    shopper.deleteCookie(RECIPE_COOKIE);
    return redirect(designer, 303);
  }
  const checked = checkDesignForm(context, DesignFormSchema, designOfForm(form), form);
  if ("answer" in checked) return checked.answer;
  const api = clientContext(context);
  try {
    if (form.intent === "update") {
      const open = checkDesignForm(context, RecipeFieldSchema, form, form);
      if ("answer" in open) return open.answer;
      await updateDesign(api, { recipeId: open.data.recipeId, ...checked.data });
      shopper.setCookie(RECIPE_COOKIE, String(open.data.recipeId));
    } else {
      const design = await saveDesign(api, checked.data);
      shopper.setCookie(RECIPE_COOKIE, String(design.recipeId));
    }
    return redirect(`${designer}?saved`, 303);
  } catch (err) {
    return designProblem(context, err, form);
  }
}

export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: designMessages(lang, brand?.id).designerTitle }];
};

type Choice = keyof Pick<DesignOptions, "sizes" | "strengths" | "milks" | "sweetness">;
const CHOICES: { list: Choice; field: "size" | "strength" | "milk" | "sweetness" }[] = [
  { list: "sizes", field: "size" },
  { list: "strengths", field: "strength" },
  { list: "milks", field: "milk" },
  { list: "sweetness", field: "sweetness" },
];
const DEFAULTS = { size: "8", strength: "regular", milk: "none", sweetness: "none" } as const;

export default function DesignerPage() {
  const { options, signedIn, design, draft, saved } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormProblem | undefined;
  const { lang, brand } = useShop();
  const t = designMessages(lang, brand.id);
  return (
    <div className="narrow-page account-page designer">
      <h1>{t.designerTitle}</h1>
      <p>{t.designerIntro}</p>
      {saved && design ? (
        <Notice>
          {format(t.saved, { name: design.name })} <Link to={localePath(lang, "/account/designs")}>{t.myDesigns}</Link>
        </Notice>
      ) : null}
      {!signedIn ? (
        <p className="notice">
          {t.guestInvite} <Link to={`${localePath(lang, "/login")}?returnTo=${encodeURIComponent(localePath(lang, "/designer"))}`}>{t.signIn}</Link> ·{" "}
          <Link to={localePath(lang, "/signup")}>{t.createAccount}</Link>
        </p>
      ) : null}
      {design ? <p>{format(t.changing, { name: design.name })}</p> : null}
      <FormMessage state={answer} />
      <DesignerForm options={options} design={design} draft={draft} answer={answer} signedIn={signedIn} />
    </div>
  );
}

function DesignerForm({
  options,
  design,
  draft,
  answer,
  signedIn,
}: {
  options: DesignOptions;
  design?: Design;
  draft?: DesignDraft;
  answer?: FormProblem;
  signedIn: boolean;
}) {
  const { lang, brand } = useShop();
  const t = designMessages(lang, brand.id);
  const kept = (name: string) => keptText(answer, name);
  const chosen = (field: keyof typeof DEFAULTS) => kept(field) ?? design?.choices[field] ?? draft?.[field] ?? DEFAULTS[field];
  const shotChosen = (shot: string) =>
    answer?.values ? answer.values[`shots.${shot}`] !== undefined : (design?.choices.shots ?? draft?.shots ?? []).includes(shot as never);
  const beverage = kept("productCode") ?? design?.productCode ?? draft?.productCode ?? "";
  const beverageError = answer?.fields?.productCode;
  const labels: Record<(typeof CHOICES)[number]["field"], string> = { size: t.size, strength: t.strength, milk: t.milk, sweetness: t.sweetness };
  return (
    <AccountForm>
      {design ? <input type="hidden" name="recipeId" value={design.recipeId} /> : null}
      <div className={`field${beverageError ? " field--invalid" : ""}`}>
        <label htmlFor="f-productCode">{t.beverage}</label>
        <select id="f-productCode" name="productCode" required defaultValue={beverage} aria-invalid={beverageError ? true : undefined}>
          <option value="" disabled>
            {t.chooseBeverage}
          </option>
          {options.beverages.map((b) => (
            <option key={b.code} value={b.code}>
              {b.name} ({b.packLabel ?? b.kind}, {b.price.formattedValue})
            </option>
          ))}
        </select>
        <FieldError id="f-productCode" error={beverageError} />
      </div>
      {CHOICES.map(({ list, field }) => (
        <fieldset key={field} className="field">
          <legend>{labels[field]}</legend>
          {options[list].map((c) => (
            <label key={c.value} htmlFor={`f-${field}-${c.value}`} className="field--checkbox">
              <input id={`f-${field}-${c.value}`} type="radio" name={field} value={c.value} defaultChecked={chosen(field) === c.value} /> {c.label}
            </label>
          ))}
          <FieldError id={`f-${field}`} error={answer?.fields?.[field]} />
        </fieldset>
      ))}
      <fieldset className="field">
        <legend>{format(t.shots, { max: options.maxShots })}</legend>
        {options.shots.map((c) => (
          <label key={c.value} htmlFor={`f-shots-${c.value}`} className="field--checkbox">
            <input id={`f-shots-${c.value}`} type="checkbox" name={`shots.${c.value}`} defaultChecked={shotChosen(c.value)} /> {c.label}
          </label>
        ))}
        <FieldError id="f-shots" error={answer?.fields?.shots} />
      </fieldset>
      <Field
        name="name"
        label={t.name}
        hint={format(t.nameHint, { max: options.nameMax })}
        required
        maxLength={options.nameMax}
        defaultValue={design?.name ?? draft?.name}
        state={answer}
        autoComplete="off"
      />
      {signedIn ? (
        <p className="designer__actions">
          {design ? (
            <>
              <button type="submit" name="intent" value="update" className="button">
                {t.saveChanges}
              </button>{" "}
              <button type="submit" name="intent" value="save" className="button button--secondary">
                {t.saveAsNew}
              </button>{" "}
              <button type="submit" name="intent" value="new" className="button button--secondary" formNoValidate>
                {t.startNew}
              </button>
            </>
          ) : (
            <button type="submit" name="intent" value="save" className="button">
              {t.save}
            </button>
          )}
        </p>
      ) : (
        <p className="designer__actions">
          <button type="submit" name="intent" value="save" className="button">
            {t.signInToSave}
          </button>
        </p>
      )}
    </AccountForm>
  );
}
