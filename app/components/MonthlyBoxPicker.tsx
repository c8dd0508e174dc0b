import { useState, type FormEvent, type ReactNode } from "react";
import { Form } from "react-router";
import type { MonthlyGroups, ProductSelect } from "../../commerce/contract/monthly-box";
import type { Pagination } from "../../commerce/contract/common";
import type { MonthlyBoxMessages } from "../brands/monthly-box-messages";
import { format } from "../brands/locale";
import { type BoxPageState, type BoxProductCard, countFill } from "../lib/monthly-box-pick";
import { FormMessage, type FormProblem } from "./FormFields";

export interface PickerData {
  state: BoxPageState;
  /** The months the page offers (this month and next), with their names in the page's language. */
  months?: { value: string; label: string }[];
  boxPods: number;
  packSize: number;
  groups: MonthlyGroups;
  products: BoxProductCard[];
  pagination: Pagination;
  /** The service's count of the pick (productSelect), or null for an empty pick. */
  fill: ProductSelect | null;
  dropped: boolean;
}

const MOVE = "to";

function MoveButton({ to, pressed, children, className }: { to: string; pressed?: boolean; children: ReactNode; className?: string }) {
  return (
    <button type="submit" name={MOVE} value={to} aria-pressed={pressed} className={className ?? "chip"}>
      {children}
    </button>
  );
}

/**
 * The month's selection as one GET form (decision 068): quantities of the products shown,
 * the rest of the pick as hidden fields, and every move (month, category, collection, search,
 * page, "Check my box") a submit button, so a pick survives them all without JavaScript. With
 * JavaScript the box's count follows the quantities as they change; the service still checks.
 */
export function MonthlyBoxPicker({
  data,
  t,
  problem,
  actions,
  hidden = {},
}: {
  data: PickerData;
  t: MonthlyBoxMessages;
  problem?: FormProblem;
  actions: ReactNode;
  /** Fields the page itself needs back with every move (the subscription's code). */
  hidden?: Record<string, string>;
}) {
  const { state, groups, products, pagination, fill } = data;
  const shown = new Set(products.map((p) => p.code));
  const quantities = new Map(state.pick.map((l) => [l.code, l.quantity]));
  const refused = new Set(fill?.refused.map((r) => r.code) ?? []);
  // The page's own count, until the next answer from the server brings the service's.
  const [live, setLive] = useState<{ answer: ProductSelect | null; count: ReturnType<typeof countFill> } | null>(null);
  const total = groups.categories.reduce((n, c) => n + c.count, 0);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const counted: number[] = [];
    for (const [key, value] of form) {
      if (typeof value !== "string") continue;
      const [code, quantity] = key === "pick" ? [value.slice(0, value.lastIndexOf(":")), value.slice(value.lastIndexOf(":") + 1)] : [key.slice(4), value];
      if ((key === "pick" || key.startsWith("qty.")) && !refused.has(code)) counted.push(Math.max(0, Math.trunc(Number(quantity)) || 0));
    }
    setLive({ answer: fill, count: countFill(counted, data.packSize, data.boxPods) });
  };

  const count =
    live && live.answer === fill
      ? live.count
      : fill
        ? { picked: fill.pickedPods, state: fill.state, remaining: fill.remainingPods, excess: fill.excessPods }
        : null;
  return (
    <Form method="get" className="box-picker" onChange={onChange} preventScrollReset>
      {/* The button Enter presses in any field: it keeps everything typed and moves nowhere. */}
      <button type="submit" name={MOVE} value="check" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        {t.checkBox}
      </button>
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {state.month ? <input type="hidden" name="month" value={state.month} /> : null}
      {state.category ? <input type="hidden" name="category" value={state.category} /> : null}
      {state.collection ? <input type="hidden" name="collection" value={state.collection} /> : null}
      {state.page > 0 ? <input type="hidden" name="page" value={state.page} /> : null}
      <input type="hidden" name="shownText" value={state.text ?? ""} />
      {state.pick
        .filter((l) => !shown.has(l.code))
        .map((l) => (
          <input key={`${l.code}:${l.quantity}`} type="hidden" name="pick" value={`${l.code}:${l.quantity}`} />
        ))}

      {data.months ? (
        <fieldset className="box-picker__months">
          <legend>{t.chooseMonth}</legend>
          {data.months.map((m, i) => (
            <MoveButton key={m.value} to={`month:${m.value}`} pressed={(state.month ?? data.months![0]!.value) === m.value}>
              {format(i === 0 ? t.thisMonth : t.nextMonth, { month: m.label })}
            </MoveButton>
          ))}
        </fieldset>
      ) : null}

      <div className="box-picker__layout">
        <section className="box-fill" aria-labelledby="box-fill-heading">
          <h2 id="box-fill-heading">{t.yourBox}</h2>
          <FormMessage state={problem} />
          {data.dropped ? <p className="form-error">{t.pickDropped}</p> : null}
          <div role="status" className="box-fill__count" data-testid="box-fill">
            {count ? (
              <>
                <strong>{format(t.pickedOf, { picked: count.picked, boxPods: data.boxPods })}</strong>{" "}
                <span className={`box-fill__state box-fill__state--${count.state}`}>
                  {count.state === "under"
                    ? format(t.under, { remaining: count.remaining })
                    : count.state === "over"
                      ? format(t.over, { excess: count.excess })
                      : t.full}
                </span>
              </>
            ) : (
              t.nothingPicked
            )}
          </div>
          {fill && fill.entries.length > 0 ? (
            <>
              <h3>{t.yourPicks}</h3>
              <ul className="box-fill__picks">
                {fill.entries.map((e) => (
                  <li key={e.code}>{format(t.pickLine, { name: e.name, quantity: e.quantity })}</li>
                ))}
              </ul>
            </>
          ) : null}
          {fill && fill.refused.length > 0 ? (
            <div className="form-error" role="alert">
              <p>{t.refused}</p>
              <ul>
                {fill.refused.map((r) => (
                  <li key={r.code}>
                    {r.code}: {r.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div className="box-fill__actions">
            <MoveButton to="check" className="button button--secondary">
              {t.checkBox}
            </MoveButton>
            {actions}
          </div>
        </section>

        <nav className="facets box-picker__groups" aria-label={t.browse}>
          <h2 className="facets__title">{t.browse}</h2>
          <ul>
            <li>
              <MoveButton to="all" pressed={!state.category && !state.collection && !state.text}>
                {format(t.allProducts, { count: total })}
              </MoveButton>
            </li>
            {groups.categories.map((c) => (
              <li key={c.code}>
                <MoveButton to={`category:${c.code}`} pressed={state.category === c.code && !state.collection}>
                  {c.name} ({c.count})
                </MoveButton>
                <ul>
                  {c.collections.map((col) => (
                    <li key={col.code}>
                      <MoveButton to={`collection:${c.code}:${col.code}`} pressed={state.category === c.code && state.collection === col.code}>
                        {col.name} ({col.count})
                      </MoveButton>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </nav>

        <div className="box-picker__products">
          <div className="box-picker__search">
            <label htmlFor="box-search">{t.searchLabel}</label>
            <input id="box-search" type="search" name="text" defaultValue={state.text ?? ""} key={state.text ?? ""} maxLength={100} />
            <MoveButton to="search" className="button">
              {t.searchButton}
            </MoveButton>
            {state.text ? (
              <MoveButton to="clearSearch" className="button button--secondary">
                {t.clearSearch}
              </MoveButton>
            ) : null}
          </div>
          {state.text ? (
            <p role="status">
              {pagination.totalResults > 0
                ? format(t.resultsFor, { count: pagination.totalResults, text: state.text })
                : format(t.noResults, { text: state.text })}
            </p>
          ) : null}
          {products.map((p, i) => {
            // The page lists by category: a heading where one begins.
            const heading = i === 0 || products[i - 1]!.category.code !== p.category.code ? <h3 className="box-picker__category">{p.category.name}</h3> : null;
            const id = `qty-${p.code}`;
            return (
              <div key={p.code}>
                {heading}
                <article className="box-product" aria-labelledby={`${id}-name`}>
                  {p.imageUrl ? <img src={p.imageUrl} alt="" width={96} height={96} loading="lazy" /> : null}
                  <div className="box-product__text">
                    <h4 id={`${id}-name`}>{p.name}</h4>
                    <p>
                      {p.collection.name} · {format(t.podsEach, { pods: p.pods })}
                    </p>
                  </div>
                  <div className="field box-product__qty">
                    <label htmlFor={id}>
                      {t.boxes}
                      <span className="visually-hidden"> {format(t.boxesOf, { name: p.name })}</span>
                    </label>
                    <input
                      id={id}
                      key={`${p.code}-${quantities.get(p.code) ?? 0}`}
                      type="number"
                      name={`qty.${p.code}`}
                      min={0}
                      max={24}
                      inputMode="numeric"
                      defaultValue={String(quantities.get(p.code) ?? 0)}
                    />
                  </div>
                </article>
              </div>
            );
          })}
          {pagination.totalPages > 1 ? (
            <nav className="pagination" aria-label={t.pagination}>
              <p>{format(t.pageOf, { page: pagination.currentPage + 1, pages: pagination.totalPages })}</p>
              <ul>
                {pagination.currentPage > 0 ? (
                  <li>
                    <MoveButton to={`page:${pagination.currentPage - 1}`} className="button button--secondary">
                      {t.previousPage}
                    </MoveButton>
                  </li>
                ) : null}
                {pagination.currentPage + 1 < pagination.totalPages ? (
                  <li>
                    <MoveButton to={`page:${pagination.currentPage + 1}`} className="button button--secondary">
                      {t.nextPage}
                    </MoveButton>
                  </li>
                ) : null}
              </ul>
            </nav>
          ) : null}
        </div>
      </div>
    </Form>
  );
}
