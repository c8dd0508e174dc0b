import { describe, expect, it } from "vitest";
import { getWithHost, startStore } from "../support/server";

const ANALYTICS_ALLOWED = { cookie: "userConsent=c1:1|c2:0|c9:0" };

/** The page's data layer (decision 080), or null without one. */
function dataLayerOf(html: string): Record<string, unknown> | null {
  const found = /<script type="application\/json" id="utag-data">([^<]*)<\/script>/.exec(html);
  return found ? (JSON.parse(found[1]!) as Record<string, unknown>) : null;
}

/** Every script element of the page: its opening tag. */
const scriptTags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

describe("the error page when the commerce API is down", () => {
  // Starts a store of its own (on a port of this suite's range): on a busy machine, longer than the default 30 s.
  it("carries the error_page analytics event with source API, only with analytics consent, and no script without the nonce", async () => {
    const broken = await startStore({ port: 3412, env: { COMMERCE_API_URL: "http://127.0.0.1:9", API_TIMEOUT_MS: "2000" } });
    try {
      const allowed = await getWithHost(broken.url, "/", "www.brewfront.com", ANALYTICS_ALLOWED);
      expect(allowed.status).toBe(503);
      expect(dataLayerOf(allowed.body)).toMatchObject({
        page_type: "error",
        site_brand: "usb2c",
        events: [{ event: "error_page", source: "API", status: 503 }],
      });
      const nonce = /'nonce-([^']+)'/.exec(String(allowed.headers["content-security-policy"]))?.[1];
      expect(nonce).toBeTruthy();
      // The data layer is data, not a script to run; every script that runs carries the response's nonce, none comes from elsewhere.
      for (const tag of scriptTags(allowed.body)) {
        if (tag.includes('type="application/json"')) continue;
        expect(tag).toContain(`nonce="${nonce}"`);
        expect(tag).not.toMatch(/src="(https?:)?\/\//);
      }

      const denied = await getWithHost(broken.url, "/", "www.brewfront.com", { cookie: "userConsent=c1:0|c2:0|c9:1" });
      expect(denied.status).toBe(503);
      expect(dataLayerOf(denied.body)).toBeNull();
    } finally {
      await broken.stop();
    }
  }, 90_000);
});
