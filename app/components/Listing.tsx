import { Form, useSubmit } from "react-router";
import type { Lang } from "../../commerce/contract/common";
import type { ListingPageView } from "../lib/page-views";
import { formatCount } from "../../lib/format";
import { format } from "../brands/locale";
import { type ListingState, listingSearch, withFilterToggled, withPage } from "../lib/listing-url";
import { useLinkDelegation } from "../lib/link-delegation";
import { useHydrated } from "../lib/use-hydrated";
import { useMessages } from "./useMessages";

/** Facets as links: each value toggles itself in the URL, so filtering works before JavaScript. */
export function FacetPanel({ facets, state, basePath }: { facets: ListingPageView["facets"]; state: ListingState; basePath: string }) {
  const t = useMessages();
  const links = useLinkDelegation({ preventScrollReset: true });
  // The links inside are what shoppers click and tab to; the panel only turns them into client navigation.
  return (
    <nav className="facets" aria-label={t.filters} {...links.containerProps}>
      <h2 className="facets__title">{t.filters}</h2>
      {facets.map((f) => (
        <details
          key={f.code}
          className="facet"
          open={f.values.some((v) => v.selected) || f.priority > 95 || ["roast", "brand", "price", "colour", "series"].includes(f.code)}
        >
          <summary>{f.name}</summary>
          <ul>
            {f.values.map((v) => (
              <li key={v.code}>
                <a
                  href={`${basePath}${listingSearch(withFilterToggled(state, f.code, v.code))}`}
                  className={v.selected ? "facet__value facet__value--on" : "facet__value"}
                  aria-current={v.selected ? "true" : undefined}
                  rel="nofollow"
                  data-facet={f.code}
                  data-value={v.code}
                >
                  {/* The check box is drawn by the stylesheet (.facet__value::before); aria-current says it is on. */}
                  {`${v.name} `}
                  <span className="facet__count">{`(${v.count})`}</span>
                </a>
              </li>
            ))}
          </ul>
        </details>
      ))}
    </nav>
  );
}

export function ActiveFilters({ page, state, basePath }: { page: ListingPageView; state: ListingState; basePath: string }) {
  const t = useMessages();
  const links = useLinkDelegation({ preventScrollReset: true });
  if (page.breadcrumbs.length === 0) return null;
  return (
    <ul className="active-filters" aria-label={t.filters} {...links.containerProps}>
      {page.breadcrumbs.map((b) => (
        <li key={`${b.facetCode}:${b.facetValueCode}`}>
          <a href={`${basePath}${listingSearch(withFilterToggled(state, b.facetCode, b.facetValueCode))}`} className="chip" rel="nofollow">
            {b.facetValueName} <span aria-hidden="true">×</span>
            <span className="visually-hidden"> ({t.removeFilter})</span>
          </a>
        </li>
      ))}
      <li>
        <a href={`${basePath}${listingSearch({ ...state, filters: [], page: 1 })}`} rel="nofollow">
          {t.clearFilters}
        </a>
      </li>
    </ul>
  );
}

/** A GET form: the select and a Sort button without JavaScript; with it, choosing submits at once. */
export function SortForm({ page, state, basePath }: { page: ListingPageView; state: ListingState; basePath: string }) {
  const t = useMessages();
  const hydrated = useHydrated();
  const submit = useSubmit();
  return (
    <Form method="get" action={basePath} className="sort-form" preventScrollReset>
      {state.q ? <input type="hidden" name="q" value={state.q} /> : null}
      {state.filters.map(([k, v]) => (
        <input key={`${k}:${v}`} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor="sort">{t.sortBy}</label>
      <select
        id="sort"
        name="sort"
        defaultValue={page.pagination.sort}
        onChange={hydrated ? (e) => submit(e.currentTarget.form, { preventScrollReset: true }) : undefined}
      >
        {page.sorts.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
      <button type="submit" className={hydrated ? "button visually-hidden" : "button"}>
        {t.sortApply}
      </button>
    </Form>
  );
}

export function ResultCount({ total, lang }: { total: number; lang: Lang }) {
  const t = useMessages();
  return (
    <p className="result-count" role="status">
      {total === 1 ? t.resultsOne : format(t.results, { n: formatCount(total, lang === "fr" ? "fr-CA" : "en-US") })}
    </p>
  );
}

export function Pagination({ page, state, basePath }: { page: ListingPageView; state: ListingState; basePath: string }) {
  const t = useMessages();
  const links = useLinkDelegation();
  const { currentPage, totalPages } = page.pagination;
  if (totalPages <= 1) return null;
  const current = currentPage + 1;
  const pages = [...new Set([1, current - 2, current - 1, current, current + 1, current + 2, totalPages])]
    .filter((p) => p >= 1 && p <= totalPages)
    .sort((a, b) => a - b);
  const href = (p: number) => `${basePath}${listingSearch(withPage(state, p))}`;
  return (
    <nav className="pagination" aria-label={t.pagination} {...links.containerProps}>
      <p className="visually-hidden">{format(t.pageOf, { page: current, total: totalPages })}</p>
      <ul>
        {current > 1 ? (
          <li>
            <a href={href(current - 1)} rel="prev">
              {t.previousPage}
            </a>
          </li>
        ) : null}
        {pages.map((p, i) => (
          <li key={p}>
            {i > 0 && p - pages[i - 1]! > 1 ? <span aria-hidden="true">… </span> : null}
            {p === current ? (
              <span aria-current="page" className="pagination__current">
                {p}
              </span>
            ) : (
              <a href={href(p)}>{p}</a>
            )}
          </li>
        ))}
        {current < totalPages ? (
          <li>
            <a href={href(current + 1)} rel="next">
              {t.nextPage}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
