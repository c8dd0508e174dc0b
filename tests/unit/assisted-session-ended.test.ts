import { describe, expect, it } from "vitest";
import { ShopperSession } from "../../app/lib/auth/shopper-session.server";

const SETTINGS = {
  secrets: ["unit-session-secret-0123456789abcdefghijkl"],
  secure: false,
  rememberForSeconds: 3600,
  privacyCookiesEnabled: true,
  refresh: () => Promise.reject(new Error("no refresh in this test")),
};

/** An agent signed in and acting for a customer, as the desk leaves the session. */
async function agentActingForCustomer(): Promise<ShopperSession> {
  const session = await ShopperSession.open(undefined, SETTINGS);
  await session.signIn(
    {
      clientId: "agent",
      userId: "agent-7",
      groups: [],
      firstName: "Avery",
      accessToken: "t",
      refreshToken: "r",
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    },
    { rememberMe: false },
  );
  await session.actFor({ customerId: "cust-9", name: "Dana" });
  return session;
}

describe("an assisted session the service ended during a request", () => {
  it("sends every refused call of the page to the agents' desk, not only the first, and stops acting for the customer", async () => {
    const session = await agentActingForCustomer();
    expect(session.actingFor?.customerId).toBe("cust-9");
    // A page's two calls, refused side by side: whichever answers first, the page sends it at once.
    const answers = [session.assistedSessionEnded(), session.assistedSessionEnded()];
    const first = await Promise.race(answers);
    // By then the session that acts for nobody is written, so the desk the answer leads to says so.
    const cookie = session.setCookieHeaders().find((c) => c.startsWith("SESSION="));
    expect(cookie).toBeDefined();
    const reopened = await ShopperSession.open(cookie!.split(";")[0], SETTINGS);
    expect(reopened.agent?.userId).toBe("agent-7");
    expect(reopened.actingFor).toBeUndefined();
    for (const answer of [first, ...(await Promise.all(answers))]) {
      expect(answer?.status).toBe(303);
      expect(answer?.headers.get("Location")).toBe("/agent?notice=assistedSessionEnded");
    }
    expect(session.actingFor).toBeUndefined();
  });

  it("answers nothing for a session that acts for nobody (the refusal is the page's own to show)", async () => {
    const session = await ShopperSession.open(undefined, SETTINGS);
    expect(await session.assistedSessionEnded()).toBeUndefined();
  });
});
