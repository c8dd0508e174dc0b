import { type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction, redirect } from "react-router";
import { Form, Link, useActionData, useLoaderData } from "react-router";
import type { Design } from "../../commerce/contract/designs";
import { designMessages } from "../brands/design-messages";
import { format } from "../brands/locale";
import { FieldError, FormMessage, type FormProblem, Notice, problemFor } from "../components/FormFields";
import { requireAccountHolder } from "../lib/account-guard.server";
import { clientContext } from "../lib/api-client.server";
import {
  checkDesignForm,
  DESIGN_NAME_MAX,
  designProblem,
  DesignToCartFormSchema,
  RECIPE_COOKIE,
  RecipeFieldSchema,
  RenameFormSchema,
} from "../lib/design-forms.server";
import { readFormFields } from "../lib/form-body.server";
import { formAnswer, formPageHeaders } from "../lib/form-validation.server";
import { orFailedPage } from "../lib/page-errors.server";
import { localePath } from "../lib/paths";
import { requireLangSegment } from "../lib/route-guards.server";
import { shopMeta, useShop } from "../lib/shop";
import { addDesignToCart, deleteDesign, savedDesigns, updateDesign } from "../models/designs.server";

/** /account/designs (decision 073): the member's saved drinks, each renamed, opened, deleted or bought from here. One API call. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  requireAccountHolder(request, context);
  const list = await orFailedPage(savedDesigns(clientContext(context)));
  const query = new URL(request.url).searchParams;
  const named = (key: string) => list.designs.find((d) => String(d.recipeId) === query.get(key))?.name;
  return { ...list, nameMax: DESIGN_NAME_MAX, added: named("added"), renamed: named("renamed"), deleted: query.has("deleted") };
}

/** Rename, delete or add to cart: every change is a POST answered by a redirect back here. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  requireLangSegment(params, context);
  const shopper = requireAccountHolder(request, context);
  const form = await readFormFields(request);
  const api = clientContext(context);
  const here = localePath(context.lang, "/account/designs");
  try {
    if (form.intent === "rename") {
      const checked = checkDesignForm(context, RenameFormSchema, form, form);
      if ("answer" in checked) return checked.answer;
      await updateDesign(api, checked.data);
      return redirect(`${here}?renamed=${checked.data.recipeId}`, 303);
    }
    if (form.intent === "addToCart") {
      const checked = checkDesignForm(context, DesignToCartFormSchema, form, form);
      if ("answer" in checked) return checked.answer;
      const added = await addDesignToCart(api, checked.data);
      await shopper.rememberCart(shopper.userPathId === "anonymous" ? added.cartGuid : undefined, added.cartQuantity);
      return redirect(`${here}?added=${checked.data.recipeId}`, 303);
    }
    // A form of an older page, or none of this page's: nothing is changed.
    if (form.intent !== "delete") return formAnswer(form, { error: designMessages(context.lang, context.brand.id).failed });
    const checked = checkDesignForm(context, RecipeFieldSchema, form, form);
    if ("answer" in checked) return checked.answer;
    await deleteDesign(api, checked.data.recipeId);
    if (shopper.cookie(RECIPE_COOKIE) === String(checked.data.recipeId)) shopper.deleteCookie(RECIPE_COOKIE);
    return redirect(`${here}?deleted`, 303);
  } catch (err) {
    return designProblem(context, err, form);
  }
}

export const headers: HeadersFunction = formPageHeaders;

export const meta: MetaFunction = ({ matches }) => {
  const { lang, brand } = shopMeta(matches);
  return [{ title: designMessages(lang, brand?.id).accountHeading }, { name: "robots", content: "noindex" }];
};

export default function AccountDesignsPage() {
  const { designs, maxDesigns, nameMax, added, renamed, deleted } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormProblem | undefined;
  const { lang, brand } = useShop();
  const t = designMessages(lang, brand.id);
  return (
    <section aria-labelledby="designs-heading">
      <h2 id="designs-heading">{t.accountHeading}</h2>
      {added ? (
        <Notice>
          {format(t.added, { name: added })} <Link to={localePath(lang, "/cart")}>{t.viewCart}</Link>
        </Notice>
      ) : null}
      {renamed ? <Notice>{format(t.renamed, { name: renamed })}</Notice> : null}
      {deleted ? <Notice>{t.deleted}</Notice> : null}
      <FormMessage state={answer} />
      {designs.length === 0 ? <p>{t.noDesigns}</p> : <p>{format(t.count, { count: designs.length, max: maxDesigns })}</p>}
      <ul className="brewer-list design-list">
        {designs.map((d) => (
          <DesignCard key={d.recipeId} design={d} answer={answer} nameMax={nameMax} />
        ))}
      </ul>
      <p>
        <Link to={localePath(lang, "/designer")}>{t.designOne}</Link>
      </p>
    </section>
  );
}

function DesignCard({ design: d, answer, nameMax }: { design: Design; answer?: FormProblem; nameMax: number }) {
  const { lang, brand } = useShop();
  const t = designMessages(lang, brand.id);
  const mine = answer?.values?.recipeId === String(d.recipeId);
  const renaming = mine ? problemFor(answer, "rename") : undefined;
  const buying = mine ? problemFor(answer, "addToCart") : undefined;
  const id = `design-${d.recipeId}`;
  return (
    <li className="brewer-card design-card" aria-labelledby={`${id}-name`}>
      <h3 id={`${id}-name`}>{d.name}</h3>
      <p>
        {d.beverage
          ? format(t.madeWith, { beverage: d.beverage.name, pack: d.beverage.packLabel ?? d.beverage.kind, price: d.beverage.price.formattedValue })
          : t.noLongerSold}
      </p>
      <dl className="design-choices">
        {d.description.map((c) => (
          <div key={c.label}>
            <dt>{c.label}</dt>
            <dd>{c.value}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link to={localePath(lang, `/designer/open/${d.recipeId}`)}>{t.open}</Link>
      </p>
      <Form method="post" className="account-form design-card__form">
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="recipeId" value={d.recipeId} />
        <div className={`field${renaming?.fields?.name ? " field--invalid" : ""}`}>
          <label htmlFor={`${id}-rename`}>{format(t.rename, { name: d.name })}</label>
          <input
            id={`${id}-rename`}
            name="name"
            required
            maxLength={nameMax}
            defaultValue={typeof renaming?.values?.name === "string" ? renaming.values.name : d.name}
            aria-invalid={renaming?.fields?.name ? true : undefined}
            aria-describedby={renaming?.fields?.name ? `${id}-rename-error` : undefined}
          />
          <FieldError id={`${id}-rename`} error={renaming?.fields?.name} />
        </div>
        <button type="submit" className="button button--secondary">
          {t.renameButton}
        </button>
      </Form>
      {d.beverage ? (
        <Form method="post" className="account-form design-card__form">
          <input type="hidden" name="intent" value="addToCart" />
          <input type="hidden" name="recipeId" value={d.recipeId} />
          <input type="hidden" name="productCode" value={d.beverage.code} />
          <div className={`field${buying?.fields?.qty ? " field--invalid" : ""}`}>
            <label htmlFor={`${id}-qty`}>{t.quantity}</label>
            <input id={`${id}-qty`} name="qty" type="number" min={1} max={24} defaultValue="1" inputMode="numeric" />
            <FieldError id={`${id}-qty`} error={buying?.fields?.qty} />
          </div>
          <button type="submit" className="button">
            {t.addToCart}
          </button>
        </Form>
      ) : null}
      <Form method="post" className="design-card__form">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="recipeId" value={d.recipeId} />
        <button type="submit" className="button button--secondary">
          {format(t.delete, { name: d.name })}
        </button>
      </Form>
    </li>
  );
}
