import { test } from "@playwright/test";

let given = 0;

/**
 * An address no other test of this run uses, for X-Forwarded-For (the store trusts it from
 * loopback): sign-ins, sign-ups, coupons and the checkout's forms are rate-limited per address, and
 * two tests drawing the same address at random would count each other's posts. Each worker process
 * has its own /16 of the shared address space 100.64.0.0/10 and counts through it.
 */
export function ownClientAddress(): string {
  const n = given++;
  return `100.${64 + (test.info().workerIndex % 64)}.${(n >> 8) & 255}.${n & 255}`;
}
