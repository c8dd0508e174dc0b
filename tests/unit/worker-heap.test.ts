import { describe, expect, it } from "vitest";
import { workerHeapFor } from "../../app/config.server";

describe("a worker's heap limit follows the catalog's size", () => {
  it("keeps a small catalog's workers small", () => {
    expect(workerHeapFor(211)).toBe(163);
  });

  it("gives a 100,000-product catalog room for its caches and facet indexes", () => {
    expect(workerHeapFor(100_000)).toBe(460);
  });
});
