import { describe, expect, it } from "vitest";
import { getWithHost, startStore } from "../support/server";

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
