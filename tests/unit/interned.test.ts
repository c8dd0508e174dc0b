import { describe, expect, it, vi } from "vitest";
import { Interned, InternedText } from "../../lib/interned";

describe("one shared copy per key (Interned)", () => {
  it("hands every caller with the same key the first value made for it, made once", () => {
    const shared = new Interned<{ code: string }>(10);
    const make = vi.fn(() => ({ code: "coffee" }));
    const first = shared.of("coffee", make);
    expect(shared.of("coffee", make)).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    expect(shared.of("tea", () => ({ code: "tea" }))).not.toBe(first);
  });

  it("freezes what it shares, so that no holder can change it for the others", () => {
    const shared = new Interned<{ code: string }>(10);
    const value = shared.of("coffee", () => ({ code: "coffee" }));
    expect(Object.isFrozen(value)).toBe(true);
    expect(() => {
      value.code = "tea";
    }).toThrow(TypeError);
  });

  it("stops remembering new keys once it holds `max` of them, and still freezes their values", () => {
    const shared = new Interned<{ n: number }>(2);
    shared.of("a", () => ({ n: 1 }));
    shared.of("b", () => ({ n: 2 }));
    const third = shared.of("c", () => ({ n: 3 }));
    expect(shared.size).toBe(2);
    expect(Object.isFrozen(third)).toBe(true);
    expect(shared.of("c", () => ({ n: 3 }))).not.toBe(third);
    expect(shared.of("a", () => ({ n: 9 })).n).toBe(1);
  });
});

describe("one shared copy per short text (InternedText)", () => {
  it("answers the text it is given, and null for null", () => {
    const texts = new InternedText(10);
    expect(texts.of("Harbor Roast")).toBe("Harbor Roast");
    expect(texts.of(null)).toBeNull();
  });

  it("remembers each distinct text once, up to `max`", () => {
    const texts = new InternedText(2);
    for (const t of ["KCup", "KCup", "Bagged", "Canned", "Bagged"]) texts.of(t);
    expect(texts.size).toBe(2);
  });
});
