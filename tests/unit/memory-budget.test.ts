import { describe, expect, it } from "vitest";
import { loadCommerceConfig } from "../../commerce/config";
import { cacheSizes } from "../../commerce/domain/caches";

const MB = 1024 * 1024;

describe("a worker's memory budget (MEMORY_BUDGET_MB)", () => {
  it("is 256 MB unless set, and refuses less than 128 MB, naming the variable", () => {
    expect(loadCommerceConfig({}).memoryBudgetMb).toBe(256);
    expect(loadCommerceConfig({ MEMORY_BUDGET_MB: "512" }).memoryBudgetMb).toBe(512);
    expect(() => loadCommerceConfig({ MEMORY_BUDGET_MB: "64" })).toThrow(/MEMORY_BUDGET_MB="64": expected at least 128/);
  });

  it("gives each cache a share that grows with the budget, and leaves a third of it to what is not a cache", () => {
    const small = cacheSizes(256);
    const large = cacheSizes(512);
    for (const name of Object.keys(small) as (keyof typeof small)[]) {
      expect(small[name], name).toBeGreaterThan(0);
      expect(large[name], name).toBeGreaterThanOrEqual(2 * small[name] - 1);
    }
    const total = Object.values(small).reduce((n, bytes) => n + bytes, 0);
    expect(total).toBeLessThan((2 / 3) * 256 * MB);
  });
});
