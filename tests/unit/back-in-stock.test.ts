import { describe, expect, it } from "vitest";
import { loadCommerceConfig } from "../../commerce/config";
import { BRAND_DEFAULTS } from "../../commerce/contract/brands";
import type { BrandId, Lang } from "../../commerce/contract/common";
import type { MailMessage } from "../../commerce/domain/mail";
import { newsletterWelcome } from "../../commerce/domain/newsletter";
import { answerBackInStockAlerts, isRestock, type MailingBrand, type WaitingAlert } from "../../commerce/domain/stock-alerts";

function shop(alerts: WaitingAlert[], opts: { soldOn?: BrandId[]; brands?: Record<BrandId, MailingBrand> } = {}) {
  const queued: MailMessage[] = [];
  const answered: number[] = [];
  const answer = () =>
    answerBackInStockAlerts({
      brands: opts.brands ?? BRAND_DEFAULTS,
      waiting: async () => alerts.filter((a) => !answered.includes(a.id)),
      productFor: (site: BrandId, lang: Lang) =>
        opts.soldOn && !opts.soldOn.includes(site)
          ? null
          : { name: lang === "fr" ? "Mélange déjeuner" : "Breakfast Blend", url: "/Coffee/breakfast-blend/p/5001-SMRG-KC-24" },
      answer: async (answers) => {
        for (const a of answers) {
          answered.push(a.alertId);
          queued.push(a.mail);
        }
      },
    });
  return { answer, sent: queued, marked: answered };
}

describe("back in stock", () => {
  it("counts as a restock only when stock goes from none to some", () => {
    expect(isRestock(0, 5)).toBe(true);
    expect(isRestock(0, 0)).toBe(false);
    expect(isRestock(3, 10)).toBe(false);
  });

  it("mails each waiting shopper once, in the language and on the host of the site they asked on", async () => {
    const s = shop([
      { id: 1, site: "usb2c", lang: "en", email: "ann@example.com" },
      { id: 2, site: "cab2c", lang: "fr", email: "luc@example.ca" },
    ]);
    expect(await s.answer()).toBe(2);
    expect(s.sent.map((m) => m.subject)).toEqual(["Back in stock: Breakfast Blend", "De retour en stock\u202f: Mélange déjeuner"]);
    expect(s.sent[1].text).toContain("https://www.brewfront.ca/fr/Coffee/breakfast-blend/p/5001-SMRG-KC-24");
    expect(await s.answer()).toBe(0);
    expect(s.sent).toHaveLength(2);
  });

  it("skips shoppers on a site that no longer sells the product, leaving them waiting", async () => {
    const s = shop([{ id: 1, site: "usafh", lang: "en", email: "office@example.com" }], { soldOn: ["usb2c"] });
    expect(await s.answer()).toBe(0);
    expect(s.sent).toEqual([]);
    expect(s.marked).toEqual([]);
  });
});

describe("mail links follow the configured brand host", () => {
  const overridden = loadCommerceConfig({ BRAND_CAB2C_HOST: "shop.example.ca", BRAND_CAB2C_NAME: "Example Coffee" }).brands;

  it("links a back-in-stock mail to the overridden host and signs with the overridden name", async () => {
    const s = shop([{ id: 1, site: "cab2c", lang: "fr", email: "luc@example.ca" }], { brands: overridden });
    expect(await s.answer()).toBe(1);
    expect(s.sent[0].text).toContain("https://shop.example.ca/fr/Coffee/breakfast-blend/p/5001-SMRG-KC-24");
    expect(s.sent[0].text).not.toContain("www.brewfront.ca");
    expect(s.sent[0].text).toContain("Example Coffee");
  });

  it("signs the newsletter welcome with the overridden name", () => {
    const mail = newsletterWelcome("ann@example.ca", overridden.cab2c, "en");
    expect(mail.subject).toBe("Welcome to the Example Coffee newsletter");
  });
});
