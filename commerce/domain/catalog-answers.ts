import { type LoadingCache, loadingCache, textBytes } from "./caches";
import type { CatalogChangeFeed } from "./catalog-changes";
import type { ShopContext } from "./shop-context";

/**
 * API answers made from the catalog, as serialised JSON, per shop context (site, language,
 * currency, price groups) and request: shoppers ask for the same category pages, searches and
 * products over and over, and an answer changes only when the catalog does, which clears them.
 */
export class CatalogAnswers {
  private readonly answers: LoadingCache<string>;

  constructor(
    private readonly feed: CatalogChangeFeed,
    maxBytes: number,
    /** The name its lookups are counted under. */
    name: string,
  ) {
    this.answers = loadingCache({ maxSize: maxBytes, sizeCalculation: (text, key) => textBytes(text) + textBytes(key) }, name);
    feed.subscribe(() => this.forget());
  }

  /** Forgets every answer, as a catalog change would. */
  forget(): void {
    this.answers.clear();
  }

  /** The answer to `request` in this context, made by `answer` the first time it is asked for. */
  async get(ctx: ShopContext, request: readonly (string | number)[], answer: () => Promise<unknown>): Promise<string> {
    await this.feed.catchUp();
    const key = [ctx.site, ctx.lang, ctx.currency, ctx.userGroups.join(","), ...request].join("|");
    return this.answers.forceFetch(key, { context: async () => JSON.stringify(await answer()) });
  }
}
