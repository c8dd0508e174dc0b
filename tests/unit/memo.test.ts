import { describe, expect, it, vi } from "vitest";
import { Memo } from "../../lib/memo";

describe("remembered answers (Memo)", () => {
  it("loads once and answers the same value after", () => {
    const memo = new Memo<number>();
    const load = vi.fn(() => 42);
    expect(memo.get("a", load)).toBe(42);
    expect(memo.get("a", load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shares a load under way with every caller asking meanwhile", async () => {
    const memo = new Memo<Promise<string>>();
    let finish!: (v: string) => void;
    const load = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = memo.get("a", load);
    const second = memo.get("a", load);
    finish("done");
    expect(await first).toBe("done");
    expect(await second).toBe("done");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("forgets a failed load, so the next caller tries again, but never a newer answer", async () => {
    const memo = new Memo<Promise<string>>();
    let fail!: (err: Error) => void;
    const failing = memo.get("a", () => new Promise<string>((_, reject) => (fail = reject)));
    memo.delete("a");
    const newer = memo.get("a", () => Promise.resolve("newer"));
    fail(new Error("down"));
    await expect(failing).rejects.toThrow("down");
    expect(await memo.get("a", () => Promise.resolve("again"))).toBe("newer");
    expect(await newer).toBe("newer");

    const alone = new Memo<Promise<string>>();
    await expect(alone.get("b", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await alone.get("b", () => Promise.resolve("retried"))).toBe("retried");
  });

  it("forgets the entries whose keys a test accepts, and only those", () => {
    const memo = new Memo<number>();
    memo.get("text|a", () => 1);
    memo.get("all|b", () => 2);
    memo.forgetWhere((key) => key.startsWith("text|"));
    expect(memo.size).toBe(1);
    expect(memo.get("all|b", () => 20)).toBe(2);
    expect(memo.get("text|a", () => 10)).toBe(10);
  });

  it("forgets the least recently asked for once it holds `max` entries", () => {
    const memo = new Memo<string>({ max: 2 });
    memo.get("a", () => "a1");
    memo.get("b", () => "b1");
    memo.get("a", () => "a2");
    memo.get("c", () => "c1");
    // "b" was asked for least recently: it went to make room for "c"; "a" stayed.
    expect(memo.get("a", () => "a3")).toBe("a1");
    expect(memo.get("b", () => "b2")).toBe("b2");
    expect(memo.size).toBe(2);
  });

  it("forgets an entry once it is ttlMs old, however often it was asked for", () => {
    vi.useFakeTimers();
    try {
      const memo = new Memo<string>({ ttlMs: 1000 });
      memo.get("a", () => "old");
      vi.advanceTimersByTime(600);
      expect(memo.get("a", () => "new")).toBe("old");
      vi.advanceTimersByTime(600);
      expect(memo.get("a", () => "new")).toBe("new");
    } finally {
      vi.useRealTimers();
    }
  });
});
