import { FACET_KEYS, type FacetKey, formatListingQuery, isKnownFacetValue, SORT_CODES, type SortCode } from "../../commerce/contract/listing-query";

/**
 * A listing's state lives in its URL so that a filtered page is a shareable, back-button-safe
 * link: ?q=…&sort=price-asc&roast=dark&brand=Summit%20Ridge&page=2 (pages count from 1).
 * Unknown or malformed parameters are dropped, never an error: old links keep working.
 */
export interface ListingState {
  q: string;
  sort: SortCode | null;
  page: number;
  filters: [FacetKey, string][];
}

export function listingStateFromUrl(params: URLSearchParams): ListingState {
  const sortRaw = params.get("sort");
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const filters: [FacetKey, string][] = [];
  for (const key of FACET_KEYS) {
    for (const value of params.getAll(key)) {
      if (value && value.length <= 80 && !value.includes(":") && isKnownFacetValue(key, value) && !filters.some(([k, v]) => k === key && v === value))
        filters.push([key, value]);
    }
  }
  return {
    q: (params.get("q") ?? "").trim().slice(0, 200),
    sort: SORT_CODES.includes(sortRaw as SortCode) ? (sortRaw as SortCode) : null,
    page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1,
    filters: filters.slice(0, 40),
  };
}

/** The API's OCC query (`freeText:sort:facet:value…`). */
export function occQuery(state: ListingState, defaultSort: SortCode): string {
  return formatListingQuery({ freeText: state.q, sort: state.sort ?? defaultSort, filters: state.filters });
}

export function listingSearch(state: ListingState): string {
  const p = new URLSearchParams();
  if (state.q) p.set("q", state.q);
  if (state.sort) p.set("sort", state.sort);
  for (const [k, v] of state.filters) p.append(k, v);
  if (state.page > 1) p.set("page", String(state.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

export function withFilterToggled(state: ListingState, key: FacetKey, value: string): ListingState {
  const on = state.filters.some(([k, v]) => k === key && v === value);
  return { ...state, page: 1, filters: on ? state.filters.filter(([k, v]) => !(k === key && v === value)) : [...state.filters, [key, value]] };
}

export function withPage(state: ListingState, page: number): ListingState {
  return { ...state, page };
}
