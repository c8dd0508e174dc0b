import { describe, expect, it } from "vitest";
import { randomBase64, randomHex } from "../../lib/random";

describe("random ids from the shared pool", () => {
  it("never hands out the same bytes twice, across refills of the pool", () => {
    // 1,000 ids of 16 bytes use the 4 kB pool four times over.
    const ids = Array.from({ length: 1000 }, () => randomHex(16));
    expect(ids.every((id) => /^[0-9a-f]{32}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("writes nonces in base64", () => {
    const nonces = Array.from({ length: 300 }, () => randomBase64(16));
    expect(nonces.every((n) => /^[A-Za-z0-9+/]{22}==$/.test(n))).toBe(true);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
