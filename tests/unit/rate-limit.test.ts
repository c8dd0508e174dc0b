import { afterAll, describe, expect, it } from "vitest";
import { RateLimits } from "../../lib/rate-limit";
import { redisForTests, TEST_REDIS_URL } from "../support/redis";

const redisUp = await redisForTests();

const rule = { name: "sign-up", points: 3, windowSeconds: 60 };
const opened: RateLimits[] = [];
afterAll(async () => {
  await Promise.all(opened.map((limits) => limits.close()));
});

describe("rate limits in one process", () => {
  it("allows the rule's number of attempts per key, then refuses with a wait", async () => {
    const limits = RateLimits.create();
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limits.hit(rule, "198.51.100.7"));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    expect(verdicts[3].retryAfterSeconds).toBeGreaterThan(0);
    expect(verdicts[3].retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await limits.hit(rule, "198.51.100.8")).allowed).toBe(true);
  });

  it("refuses a combined attempt when any of its rules refuses", async () => {
    const limits = RateLimits.create();
    const perAddress = { name: "per-address", points: 1, windowSeconds: 60 };
    const perIp = { name: "per-ip", points: 10, windowSeconds: 60 };
    expect(
      (
        await limits.hitAll([
          { rule: perIp, key: "ip" },
          { rule: perAddress, key: "a@example.com" },
        ])
      ).allowed,
    ).toBe(true);
    expect(
      (
        await limits.hitAll([
          { rule: perIp, key: "ip" },
          { rule: perAddress, key: "a@example.com" },
        ])
      ).allowed,
    ).toBe(false);
  });
});

describe("rate limits when Redis stops answering", () => {
  it("keep counting in the process instead of letting everything through", async () => {
    const limits = RateLimits.create({ redisUrl: "redis://127.0.0.1:1", prefix: `brewfront-test-down-${process.pid}` });
    opened.push(limits);
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await limits.hit(rule, "192.0.2.1"));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
  });
});

describe.runIf(redisUp)("rate limits shared through Redis", () => {
  it("counts attempts made through two workers' limiters together", async () => {
    const prefix = `brewfront-test-${process.pid}-${Date.now()}`;
    const first = RateLimits.create({ redisUrl: TEST_REDIS_URL, prefix });
    const second = RateLimits.create({ redisUrl: TEST_REDIS_URL, prefix });
    opened.push(first, second);
    expect(first.shared).toBe(true);
    const verdicts = [];
    for (let i = 0; i < 4; i++) verdicts.push(await (i % 2 === 0 ? first : second).hit(rule, "203.0.113.9"));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
  });
});
