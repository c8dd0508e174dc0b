import {
  DESIGN_MILKS,
  DESIGN_NAME_MAX,
  DESIGN_SHOTS,
  DESIGN_SIZES,
  DESIGN_STRENGTHS,
  DESIGN_SWEETNESS,
  type Design,
  type DesignBeverage,
  type DesignChoices,
  DesignChoicesSchema,
  type DesignList,
  type DesignOptions,
  MAX_DESIGN_SHOTS,
  MAX_DESIGNS,
  type SaveRecipeRequest,
  type UpdateRecipeRequest,
} from "../contract/designs";
import type { Product } from "../contract/product";
import {
  countDesigns,
  deleteDesign,
  designsOf,
  type DrinkDesignRow,
  findDesign,
  insertDesign,
  isPodBeverageOn,
  podBeveragesOn,
  updateDesign,
} from "../db/designs";
import type { Db } from "../db/index";
import { lockMember } from "../db/loyalty";
import { writeTransaction } from "../db/write-transaction";
import type { CatalogService } from "./catalog-service";
import type { Clock } from "./clock";
import { designMessagesFor } from "./design-messages";
import { describeChoices, maySaveAnother, shotsOf, shotsText, type StoredRecipe } from "./design-rules";
import { invalid, notFound, ShopError } from "./errors";
import { unavailableWhenBusy } from "./service-unavailable";
import type { ShopContext } from "./shop-context";

export interface DesignDeps {
  db: Db;
  catalog: CatalogService;
  clock: Clock;
}

/**
 * Saved drink designs (decision 073): a member's designs on one store, each made from a pod the
 * store sells. Every call names the member; another member's design, or one of another store,
 * answers 404 like one that does not exist.
 */
export class DesignService {
  constructor(private readonly deps: DesignDeps) {}

  /** designOptions: what the designer offers, in the shopper's language. */
  async options(ctx: ShopContext): Promise<DesignOptions> {
    const t = designMessagesFor(ctx.lang, ctx.site);
    const pods = await podBeveragesOn(this.deps.db, ctx.site);
    const kinds = new Map(pods.map((p) => [p.code, p.kind]));
    const products = await this.deps.catalog.products(
      ctx,
      pods.map((p) => p.code),
      "DEFAULT",
    );
    const choices = <V extends string>(values: readonly V[], labels: Record<V, string>) => values.map((value) => ({ value, label: labels[value] }));
    return {
      beverages: products
        .filter((p) => p.purchasable)
        .map((p) => beverageOf(p, kinds.get(p.code) ?? p.productType))
        .sort((a, b) => a.name.localeCompare(b.name, ctx.lang)),
      sizes: choices(DESIGN_SIZES, t.sizes),
      strengths: choices(DESIGN_STRENGTHS, t.strengths),
      milks: choices(DESIGN_MILKS, t.milks),
      sweetness: choices(DESIGN_SWEETNESS, t.sweetness),
      shots: choices(DESIGN_SHOTS, t.shots),
      nameMax: DESIGN_NAME_MAX,
      maxShots: MAX_DESIGN_SHOTS,
      maxDesigns: MAX_DESIGNS,
    };
  }

  /** The member's designs on this store, the latest changed first. */
  async list(ctx: ShopContext, customerId: string): Promise<DesignList> {
    const rows = await designsOf(this.deps.db, customerId, ctx.site);
    const products = await this.beverages(ctx, rows);
    return { designs: rows.map((r) => this.view(ctx, r, products)), maxDesigns: MAX_DESIGNS };
  }

  /** openDesignSpectrum: one of the member's designs, for the designer. */
  async open(ctx: ShopContext, customerId: string, recipeId: number): Promise<Design> {
    const row = await this.own(ctx, customerId, recipeId);
    return this.view(ctx, row, await this.beverages(ctx, [row]));
  }

  /** saveRecipe: a new design, while the member holds fewer than the most (counted under the member's lock). */
  async save(ctx: ShopContext, customerId: string, request: SaveRecipeRequest): Promise<Design> {
    await this.checkBeverage(ctx, request.productCode);
    const at = (await this.deps.clock.now()).toISOString();
    const id = await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        await lockMember(trx, customerId);
        if (!maySaveAnother(await countDesigns(trx, customerId, ctx.site))) throw this.tooMany(ctx);
        return insertDesign(trx, {
          site: ctx.site,
          customer_id: customerId,
          name: request.name,
          product_code: request.productCode,
          size: request.size,
          strength: request.strength,
          milk: request.milk,
          sweetness: request.sweetness,
          shots: shotsText(request.shots),
          created_at: at,
          updated_at: at,
        });
      }),
    );
    return this.open(ctx, customerId, id);
  }

  /** updateRecipe: renames or changes the member's design; what is not sent is kept. */
  async update(ctx: ShopContext, customerId: string, request: UpdateRecipeRequest): Promise<Design> {
    await this.own(ctx, customerId, request.recipeId);
    if (request.productCode !== undefined) await this.checkBeverage(ctx, request.productCode);
    const at = (await this.deps.clock.now()).toISOString();
    const change = Object.fromEntries(
      Object.entries({
        name: request.name,
        product_code: request.productCode,
        size: request.size,
        strength: request.strength,
        milk: request.milk,
        sweetness: request.sweetness,
        shots: request.shots === undefined ? undefined : shotsText(request.shots),
      }).filter(([, v]) => v !== undefined),
    );
    const changed = await unavailableWhenBusy(() => writeTransaction(this.deps.db, (trx) => updateDesign(trx, request.recipeId, customerId, change, at)));
    // Deleted in the meantime: the same answer as one that never was.
    if (!changed) throw this.notFound(ctx);
    return this.open(ctx, customerId, request.recipeId);
  }

  /** deleteRecipe: the member's design is gone; cart and order lines keep their copy. */
  async delete(ctx: ShopContext, customerId: string, recipeId: number): Promise<void> {
    const deleted = await unavailableWhenBusy(() => writeTransaction(this.deps.db, (trx) => deleteDesign(trx, recipeId, customerId, ctx.site)));
    if (!deleted) throw this.notFound(ctx);
  }

  /**
   * The recipe data of a cart add: the member's design as the line keeps it. The pods added must
   * be the design's base beverage, bought once (a design is not an auto-delivery).
   */
  async recipeForCart(ctx: ShopContext, customerId: string | null, recipeId: number, line: { productCode: string; entryType: string }): Promise<StoredRecipe> {
    const t = designMessagesFor(ctx.lang, ctx.site);
    if (customerId === null) throw new ShopError("invalid", { type: "ValidationError", reason: "invalid", subject: "recipeId", message: t.membersOnly });
    const row = await this.own(ctx, customerId, recipeId);
    if (row.product_code !== line.productCode) throw invalid("productCode", t.notThisBeverage);
    if (line.entryType !== "STD") throw invalid("entryType", t.oneOffOnly);
    return { recipeId: row.id, name: row.name, choices: choicesOf(row) };
  }

  private async own(ctx: ShopContext, customerId: string, recipeId: number): Promise<DrinkDesignRow> {
    const row = await findDesign(this.deps.db, recipeId);
    if (!row || row.customer_id !== customerId || row.site !== ctx.site) throw this.notFound(ctx);
    return row;
  }

  private async checkBeverage(ctx: ShopContext, code: string): Promise<void> {
    if (!(await isPodBeverageOn(this.deps.db, ctx.site, code))) throw invalid("productCode", designMessagesFor(ctx.lang, ctx.site).notABeverage);
  }

  private async beverages(ctx: ShopContext, rows: readonly DrinkDesignRow[]): Promise<Map<string, Product>> {
    const codes = [...new Set(rows.map((r) => r.product_code))];
    if (codes.length === 0) return new Map();
    return new Map((await this.deps.catalog.products(ctx, codes, "DEFAULT")).map((p) => [p.code, p]));
  }

  private view(ctx: ShopContext, row: DrinkDesignRow, products: ReadonlyMap<string, Product>): Design {
    const product = products.get(row.product_code);
    const choices = choicesOf(row);
    return {
      recipeId: row.id,
      name: row.name,
      productCode: row.product_code,
      beverage: product?.purchasable ? beverageOf(product, product.productType) : null,
      choices,
      description: describeChoices(choices, ctx.lang, ctx.site),
      created: row.created_at,
      updated: row.updated_at,
    };
  }

  private notFound(ctx: ShopContext): ShopError {
    return notFound("recipeId", designMessagesFor(ctx.lang, ctx.site).notFound, "recipe");
  }

  private tooMany(ctx: ShopContext): ShopError {
    return new ShopError("conflict", {
      type: "DesignLimitError",
      reason: "tooManyDesigns",
      subject: "recipeId",
      message: designMessagesFor(ctx.lang, ctx.site).tooMany(MAX_DESIGNS),
    });
  }
}

/** A stored design's choices; a value the menu no longer has reads as the menu's first. */
function choicesOf(row: DrinkDesignRow): DesignChoices {
  const parsed = DesignChoicesSchema.safeParse({ size: row.size, strength: row.strength, milk: row.milk, sweetness: row.sweetness, shots: shotsOf(row.shots) });
  return parsed.success ? parsed.data : { size: "8", strength: "regular", milk: "none", sweetness: "none", shots: shotsOf(row.shots) };
}

function beverageOf(p: Product, kind: string): DesignBeverage {
  return {
    code: p.code,
    name: p.name,
    url: p.url,
    image: p.images.find((i) => i.imageType === "PRIMARY")?.url,
    packLabel: p.variantOptions.find((v) => v.code === p.code)?.packLabel,
    price: p.price,
    kind,
  };
}
