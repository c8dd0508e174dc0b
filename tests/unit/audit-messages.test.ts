import { describe, expect, it } from "vitest";
import { auditLines } from "../../app/brands/audit-messages.server";
import { AUDIT_ACTIONS, type AuditEntry } from "../../commerce/contract/auth";
import { BRAND_DEFAULTS } from "../../commerce/contract/brands";

const jane = { id: "agent-1", name: "Jane Agent" };
const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  agent: jane,
  customerId: "customer-1",
  action: "viewed profile",
  detail: "",
  products: [],
  correlationId: "c-1",
  createdAt: "2026-11-27T18:05:00.000Z",
  ...over,
});
const words = (e: Partial<AuditEntry>, lang: "en" | "fr" = "en", brand = BRAND_DEFAULTS.usb2c) => auditLines([entry(e)], lang, brand)[0]!.words;

describe("the agents' audit log in words", () => {
  it("says who added what to the cart, by the products' names", () => {
    const added = { action: "added to cart", detail: "2 × 5001-DR-KC-24 (STD)", products: [{ code: "5001-DR-KC-24", name: "Dark Roast K-Cup pods", qty: 2 }] };
    expect(words(added)).toBe("Jane Agent added 2\u00a0× Dark Roast K-Cup pods to the cart");
    expect(words({ ...added, products: [...added.products, { code: "B1", name: "Travel Mug", qty: 1 }] })).toBe(
      "Jane Agent added 2\u00a0× Dark Roast K-Cup pods and 1\u00a0× Travel Mug to the cart",
    );
    expect(words(added, "fr", BRAND_DEFAULTS.cab2c)).toBe("Jane Agent a ajouté 2\u00a0× Dark Roast K-Cup pods au panier");
  });

  it("words an entry that names no products without codes, and uses the detail only where it is an address or a number", () => {
    expect(words({ action: "added to cart", detail: "2 × 5001-DR-KC-24 (STD)" })).toBe("Jane Agent added products to the cart");
    expect(words({ action: "added address", detail: "Albany, NY US" })).toBe("Jane Agent added an address (Albany, NY US)");
    expect(words({ action: "placed order", detail: "000000000042" })).toBe("Jane Agent placed order 000000000042");
    expect(words({ action: "viewed order", detail: "000000000042" }, "fr", BRAND_DEFAULTS.cab2c)).toBe("Jane Agent a consulté la commande 000000000042");
    expect(words({ action: "checked a gift card", detail: "card ending 1234" })).toBe("Jane Agent checked a gift card's balance");
  });

  it("words the desk's own read and the sessions, and keeps an action it does not know as written", () => {
    expect(words({ action: "viewed the log" })).toBe("Jane Agent read this activity log at the desk");
    expect(words({ action: "session started" })).toBe("Jane Agent started acting for the customer");
    expect(words({ action: "session ended" }, "fr", BRAND_DEFAULTS.cab2c)).toBe("Jane Agent a cessé d'agir pour le client");
    expect(words({ action: "refunded order" })).toBe("Jane Agent: refunded order");
    expect(words({ action: "refunded order" }, "fr", BRAND_DEFAULTS.cab2c)).toBe("Jane Agent\u202f: refunded order");
  });

  it("names an agent whose account is gone as a former agent", () => {
    expect(words({ agent: { id: "gone", name: "" } })).toBe("A former agent viewed the profile");
  });

  it("has a sentence naming the agent for every action, in every language", () => {
    for (const [lang, brand] of [
      ["en", BRAND_DEFAULTS.usb2c],
      ["en", BRAND_DEFAULTS.cab2c],
      ["fr", BRAND_DEFAULTS.cab2c],
    ] as const) {
      for (const action of AUDIT_ACTIONS) {
        const sentence = words({ action, detail: "X1", products: [{ code: "P", name: "Pod", qty: 1 }] }, lang, brand);
        expect(sentence, `${lang} ${action}`).toMatch(/^Jane Agent /);
        expect(sentence, `${lang} ${action}`).not.toContain("{");
      }
    }
  });
});

/** ICU versions differ in which spaces they put in times (plain, no-break or narrow no-break). */
const spaced = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("the audit log's times", () => {
  it("are the store's local time with its zone, in the page's locale", () => {
    const at = "2026-11-27T18:05:00.000Z";
    const [us] = auditLines([entry({ createdAt: at })], "en", BRAND_DEFAULTS.usb2c);
    expect(spaced(us!.when)).toBe("Nov 27, 2026, 1:05 PM EST");
    expect(us!.at).toBe(at);
    const [fr] = auditLines([entry({ createdAt: at })], "fr", BRAND_DEFAULTS.cab2c);
    expect(spaced(fr!.when)).toBe("27 nov. 2026, 13 h 05 HNE");
  });

  it("follow the store's daylight saving time", () => {
    const [summer] = auditLines([entry({ createdAt: "2026-07-01T16:30:00.000Z" })], "en", BRAND_DEFAULTS.cab2c);
    expect(spaced(summer!.when)).toBe("Jul 1, 2026, 12:30 p.m. EDT");
  });
});
