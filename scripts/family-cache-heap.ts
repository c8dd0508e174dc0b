// What the product-family cache holds (decision 041: familyBytes is a rough estimate of it): loads FAMILIES (default
// 16,000) of the 100,000-product catalog's Canadian families in both languages, 500 at a time,
// makes each one's product card, then prints the heap they hold and how long seven
// forced full collections take. Needs the catalog the bench seeds (data/bench-large.sqlite):
//   node --expose-gc node_modules/.bin/vite-node scripts/family-cache-heap.ts
import { createDb } from "../commerce/db/index";
import { loadListingFacts } from "../commerce/db/listing-facts";
import { CatalogChangeFeed } from "../commerce/domain/catalog-changes";
import { productView } from "../commerce/domain/product";
import { ProductFamilies } from "../commerce/domain/product-families";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc");
const fullCollection = () => {
  const started = performance.now();
  gc();
  return performance.now() - started;
};

const db = createDb({ kind: "sqlite", file: "data/bench-large.sqlite" });
const families = new ProductFamilies(db, new CatalogChangeFeed(db, { intervalMs: 60_000 }), 1024 * 1024 * 1024);
const count = Number(process.env.FAMILIES ?? 16_000);
// The site's base products (one listing each), the first `count` by code.
const codes = (await loadListingFacts(db, "cab2c"))
  .map((f) => f.baseCode)
  .sort()
  .slice(0, count);

// Let the listing rows read above go before measuring from here.
await new Promise((resolve) => setTimeout(resolve, 0));
fullCollection();
const before = process.memoryUsage().heapUsed;
for (const lang of ["en", "fr"] as const) {
  for (let i = 0; i < codes.length; i += 500) {
    for (const [code, family] of await families.load(codes.slice(i, i + 500), "cab2c", lang, "CAD")) {
      productView(family, code, { currency: "CAD", lang, userGroups: [], site: "cab2c" }, "BASIC");
    }
  }
}
fullCollection();
const times = Array.from({ length: 7 }, fullCollection).sort((a, b) => a - b);
const heldMB = (process.memoryUsage().heapUsed - before) / 1024 / 1024;
console.log(
  `${codes.length * 2} families and cards: heap ${heldMB.toFixed(1)} MB; a full collection ${times.map((t) => t.toFixed(1)).join(", ")} ms (median ${times[3]!.toFixed(1)})`,
);
await db.destroy();
