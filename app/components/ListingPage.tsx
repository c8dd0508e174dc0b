import { Form } from "react-router";
import type { Lang } from "../../commerce/contract/common";
import type { ListingState } from "../lib/listing-url";
import { localePath } from "../lib/paths";
import type { ProductCardData } from "../lib/page-views";
import type { ListingPageView } from "../lib/page-views";
import { ActiveFilters, FacetPanel, Pagination, ResultCount, SortForm } from "./Listing";
import { CartAddedNotice } from "./CartAddedNotice";
import { COMPARE_FORM_ID, ProductGrid } from "./ProductCard";
import { useMessages } from "./useMessages";

export interface ListingView {
  page: ListingPageView;
  products: ProductCardData[];
  state: ListingState;
  basePath: string;
}

/** The body shared by category and search pages: facets, result header, grid and pages. */
export function ListingBody({ view, lang, compare }: { view: ListingView; lang: Lang; compare?: boolean }) {
  const t = useMessages();
  const { page, state, basePath, products } = view;
  const listing = {
    page,
    state,
    basePath,
  };
  return (
    <div className="listing">
      <FacetPanel facets={page.facets} state={state} basePath={basePath} />
      <div className="listing__results">
        <div className="listing__header">
          <ResultCount total={page.pagination.totalResults} lang={lang} />
          <SortForm {...listing} />
        </div>
        <ActiveFilters {...listing} />
        <CartAddedNotice lang={lang} codes={[]} errors />
        {compare ? (
          <div className="compare-form">
            <ProductGrid products={products} lang={lang} compare />
            {/* The tiles' checkboxes join this form by its id: forms cannot nest, and each tile has its own add form. */}
            <Form id={COMPARE_FORM_ID} method="get" action={localePath(lang, "/compare")}>
              <button type="submit" className="button compare-form__submit">
                {t.compareSelected}
              </button>
            </Form>
          </div>
        ) : (
          <ProductGrid products={products} lang={lang} />
        )}
        <Pagination {...listing} />
      </div>
    </div>
  );
}
