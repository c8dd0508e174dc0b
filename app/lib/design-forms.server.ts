import { z } from "zod";
import { LineQuantitySchema } from "../../commerce/contract/cart";
import {
  DESIGN_NAME_MAX,
  DESIGN_SHOTS,
  DesignNameSchema,
  MAX_DESIGN_SHOTS,
  MAX_DESIGNS,
  RecipeIdSchema,
  SaveRecipeRequestSchema,
} from "../../commerce/contract/designs";
import { MAX_LINE_QUANTITY } from "../../commerce/contract/cart";
import { designMessages } from "../brands/design-messages";
import { format } from "../brands/locale";
import { ApiError } from "./api-client.server";
import type { StorefrontContext } from "./context";
import { type FormAnswer, formAnswer } from "./form-validation.server";

export { DESIGN_NAME_MAX };

/** The spec's cookie naming the saved design open in the designer (HttpOnly, SameSite=Lax, Secure in production). */
export const RECIPE_COOKIE = "recipeId";

/** The designer's form: the choices, and a checkbox per flavour shot (`shots.vanilla=on`). */
export function designOfForm(form: Record<string, string>) {
  return {
    name: form.name ?? "",
    productCode: form.productCode ?? "",
    size: form.size,
    strength: form.strength,
    milk: form.milk,
    sweetness: form.sweetness,
    shots: DESIGN_SHOTS.filter((s) => form[`shots.${s}`] !== undefined),
  };
}

export const DesignFormSchema = SaveRecipeRequestSchema;

/** What a guest composed, kept in the designer's address while they sign in: the choices as the form names them. */
const DRAFT_FIELDS = ["productCode", "size", "strength", "milk", "sweetness", "name"] as const;
export type DesignDraft = Partial<Record<(typeof DRAFT_FIELDS)[number], string>> & { shots: string[] };

/** The designer's address holding this form's draft (unknown fields left out, each value cut to the name's length). */
export function draftAddress(designer: string, form: Record<string, string>): string {
  const query = new URLSearchParams();
  for (const field of DRAFT_FIELDS) if (form[field]) query.set(field, form[field].slice(0, DESIGN_NAME_MAX));
  for (const shot of DESIGN_SHOTS) if (form[`shots.${shot}`] !== undefined) query.set(`shots.${shot}`, "on");
  const search = query.toString();
  return search ? `${designer}?${search}` : designer;
}

/** The draft a designer's address carries: the form's values to start from (the service checks them on saving). */
export function draftOf(params: URLSearchParams): DesignDraft {
  const draft: DesignDraft = { shots: DESIGN_SHOTS.filter((s) => params.has(`shots.${s}`)) };
  for (const field of DRAFT_FIELDS) {
    const value = params.get(field);
    if (value) draft[field] = value.slice(0, DESIGN_NAME_MAX);
  }
  return draft;
}
export const RecipeFieldSchema = z.object({ recipeId: RecipeIdSchema });
export const RenameFormSchema = z.object({ recipeId: RecipeIdSchema, name: DesignNameSchema });
export const DesignToCartFormSchema = z.object({ recipeId: RecipeIdSchema, productCode: z.string().min(1).max(64), qty: LineQuantitySchema });

/** A design's number from a cookie or a path; undefined when it is not one. */
export function recipeIdOf(value: unknown): number | undefined {
  return RecipeIdSchema.safeParse(value).data;
}

/** Each refused field's phrase in the page's language. */
function fieldPhrases(context: StorefrontContext, fields: readonly string[]): Record<string, string> {
  const t = designMessages(context.lang, context.brand.id).fields;
  const phrase = (field: string) => {
    if (field === "name") return format(t.name, { max: DESIGN_NAME_MAX });
    if (field === "productCode") return t.productCode;
    if (field === "shots") return format(t.shots, { max: MAX_DESIGN_SHOTS });
    if (field === "qty") return format(t.qty, { max: MAX_LINE_QUANTITY });
    return t.choice;
  };
  return Object.fromEntries(fields.map((f) => [f, phrase(f)]));
}

/** The form checked by `schema`, or the 400 that shows the page again with each field's phrase. */
export function checkDesignForm<S extends z.ZodType>(
  context: StorefrontContext,
  schema: S,
  input: Record<string, unknown>,
  form: Record<string, string>,
): { data: z.output<S> } | { answer: FormAnswer } {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { data: parsed.data };
  const fields = fieldPhrases(context, [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "form")))]);
  return { answer: formAnswer(form, { error: Object.values(fields)[0], fields }) };
}

/** What the service said about a design, in the page's words. */
export function designProblem(context: StorefrontContext, err: unknown, form: Record<string, string>): FormAnswer {
  if (!(err instanceof ApiError) || err.status >= 500 || err.status === 0) {
    if (err instanceof ApiError) return formAnswer(form, { error: designMessages(context.lang, context.brand.id).failed }, 503);
    throw err;
  }
  const t = designMessages(context.lang, context.brand.id);
  const item = err.errors[0];
  if (err.status === 404) return formAnswer(form, { error: t.notFound }, 404);
  if (err.status === 409) return formAnswer(form, { error: format(t.tooMany, { max: MAX_DESIGNS }) }, 409);
  if (item?.subject) {
    const fields = fieldPhrases(context, [item.subject]);
    return formAnswer(form, { error: Object.values(fields)[0], fields }, err.status);
  }
  return formAnswer(form, { error: t.failed }, err.status);
}
