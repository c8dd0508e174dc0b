import { describe, expect, it } from "vitest";
import { ShopperSession } from "../../app/lib/auth/shopper-session.server";

const SETTINGS = {
  secrets: ["unit-session-secret-0123456789abcdefghijkl"],
  secure: false,
  rememberForSeconds: 3600,
  privacyCookiesEnabled: true,
  refresh: () => Promise.reject(new Error("no refresh in this test")),
};
const EVENT = { cartGuid: "0123456789abcdef0123456789abcdef", quantity: 4 };

/** The next request of the same browser: its consent and the session cookie the last answer wrote. */
async function nextRequest(session: ShopperSession, consent: string): Promise<ShopperSession> {
  const cookie = session
    .setCookieHeaders()
    .find((c) => c.startsWith("SESSION="))
    ?.split(";")[0];
  return ShopperSession.open([consent, cookie].filter(Boolean).join("; "), SETTINGS);
}

describe("the cart-changed event kept for the next page's data layer", () => {
  it("is kept with analytics consent and said once", async () => {
    const consent = "userConsent=c1:1|c2:0|c9:0";
    const adding = await ShopperSession.open(consent, SETTINGS);
    await adding.rememberCartEvent(EVENT);
    const next = await nextRequest(adding, consent);
    expect(await next.takeCartEvent()).toEqual(EVENT);
    const after = await nextRequest(next, consent);
    expect(await after.takeCartEvent()).toBeUndefined();
  });

  it("is not kept without analytics consent", async () => {
    for (const consent of ["userConsent=c1:0|c2:1|c9:1", ""]) {
      const adding = await ShopperSession.open(consent, SETTINGS);
      await adding.rememberCartEvent(EVENT);
      expect(await (await nextRequest(adding, consent)).takeCartEvent()).toBeUndefined();
    }
  });
});
