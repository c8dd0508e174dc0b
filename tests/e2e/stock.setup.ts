import { expect, test as setup } from "@playwright/test";
import { buildCatalog } from "../../commerce/seed/catalog";
import { E2E_ADMIN_KEY } from "./support/store-clock";

/** The seed's levels from which a product counts as stocked (below: sold out, or the last few). */
const STOCKED_FROM = 50;
const PLENTY = 100_000;

/**
 * The suite shares one store, and its orders (with the auto-delivery sweeps, which place every due
 * subscription's order) draw on one stock: over a whole run the demo's 100–500 units of the
 * popular pods ran out, and specs late in the run could no longer add them to a cart. Before any
 * spec, every product the demo stocks gets plenty, through the operators' stock call; the sold-out
 * and nearly sold-out ones stay as seeded, since specs rely on them.
 */
setup("every product the demo stocks has plenty for the whole suite", async ({ request }) => {
  const stocked = buildCatalog().stock.filter((s) => s.level >= STOCKED_FROM);
  expect(stocked.length).toBeGreaterThan(100);
  for (const { product_code } of stocked) {
    const res = await request.put(`/rest/v2/usb2c/stock/${encodeURIComponent(product_code)}`, {
      headers: { "X-Admin-Key": E2E_ADMIN_KEY },
      data: { level: PLENTY },
    });
    expect(res.status(), product_code).toBe(200);
  }
});
