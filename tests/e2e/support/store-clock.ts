import { type APIRequestContext, expect } from "@playwright/test";

/** The operators' key of the Playwright store (playwright.config.ts sets it with STORE_CLOCK_MOVABLE). */
export const E2E_ADMIN_KEY = "e2e-operator-key-0123456789abcdef";

const port = Number(process.env.E2E_PORT ?? 3100);
const operatorUrl = (path: string) => `http://localhost:${port}/rest/v2/usb2c/operator${path}`;

/**
 * Moves the store's clock ahead to `day` (it never moves back: decision 055) and places the
 * auto-delivery orders due by it now, instead of waiting for the runner's next sweep. Called from
 * the test process, on loopback, as an operator.
 */
export async function moveClockAndSweep(request: APIRequestContext, day: string): Promise<void> {
  const headers = { "X-Admin-Key": E2E_ADMIN_KEY };
  const moved = await request.put(operatorUrl("/clock"), { headers, data: { day } });
  expect(moved.status(), await moved.text()).toBe(200);
  expect(((await moved.json()) as { today: string }).today >= day).toBe(true);
  const swept = await request.post(operatorUrl("/auto-delivery/sweep"), { headers });
  expect(swept.status(), await swept.text()).toBe(200);
}
