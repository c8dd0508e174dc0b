import { describe, expect, it } from "vitest";
import {
  BrewersAnswerSchema,
  CampaignBuyingGuideSchema,
  CartEstimationSchema,
  HelpMePodsSchema,
  MiscCampaignDataSchema,
  UserCampaignInfoSchema,
} from "../../commerce/contract/campaigns";
import { insertEnrollment } from "../../commerce/db/campaigns";
import { householdKey } from "../../commerce/domain/campaign-rules";
import { commerceForSuite } from "../support/commerce";
import { insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { NY_ADDRESS, randomHex } from "../support/guest-checkout";

type ErrorBody = { errors?: { type: string; message: string; reason?: string; subject?: string }[] };
interface Answer {
  status: number;
  cacheControl: string | null;
  body: Record<string, unknown> & ErrorBody;
}

const PASSWORD = "campaign-guides-Test-password-1";
const FREE = 160836;
const HALF = 160834;
const KBB_FREE = 170003;
const KBB_PLATINUM = 170004;
const BREAKROOM = 170005;
/** The commercial store's brewers: the Pro (isAFHKbbFreeEligible; its silver on sale) and the plumbed Pro Max (isAFHKbbPlatinumEligible). */
const PRO_BLACK = "8009-BFBR-BRW-BLK";
const PRO_MAX = "8010-BFBR-BRW-BLK";
/** A 96-pod case of dark roast on the commercial store, breakroom-subscription flagged, with no sale price: USD 65.99, 59.39 to a subscriber. */
const DARK_CASE = "5003-SMRG-KC-96";
const DARK_CASE_SUBSCRIBER = 5939;

/**
 * A campaign's landing reads (decision 069): fetchHelpMePods, getMiscCampaignData and
 * getCampaignBuyingGuideComponent on every store, and the commercial store's breakroom plans through
 * the brewer campaigns' reads, on both databases.
 */
describe.each(DIALECTS)("campaign guides and breakroom plans API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const db = () => suite.api().db;

  const call = async (path: string, token?: string): Promise<Answer> => {
    const res = await fetch(`${suite.api().baseUrl}/rest/v2${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
    return { status: res.status, cacheControl: res.headers.get("cache-control"), body: (await res.json()) as Answer["body"] };
  };
  const error = (answer: Answer) => answer.body.errors?.[0];

  const ownAddress = () => ({ ...NY_ADDRESS, line1: `${1 + Math.floor(Math.random() * 9_999)} ${randomHex(6)} Ave` });
  const newCustomer = async (site: string, address = ownAddress()) => {
    const email = `guides-${randomHex(8)}@example.com`;
    const id = await insertAccount(db(), { email, password: PASSWORD, site });
    const token = await passwordToken(suite.api().baseUrl, { email, password: PASSWORD, site });
    const saved = await fetch(`${suite.api().baseUrl}/rest/v2/${site}/users/current/addresses`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      body: JSON.stringify(address),
    });
    expect(saved.status).toBe(201);
    return { id, token, address };
  };
  const took = (site: string, customerId: string, campaignId: number, brewer: string, address: typeof NY_ADDRESS) =>
    insertEnrollment(db(), {
      campaign_id: campaignId,
      site,
      customer_id: customerId,
      household_key: householdKey(address),
      brewer_code: brewer,
      subscription_code: null,
      status: "met",
      deliveries_required: 12,
      deliveries_made: 12,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
  const listMinor = async (code: string) =>
    (
      await db()
        .selectFrom("price")
        .select("value")
        .where("product_code", "=", code)
        .where("currency", "=", "USD")
        .where("kind", "=", "list")
        .where("user_group", "=", "")
        .executeTakeFirstOrThrow()
    ).value;

  describe("the breakroom plans on the commercial store", () => {
    it("offers the Pro free, the plumbed Pro Max at half price, and both at 20 % off on the subscription plan", async () => {
      const free = BrewersAnswerSchema.parse((await call(`/usafh/getBrewers?campaignId=${KBB_FREE}`)).body);
      expect(free.campaign).toMatchObject({
        code: "AFHKBBFREE",
        name: "Free breakroom brewer with a pod subscription",
        commitment: { kind: "deliveries", count: 12, minBoxPods: 96 },
        commitmentText: "12 breakroom pod deliveries of at least 96 pods each",
        oncePerHousehold: true,
        sites: ["usafh"],
      });
      expect(free.brewers.map((b) => b.code)).toEqual(["8009-BFBR"]);
      for (const v of free.brewers[0]!.variantOptions) expect(v.campaignPriceData).toMatchObject({ minor: 0, formattedValue: "$0.00" });

      const platinum = BrewersAnswerSchema.parse((await call(`/usafh/getBrewers?campaignId=${KBB_PLATINUM}`)).body);
      expect(platinum.campaign).toMatchObject({ code: "AFHKBBPLATINUM", priceRule: { kind: "percentOff", percent: 50 }, commitment: { minBoxPods: 192 } });
      expect(platinum.brewers.map((b) => b.code)).toEqual(["8010-BFBR"]);
      expect(platinum.brewers[0]!.campaignPriceData).toMatchObject({ minor: 32500, formattedValue: "$325.00" });

      const plan = BrewersAnswerSchema.parse((await call(`/usafh/getBrewers?campaignId=${BREAKROOM}`)).body);
      expect(plan.campaign).toMatchObject({
        code: "AFHSUBSCRIPTION",
        name: "Breakroom subscription plan",
        commitmentText: "6 months of breakroom pod deliveries, at least 48 pods a delivery",
      });
      expect(plan.brewers.map((b) => [b.code, b.campaignPriceData.minor])).toEqual([
        ["8009-BFBR", 31999],
        ["8010-BFBR", 51999],
      ]);
    });

    it("estimates the free breakroom brewer with twelve 96-pod deliveries at the subscriber's price, in the office's words", async () => {
      expect(await listMinor(DARK_CASE)).toBe(6599);
      const answer = await call(`/usafh/getCartEstimationData?campaignId=${KBB_FREE}&brewerCode=${PRO_BLACK}&boxCode=${DARK_CASE}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const estimate = CartEstimationSchema.parse(answer.body);
      expect(estimate.brewer).toMatchObject({ regularPrice: { minor: 39999 }, campaignPrice: { minor: 0 } });
      expect(estimate.box).toMatchObject({
        qty: 1,
        pods: 96,
        firstDeliveryPrice: { minor: DARK_CASE_SUBSCRIBER },
        perDeliveryPrice: { minor: DARK_CASE_SUBSCRIBER },
      });
      expect(estimate.commitment).toMatchObject({
        deliveries: 12,
        totalPrice: { minor: 12 * DARK_CASE_SUBSCRIBER },
        text: "12 breakroom pod deliveries of at least 96 pods each",
      });
      expect(estimate.dueNow.minor).toBe(DARK_CASE_SUBSCRIBER);
      // 399.99 × (12 − made) ÷ 12, rounded half up.
      expect(estimate.earlyCancellation.map((e) => e.charge.minor)).toEqual([36666, 33333, 29999, 26666, 23333, 20000, 16666, 13333, 10000, 6667, 3333]);
      expect(estimate.earlyCancellationText).toBe(
        "If your office cancels its pod subscription before your 12 deliveries are complete, we'll charge the brewer's $399.99 saving, less a share for each delivery your breakroom has received.",
      );
    });

    it("asks two cases a delivery for the platinum brewer, and counts the subscription plan's six months in deliveries", async () => {
      const tooSmall = await call(`/usafh/getCartEstimationData?campaignId=${KBB_PLATINUM}&brewerCode=${PRO_MAX}&boxCode=${DARK_CASE}`);
      expect(tooSmall.status).toBe(400);
      expect(error(tooSmall)).toMatchObject({ reason: "tooSmall", subject: "boxCode" });
      const platinum = CartEstimationSchema.parse(
        (await call(`/usafh/getCartEstimationData?campaignId=${KBB_PLATINUM}&brewerCode=${PRO_MAX}&boxCode=${DARK_CASE}&boxQty=2`)).body,
      );
      expect(platinum.brewer).toMatchObject({ regularPrice: { minor: 64999 }, campaignPrice: { minor: 32500 } });
      expect(platinum.dueNow.minor).toBe(32500 + 2 * DARK_CASE_SUBSCRIBER);
      expect(platinum.commitment.totalPrice.minor).toBe(24 * DARK_CASE_SUBSCRIBER);

      const plan = CartEstimationSchema.parse(
        (await call(`/usafh/getCartEstimationData?campaignId=${BREAKROOM}&brewerCode=${PRO_BLACK}&boxCode=5003-SMRG-KC-72`)).body,
      );
      expect(plan.brewer.campaignPrice.minor).toBe(31999);
      // 6 months every 4 weeks: ⌈182.6 ÷ 28⌉ = 7 deliveries.
      expect(plan.commitment).toMatchObject({ kind: "months", count: 6, deliveries: 7, minBoxPods: 48 });
    });

    it("refuses a box the commercial store does not subscribe (tea is not a breakroom-subscription product)", async () => {
      const answer = await call(`/usafh/getCartEstimationData?campaignId=${KBB_FREE}&brewerCode=${PRO_BLACK}&boxCode=6001-PRTE-KC-72&boxQty=2`);
      expect(answer.status).toBe(400);
      expect(error(answer)).toMatchObject({ reason: "notForAutoDelivery", subject: "boxCode" });
    });

    it("lets a business take every plan, and refuses a second free brewer to the same business address with the commercial reason", async () => {
      const office = await newCustomer("usafh");
      const info = UserCampaignInfoSchema.parse((await call("/usafh/users/current/getUserCampaignInfo", office.token)).body);
      expect(info.campaigns.map((c) => [c.campaign.code, c.eligible])).toEqual([
        ["AFHKBBFREE", true],
        ["AFHKBBPLATINUM", true],
        ["AFHSUBSCRIPTION", true],
      ]);
      await took("usafh", office.id, KBB_FREE, PRO_BLACK, office.address);
      const neighbour = await newCustomer("usafh", { ...office.address, line1: office.address.line1.replace(" Ave", " Avenue").toUpperCase() });
      const [kbb] = UserCampaignInfoSchema.parse(
        (await call(`/usafh/users/current/getUserCampaignInfo?campaignId=${KBB_FREE}`, neighbour.token)).body,
      ).campaigns;
      expect(kbb).toMatchObject({
        eligible: false,
        reasons: [
          {
            code: "freeBrewerTakenByAddress",
            message: "A free breakroom brewer has already been sent to this business address. The offer is one per business address.",
          },
        ],
      });
      const [again] = UserCampaignInfoSchema.parse(
        (await call(`/usafh/users/current/getUserCampaignInfo?campaignId=${KBB_FREE}`, office.token)).body,
      ).campaigns;
      expect(again!.reasons.map((r) => r.message)).toEqual(["Your business has already received a free breakroom brewer with this account."]);
    });

    it("does not count a consumer free brewer sent to the same address: the breakroom brewer is a program of its own", async () => {
      const home = await newCustomer("usb2c");
      await took("usb2c", home.id, FREE, "8003-BFBR-BRW-BLK", home.address);
      const homeOffice = await newCustomer("usafh", home.address);
      const [kbb] = UserCampaignInfoSchema.parse(
        (await call(`/usafh/users/current/getUserCampaignInfo?campaignId=${KBB_FREE}`, homeOffice.token)).body,
      ).campaigns;
      expect(kbb).toMatchObject({ eligible: true, reasons: [] });
      const [free] = UserCampaignInfoSchema.parse(
        (await call(`/usb2c/users/current/getUserCampaignInfo?campaignId=${FREE}`, (await newCustomer("usb2c", home.address)).token)).body,
      ).campaigns;
      expect(free!.reasons.map((r) => r.code)).toEqual(["freeBrewerTakenByAddress"]);
    });

    it("answers a consumer campaign on the commercial store, and a breakroom plan on a consumer store, 404", async () => {
      for (const path of [
        `/usafh/getBrewers?campaignId=${FREE}`,
        `/usafh/getCartEstimationData?campaignId=${HALF}&brewerCode=${PRO_BLACK}&boxCode=${DARK_CASE}`,
        `/usb2c/getBrewers?campaignId=${KBB_FREE}`,
        `/cab2c/getBrewers?campaignId=${BREAKROOM}`,
        `/usb2c/getCartEstimationData?campaignId=${KBB_PLATINUM}&brewerCode=${PRO_MAX}&boxCode=${DARK_CASE}&boxQty=2`,
        `/usb2c/getMiscCampaignData?campaignId=${KBB_FREE}`,
        `/usafh/getCampaignBuyingGuideComponent?campaignId=${FREE}`,
        `/usafh/fetchHelpMePods?campaignId=${HALF}`,
      ]) {
        const answer = await call(path);
        expect(answer.status, path).toBe(404);
        expect(error(answer), path).toMatchObject({ type: "UnknownIdentifierError", subject: "campaignId" });
      }
      const consumer = await newCustomer("usb2c");
      expect((await call(`/usb2c/users/current/getUserCampaignInfo?campaignId=${KBB_FREE}`, consumer.token)).status).toBe(404);
    });
  });

  describe("fetchHelpMePods: boxes that can carry the commitment, best matches first", () => {
    it("never offers caffeine the office did not ask for, puts the asked roast first, and prices each box for a subscriber", async () => {
      const answer = await call(`/usb2c/fetchHelpMePods?campaignId=${FREE}&roast=dark&caffeine=decaf`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.cacheControl).toBe("private, max-age=1");
      const { pods, answers, commitment } = HelpMePodsSchema.parse(answer.body);
      expect(answers).toEqual({ roast: "dark", caffeine: "decaf" });
      expect(commitment.minBoxPods).toBe(24);
      expect(pods.length).toBeGreaterThan(1);
      for (const p of pods) expect(p.caffeine).toBe("decaf");
      expect(pods[0]).toMatchObject({ roast: "dark", matches: ["caffeine", "roast"] });
      for (const p of pods) {
        expect(p.podsPerDelivery).toBeGreaterThanOrEqual(24);
        expect(p.perDeliveryPrice.minor).toBe(p.subscriberPrice.minor * p.boxQty);
        expect(p.subscriberPrice.minor).toBeLessThan(p.price.minor + 1);
      }
    });

    it("suggests each product once, at most a handful, and as many as asked", async () => {
      const { pods } = HelpMePodsSchema.parse((await call(`/usb2c/fetchHelpMePods?campaignId=${HALF}&flavour=Chocolate`)).body);
      expect(pods).toHaveLength(6);
      expect(new Set(pods.map((p) => p.baseProduct)).size).toBe(6);
      expect(pods[0]!.matches).toEqual(["flavour"]);
      const two = HelpMePodsSchema.parse((await call(`/usb2c/fetchHelpMePods?campaignId=${HALF}&pageSize=2`)).body);
      expect(two.pods).toHaveLength(2);
    });

    it("on the commercial store offers only breakroom-subscription coffee, enough for a 96-pod delivery, priced as the estimate prices it", async () => {
      const { pods } = HelpMePodsSchema.parse((await call(`/usafh/fetchHelpMePods?campaignId=${KBB_FREE}&roast=dark&flavour=smoky&pageSize=12`)).body);
      expect(pods.length).toBeGreaterThan(2);
      for (const p of pods) {
        expect(p.productType).toBe("Coffee");
        expect(p.podsPerDelivery).toBeGreaterThanOrEqual(96);
      }
      const dark = pods.find((p) => p.code === DARK_CASE)!;
      expect(dark).toMatchObject({
        boxQty: 1,
        matches: ["roast", "flavour"],
        subscriberPrice: { minor: DARK_CASE_SUBSCRIBER },
        perDeliveryPrice: { minor: DARK_CASE_SUBSCRIBER },
      });
      const tea = HelpMePodsSchema.parse((await call(`/usafh/fetchHelpMePods?campaignId=${KBB_FREE}&kind=tea`)).body);
      expect(tea.pods).toEqual([]);
    });

    it("refuses an answer it does not know with 400 naming the field", async () => {
      for (const [query, field] of [
        ["roast=burnt", "roast"],
        ["flavour=bacon", "flavour"],
        ["caffeine=extra", "caffeine"],
        ["kind=soup", "kind"],
        ["pageSize=50", "pageSize"],
      ]) {
        const answer = await call(`/usb2c/fetchHelpMePods?campaignId=${FREE}&${query}`);
        expect(answer.status, query).toBe(400);
        expect(error(answer)!.type, query).toBe("ValidationError");
        expect(error(answer)!.message, query).toContain(field);
      }
      const missing = await call("/usb2c/fetchHelpMePods?roast=dark");
      expect(missing.status).toBe(400);
      expect(error(missing)!.message).toContain("campaignId");
      expect((await call("/usb2c/fetchHelpMePods?campaignId=999999")).status).toBe(404);
    });
  });

  describe("getMiscCampaignData: the campaign's landing texts", () => {
    it("speaks to an office on the commercial store", async () => {
      const answer = await call(`/usafh/getMiscCampaignData?campaignId=${KBB_FREE}`);
      expect(answer.status).toBe(200);
      expect(answer.cacheControl).toBe("private, max-age=60");
      const misc = MiscCampaignDataSchema.parse(answer.body);
      expect(misc.headline).toBe("A free breakroom brewer for your office");
      expect(misc.commitmentText).toBe("12 breakroom pod deliveries of at least 96 pods each");
      expect(misc.terms).toContain("One per business address and per account.");
      expect(misc.earlyCancellationText).toContain("If your office cancels its pod subscription before its 12 deliveries are complete");
      expect(misc.faq.map((f) => f.question)).toContain("What does my business commit to?");
      expect(misc.benefits).toContain("A commercial brewer for your breakroom, free");
    });

    it("speaks to a household on the US store and in French on the Canadian one", async () => {
      const us = MiscCampaignDataSchema.parse((await call(`/usb2c/getMiscCampaignData?campaignId=${HALF}`)).body);
      expect(us.headline).toBe("Save 50% on a brewer when you subscribe to pods");
      expect(us.terms).not.toContain("One per household address and per account.");
      const free = MiscCampaignDataSchema.parse((await call(`/usb2c/getMiscCampaignData?campaignId=${FREE}`)).body);
      expect(free.terms).toContain("One per household address and per account.");
      const fr = MiscCampaignDataSchema.parse((await call(`/cab2c/getMiscCampaignData?campaignId=${FREE}&lang=fr`)).body);
      expect(fr.headline).toBe("Une cafetière gratuite avec votre abonnement aux dosettes");
      expect(fr.campaign.name).toBe("Cafetière gratuite avec la livraison automatique");
      expect(fr.terms[0]).toBe("Engagement\u202f: 6 livraisons automatiques d’au moins 24 dosettes chacune.");
      expect(fr.faq[0]!.question).toBe("À quoi est-ce que je m’engage\u202f?");
    });

    it("refuses a campaign id that is not a whole number with 400", async () => {
      const answer = await call("/usb2c/getMiscCampaignData?campaignId=free");
      expect(answer.status).toBe(400);
      expect(error(answer)!.message).toContain("campaignId");
    });
  });

  describe("getCampaignBuyingGuideComponent: the campaign's brewers side by side", () => {
    it("sets the free brewers' facts side by side with their regular and campaign prices", async () => {
      const answer = await call(`/usb2c/getCampaignBuyingGuideComponent?campaignId=${FREE}`);
      expect(answer.status).toBe(200);
      const guide = CampaignBuyingGuideSchema.parse(answer.body);
      expect(guide.title).toBe("Compare the brewers: Free brewer with auto-delivery");
      expect(guide.brewers.map((b) => b.code)).toEqual(["8003-BFBR", "8004-BFBR"]);
      for (const b of guide.brewers) {
        expect(b.campaignPrice.minor).toBe(0);
        expect(b.saving.minor).toBe(b.regularPrice.minor);
      }
      const rows = Object.fromEntries(guide.rows.map((r) => [r.code, r]));
      expect(Object.keys(rows)).toEqual(expect.arrayContaining(["colours", "series", "reservoir", "cupSizes", "iced", "warranty"]));
      expect(rows.colours!.name).toBe("Colors");
      for (const row of guide.rows) expect(Object.keys(row.values).sort()).toEqual(["8003-BFBR", "8004-BFBR"]);
    });

    it("compares the breakroom brewers on the commercial store: the Pro's reservoir beside the plumbed Pro Max", async () => {
      const guide = CampaignBuyingGuideSchema.parse((await call(`/usafh/getCampaignBuyingGuideComponent?campaignId=${BREAKROOM}`)).body);
      expect(guide.title).toBe("Compare breakroom brewers: Breakroom subscription plan");
      expect(guide.brewers.map((b) => [b.code, b.regularPrice.minor, b.campaignPrice.minor, b.saving.minor])).toEqual([
        ["8009-BFBR", 39999, 31999, 8000],
        ["8010-BFBR", 64999, 51999, 13000],
      ]);
      const reservoir = guide.rows.find((r) => r.code === "reservoir")!;
      expect(reservoir.values).toEqual({ "8009-BFBR": "90 oz", "8010-BFBR": "Plumbed" });
      expect(guide.rows.find((r) => r.code === "colours")!.values).toEqual({ "8009-BFBR": "Black, Silver", "8010-BFBR": "Black" });
    });

    it("answers the Canadian store in French and CAD", async () => {
      const guide = CampaignBuyingGuideSchema.parse((await call(`/cab2c/getCampaignBuyingGuideComponent?campaignId=${HALF}&lang=fr`)).body);
      expect(guide.brewers[0]!.campaignPrice.currencyIso).toBe("CAD");
      expect(guide.rows.find((r) => r.code === "reservoir")!.name).toBe("Réservoir d’eau");
      expect(guide.rows.find((r) => r.code === "colours")!.name).toBe("Couleurs");
    });
  });
});
