import { z } from "zod";
import { MAX_PICK_LINES, MAX_PICK_QUANTITY, MonthSchema } from "../../commerce/contract/monthly-box";
import { ProductCodeParamSchema } from "../../commerce/contract/product";
import type { BoxPageState, PickLine } from "./monthly-box-pick";

/*
 * The monthly box's pick without JavaScript (decision 068): the whole selection is one GET form.
 * The quantities of the products shown are inputs named qty.{code}; the picks of products not
 * shown ride along as hidden pick={code}:{quantity} fields; filters, search, paging and the month
 * are submit buttons named `to`, so whatever was typed travels with every move. The loader turns
 * such a submit into the page's plain address (month, category, collection, text, page, pick)
 * with a redirect, so the address bar, reload and back always show the box as picked.
 */

const GroupCode = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_-]+$/);
const Text = z.string().trim().min(1).max(100);
const Page = z.coerce.number().int().min(0).max(100);
const Quantity = z.coerce.number().int().min(0).max(MAX_PICK_QUANTITY);

type Fields = Iterable<[string, FormDataEntryValue]>;

const optional = <T>(schema: z.ZodType<T>, value: string | undefined): T | undefined => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

export interface ReadPick {
  state: BoxPageState;
  /** Some quantity was not a whole number from 0 to the most a pick may hold, or the pick had too many lines: it was left out. */
  dropped: boolean;
  /** The fields came from the page's form (a move or a typed quantity), not from its plain address. */
  fromForm: boolean;
}

/** The page's state from its address or its form: the filters, the page, and the pick with the move (`to`) applied. */
export function readPick(fields: Fields): ReadPick {
  const single = new Map<string, string>();
  const lines = new Map<string, number>();
  let dropped = false;
  let fromForm = false;
  const setLine = (code: string, raw: string) => {
    const parsedCode = ProductCodeParamSchema.safeParse(code);
    const quantity = Quantity.safeParse(raw.trim() === "" ? "0" : raw);
    if (!parsedCode.success || !quantity.success) return void (dropped = true);
    if (quantity.data === 0) lines.delete(parsedCode.data);
    else lines.set(parsedCode.data, quantity.data);
  };
  const typed: [string, string][] = [];
  for (const [key, value] of fields) {
    if (typeof value !== "string") continue;
    if (key === "pick") {
      const at = value.lastIndexOf(":");
      if (at <= 0) dropped = true;
      else setLine(value.slice(0, at), value.slice(at + 1));
    } else if (key.startsWith("qty.")) {
      typed.push([key.slice(4), value]);
      fromForm = true;
    } else if (!single.has(key)) single.set(key, value);
  }
  // What was typed on the page wins over what the address carried for the same product.
  for (const [code, value] of typed) setLine(code, value);
  let pick: PickLine[] = [...lines].map(([code, quantity]) => ({ code, quantity }));
  if (pick.length > MAX_PICK_LINES) {
    pick = pick.slice(0, MAX_PICK_LINES);
    dropped = true;
  }

  const state: BoxPageState = {
    month: optional(MonthSchema, single.get("month")),
    category: optional(GroupCode, single.get("category")),
    collection: optional(GroupCode, single.get("collection")),
    text: optional(Text, single.get("text")),
    page: optional(Page, single.get("page")) ?? 0,
    pick,
  };
  // A new search text starts the listing over, whatever else moved.
  const shown = single.get("shownText");
  if (shown !== undefined) {
    fromForm = true;
    if ((optional(Text, shown) ?? "") !== (state.text ?? "")) Object.assign(state, { page: 0, category: undefined, collection: undefined });
  }
  const to = single.get("to");
  if (to !== undefined) {
    fromForm = true;
    applyMove(state, to);
  }
  return { state, dropped, fromForm };
}

/** A submit button's move: `all`, `category:{code}`, `collection:{category}:{code}`, `page:{n}`, `month:{YYYY-MM}`, `search`, `clearSearch`, `check`. */
function applyMove(state: BoxPageState, to: string) {
  const [kind, first, second] = to.split(":");
  if (kind === "all") Object.assign(state, { category: undefined, collection: undefined, text: undefined, page: 0 });
  else if (kind === "category") Object.assign(state, { category: optional(GroupCode, first), collection: undefined, text: undefined, page: 0 });
  else if (kind === "collection")
    Object.assign(state, { category: optional(GroupCode, first), collection: optional(GroupCode, second), text: undefined, page: 0 });
  else if (kind === "page") state.page = optional(Page, first) ?? 0;
  else if (kind === "month")
    Object.assign(state, { month: optional(MonthSchema, first), category: undefined, collection: undefined, text: undefined, page: 0 });
  else if (kind === "search") Object.assign(state, { category: undefined, collection: undefined, page: 0 });
  else if (kind === "clearSearch") Object.assign(state, { text: undefined, page: 0 });
  // `check` (and anything unknown) only carries the pick.
}

/** The page's plain address for a state: only what differs from the defaults, the pick as pick={code}:{quantity}. */
export function pickAddress(path: string, state: BoxPageState, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (state.month) query.set("month", state.month);
  if (state.text) query.set("text", state.text);
  if (state.category) query.set("category", state.category);
  if (state.collection) query.set("collection", state.collection);
  if (state.page > 0) query.set("page", String(state.page));
  for (const line of state.pick) query.append("pick", `${line.code}:${line.quantity}`);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.size > 0 ? `${path}?${query}` : path;
}
