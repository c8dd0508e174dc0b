import type { Compare, Product } from "../contract/product";

/** Products side by side: one row per feature any of them has, each product's values in its column. */
export function compareTable(products: Product[]): Compare {
  const features = new Map<string, Compare["features"][number]>();
  for (const p of products) {
    for (const f of p.classifications?.flatMap((c) => c.features) ?? []) {
      const row = features.get(f.code) ?? { code: f.code, name: f.name, values: {} };
      row.values[p.code] = f.featureValues.map((v) => v.value).join(", ");
      features.set(f.code, row);
    }
  }
  return { products, features: [...features.values()] };
}
