import { describe, expect, it } from "vitest";
import { DIALECTS, tempDatabase } from "../support/databases";
import { getWithHost, type RunningStore, startStore } from "../support/server";

describe("starting the store", () => {
  // Starts a store of its own, which warms up before it listens: on a busy machine, longer than the default 30 s.
  it("logs none of its warm-up's requests: after the seed, the first lines say where each brand is, then shoppers' requests follow", async () => {
    const store = await startStore({ env: { WEB_CONCURRENCY: "1", WARM_UP_SECONDS: "3" } });
    try {
      await store.everyWorkerListening();
      const lines = store.logs().split("\n");
      const announced = lines.findIndex((line) => line.includes("Brewfront listening on port"));
      expect(lines.slice(0, announced).filter((line) => line.includes('"msg":"request"'))).toEqual([]);
      const brands = lines.slice(announced + 1, announced + 4).map((line) => (JSON.parse(line) as { brand: string; url: string }).brand);
      expect(brands).toEqual(["usb2c", "cab2c", "usafh"]);

      const after = store.logs().length;
      expect((await getWithHost(store.url, "/c/coffee", "www.brewfront.com")).status).toBe(200);
      await store.waitForLog((line) => line.includes('"msg":"request"') && line.includes('"url":"/c/coffee"'), { after });
    } finally {
      await store.stop();
    }
  }, 90_000);
});

describe.each(DIALECTS)("instances started together on one empty database (%s)", (dialect) => {
  // Three stores start at the same moment; they take turns preparing the database, so the last waits for two.
  it("all come up, one of them seeds and none crashes", async () => {
    const database = await tempDatabase(dialect);
    const stores = await Promise.allSettled([0, 1, 2].map(() => startStore({ database, startWithinMs: 180_000 })));
    try {
      const failures = stores.filter((s) => s.status === "rejected").map((s) => String((s as PromiseRejectedResult).reason));
      expect(failures).toEqual([]);
      const running = stores.map((s) => (s as PromiseFulfilledResult<RunningStore>).value);
      const seeders = running.filter((store) => store.logs().includes("database seeded"));
      expect(seeders).toHaveLength(1);
      for (const store of running) {
        expect((await fetch(`${store.url}/readyz`)).status).toBe(200);
        const product = await fetch(`${store.url}/rest/v2/usb2c/products/5001-SMRG-KC-24`);
        expect(product.status).toBe(200);
      }
    } finally {
      await Promise.all(stores.map((s) => (s.status === "fulfilled" ? s.value.stop() : undefined)));
      await database.drop();
    }
  }, 240_000);
});
