import type { Generated } from "kysely";

/** One member's saved drink design on one store (migration 026, decision 073). */
export interface DrinkDesignTable {
  id: Generated<number>;
  site: string;
  customer_id: string;
  name: string;
  /** The base beverage: a pod variant's code. */
  product_code: string;
  size: string;
  strength: string;
  milk: string;
  sweetness: string;
  /** Comma-separated flavour shots, '' for none. */
  shots: string;
  created_at: string;
  updated_at: string;
}

export interface DesignTables {
  drink_design: DrinkDesignTable;
}
