import { describe, expect, it } from "vitest";
import { BrewersAnswerSchema, CartEstimationSchema, UserCampaignInfoSchema } from "../../commerce/contract/campaigns";
import { insertEnrollment } from "../../commerce/db/campaigns";
import { householdKey } from "../../commerce/domain/campaign-rules";
import { commerceForSuite } from "../support/commerce";
import { insertAccount, passwordToken } from "../support/customers";
import { DIALECTS } from "../support/databases";
import { NY_ADDRESS, randomHex } from "../support/guest-checkout";
import { firstError, restCaller } from "../support/rest";

const PASSWORD = "campaigns-Test-password-1";
const FREE = 160836;
const HALF = 160834;
const KSK_LITE = 162471;
/** The trial (decision 072): 15 % off the premium brewers (Elite 8007, Latte 8008), two 24-pod deliveries. */
const TRIAL = 170006;
const ELITE_BLACK = "8007-BFBR-BRW-BLK";
/** The free-brewer campaign's brewers (isFreeCampaignEligible): Classic and Select. */
const CLASSIC_BLACK = "8003-BFBR-BRW-BLK";

/**
 * Brewer campaigns' reads (decision 061): getBrewers, getUserCampaignInfo and getCartEstimationData
 * under /rest/v2/{brand}/, on both databases, as a guest and as customers with a history.
 */
describe.each(DIALECTS)("brewer campaigns API on %s", (dialect) => {
  const suite = commerceForSuite(dialect);
  const db = () => suite.api().db;

  const call = restCaller(() => suite.api().baseUrl);
  const error = firstError;

  /** A street address of its own in Albany, NY: no other test's household. */
  const ownAddress = () => ({ ...NY_ADDRESS, line1: `${1 + Math.floor(Math.random() * 9_999)} ${randomHex(6)} St` });
  /** A customer of the test's own, signed in, with `address` (by default one of its own) saved as the default. */
  const newCustomer = async (site = "usb2c", address: typeof NY_ADDRESS | null = ownAddress()) => {
    const email = `campaigns-${randomHex(8)}@example.com`;
    const id = await insertAccount(db(), { email, password: PASSWORD, site });
    const token = await passwordToken(suite.api().baseUrl, { email, password: PASSWORD, site });
    if (address) expect((await call("POST", `/${site}/users/current/addresses`, token, address)).status).toBe(201);
    return { id, token, site, address: address ?? ownAddress() };
  };
  /** A brewer taken on a campaign, as addCampaignBundle will write it, on the customer's store. */
  const took = (customerId: string, campaignId: number, status: "active" | "met" | "cancelled", address: typeof NY_ADDRESS, site = "usb2c") =>
    insertEnrollment(db(), {
      campaign_id: campaignId,
      site,
      customer_id: customerId,
      household_key: householdKey(address),
      brewer_code: CLASSIC_BLACK,
      subscription_code: null,
      status,
      deliveries_required: 6,
      deliveries_made: status === "active" ? 2 : 6,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
  const enrollments = async () =>
    Number(
      (
        await db()
          .selectFrom("campaign_enrollment")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const listMinor = async (code: string, currency = "USD") =>
    (
      await db()
        .selectFrom("price")
        .select("value")
        .where("product_code", "=", code)
        .where("currency", "=", currency)
        .where("kind", "=", "list")
        .where("user_group", "=", "")
        .executeTakeFirstOrThrow()
    ).value;
  /** A 24- (or `size`-) pod coffee box on the US store with no sale price, so a subscriber pays the list price less 10 %. */
  const plainBox = async (size = 24) => {
    const row = await db()
      .selectFrom("product as p")
      .innerJoin("product_site as s", "s.product_code", "p.code")
      .select("p.code")
      .where("s.site", "=", "usb2c")
      .where("p.product_type", "=", "Coffee")
      .where("p.pack_type", "=", "KCup")
      .where("p.pack_size", "=", size)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom("price as q").select("q.value").whereRef("q.product_code", "=", "p.code").where("q.kind", "in", ["discount", "promoted"])),
        ),
      )
      .orderBy("p.code")
      .executeTakeFirstOrThrow();
    return row.code;
  };

  describe("getBrewers: the campaign's brewers with their campaign price", () => {
    it("offers the free brewer's flagged brewers at 0.00, with the regular price beside it", async () => {
      const answer = await call("GET", `/usb2c/getBrewers?campaignId=${FREE}`);
      expect(answer.status).toBe(200);
      const { campaign, brewers } = BrewersAnswerSchema.parse(answer.body);
      expect(campaign).toMatchObject({ campaignId: FREE, code: "FREEBREWER", subscriptionCode: "free brewer", running: true, oncePerHousehold: true });
      expect(campaign.commitment).toEqual({ kind: "deliveries", count: 6, minBoxPods: 24 });
      expect(campaign.commitmentText).toBe("6 auto-delivery shipments of at least 24 pods each");
      expect(brewers.map((b) => b.code)).toEqual(["8003-BFBR", "8004-BFBR"]);
      for (const brewer of brewers) {
        expect(brewer.isFreeCampaignEligible).toBe(true);
        expect(brewer.campaignPriceData.minor).toBe(0);
        for (const v of brewer.variantOptions) expect(v.campaignPriceData).toMatchObject({ minor: 0, currencyIso: "USD", formattedValue: "$0.00" });
      }
      expect(brewers[0]!.variantOptions.find((v) => v.code === CLASSIC_BLACK)!.variantPrice.listPrice.minor).toBe(11999);
    });

    it("prices the 50 % brewers at half their list price, as the catalog's campaign price says", async () => {
      const { brewers } = BrewersAnswerSchema.parse((await call("GET", `/usb2c/getBrewers?campaignId=${HALF}`)).body);
      expect(brewers.map((b) => b.code)).toEqual(["8001-BFBR", "8002-BFBR"]);
      for (const v of brewers.flatMap((b) => b.variantOptions)) expect(v.campaignPriceData!.minor).toBe(Math.round(v.variantPrice.listPrice.minor / 2));
    });

    it("answers the Canadian store in CAD and in French", async () => {
      const answer = await call("GET", `/cab2c/getBrewers?campaignId=${HALF}&lang=fr`);
      expect(answer.status).toBe(200);
      const { campaign, brewers } = BrewersAnswerSchema.parse(answer.body);
      expect(campaign.name).toBe("50\u00a0% de rabais sur une cafetière avec la livraison automatique");
      const mini = brewers[0]!.variantOptions[0]!;
      expect(mini.campaignPriceData!.currencyIso).toBe("CAD");
      expect(mini.campaignPriceData!.minor).toBe(Math.round((await listMinor(mini.code, "CAD")) / 2));
    });

    it("answers another store's campaign, or one that does not exist, 404", async () => {
      for (const path of [`/usafh/getBrewers?campaignId=${FREE}`, `/cab2c/getBrewers?campaignId=${KSK_LITE}`, "/usb2c/getBrewers?campaignId=999999"]) {
        const answer = await call("GET", path);
        expect(answer.status, path).toBe(404);
        expect(error(answer)).toMatchObject({ type: "UnknownIdentifierError", subject: "campaignId" });
      }
    });

    it("refuses a campaign id that is missing or not a whole number with 400 and says so", async () => {
      for (const query of ["", "?campaignId=abc", "?campaignId=1.5", "?campaignId=-3", "?campaignId=99999999999"]) {
        const answer = await call("GET", `/usb2c/getBrewers${query}`);
        expect(answer.status, query).toBe(400);
        expect(error(answer)!.type).toBe("ValidationError");
        expect(error(answer)!.message).toMatch(/campaignId/);
      }
    });
  });

  describe("getUserCampaignInfo: which campaigns the customer may take, and why not", () => {
    it("asks a guest to sign in", async () => {
      expect((await call("GET", "/usb2c/users/current/getUserCampaignInfo")).status).toBe(401);
      expect((await call("GET", "/usb2c/users/anonymous/getUserCampaignInfo")).status).toBe(401);
    });

    it("lets a customer with no history take every campaign the store runs", async () => {
      const customer = await newCustomer();
      const answer = await call("GET", "/usb2c/users/current/getUserCampaignInfo", customer.token);
      expect(answer.status).toBe(200);
      const info = UserCampaignInfoSchema.parse(answer.body);
      expect(info.householdAddressId).not.toBeNull();
      expect(info.campaigns.map((c) => [c.campaign.code, c.eligible])).toEqual([
        ["FIFTYPERCENTBREWER", true],
        ["FREEBREWER", true],
        ["KSKLITE", true],
        ["KSKBBAD", true],
        ["BBAD", true],
        ["TRIAL", true],
      ]);
    });

    it("lists only the Canadian store's campaigns there (no KSK lite)", async () => {
      const customer = await newCustomer("cab2c", null);
      const info = UserCampaignInfoSchema.parse((await call("GET", "/cab2c/users/current/getUserCampaignInfo", customer.token)).body);
      expect(info.campaigns.map((c) => c.campaign.code)).toEqual(["FIFTYPERCENTBREWER", "FREEBREWER", "KSKBBAD", "BBAD", "TRIAL"]);
      expect(info.householdAddressId).toBeNull();
    });

    it("refuses a second free brewer to an account that took one, with the reason in words", async () => {
      const customer = await newCustomer();
      await took(customer.id, FREE, "met", customer.address);
      const info = UserCampaignInfoSchema.parse((await call("GET", `/usb2c/users/current/getUserCampaignInfo?campaignId=${FREE}`, customer.token)).body);
      expect(info.campaigns).toHaveLength(1);
      expect(info.campaigns[0]).toMatchObject({
        eligible: false,
        reasons: [{ code: "freeBrewerTakenByAccount", message: "You've already received a free brewer with this account." }],
      });
    });

    it("refuses a free brewer to another account at the same household address, however it is written", async () => {
      const first = await newCustomer();
      await took(first.id, FREE, "cancelled", first.address);
      const sameHouse = {
        ...first.address,
        firstName: "Grace",
        lastName: "Hopper",
        line1: `${first.address.line1.toUpperCase().replace(/ ST$/, " STREET.")}`,
        postalCode: "12207-1234",
      };
      const neighbour = await newCustomer("usb2c", sameHouse);
      const before = await enrollments();
      const answer = await call("GET", `/usb2c/users/current/getUserCampaignInfo?campaignId=${FREE}`, neighbour.token);
      const [free] = UserCampaignInfoSchema.parse(answer.body).campaigns;
      expect(free).toMatchObject({
        eligible: false,
        reasons: [{ code: "freeBrewerTakenByAddress", message: "A free brewer has already been sent to this address. The offer is one per household." }],
      });
      // The 50 % brewer is not once per household.
      const half = UserCampaignInfoSchema.parse((await call("GET", `/usb2c/users/current/getUserCampaignInfo?campaignId=${HALF}`, neighbour.token)).body);
      expect(half.campaigns[0]!.eligible).toBe(true);
      expect(await enrollments()).toBe(before);
    });

    it("checks the household of the address asked for: another address of the customer's is free to take one", async () => {
      const first = await newCustomer();
      await took(first.id, FREE, "met", first.address);
      const customer = await newCustomer("usb2c", first.address);
      const refused = UserCampaignInfoSchema.parse((await call("GET", `/usb2c/users/current/getUserCampaignInfo?campaignId=${FREE}`, customer.token)).body);
      expect(refused.campaigns[0]!.reasons.map((r) => r.code)).toEqual(["freeBrewerTakenByAddress"]);
      const other = await call("POST", "/usb2c/users/current/addresses", customer.token, ownAddress());
      const elsewhere = UserCampaignInfoSchema.parse(
        (await call("GET", `/usb2c/users/current/getUserCampaignInfo?campaignId=${FREE}&addressId=${String(other.body.id)}`, customer.token)).body,
      );
      expect(elsewhere.householdAddressId).toBe(other.body.id);
      expect(elsewhere.campaigns[0]!.eligible).toBe(true);
      const missing = await call("GET", `/usb2c/users/current/getUserCampaignInfo?addressId=nope`, customer.token);
      expect(missing.status).toBe(404);
      expect(error(missing)!.subject).toBe("addressId");
    });

    it("in French, on the Canadian store", async () => {
      const customer = await newCustomer("cab2c", null);
      await took(customer.id, FREE, "met", customer.address, "cab2c");
      const info = UserCampaignInfoSchema.parse(
        (await call("GET", `/cab2c/users/current/getUserCampaignInfo?campaignId=${FREE}&lang=fr`, customer.token)).body,
      );
      expect(info.campaigns[0]!.reasons).toEqual([{ code: "freeBrewerTakenByAccount", message: "Vous avez déjà reçu une cafetière gratuite avec ce compte." }]);
    });

    it("refuses a campaign whose commitment the customer has not met yet, and shows the commitment", async () => {
      const customer = await newCustomer();
      await took(customer.id, HALF, "active", customer.address);
      const [half] = UserCampaignInfoSchema.parse(
        (await call("GET", `/usb2c/users/current/getUserCampaignInfo?campaignId=${HALF}`, customer.token)).body,
      ).campaigns;
      expect(half).toMatchObject({
        eligible: false,
        reasons: [{ code: "activeCommitment" }],
        activeCommitment: { brewerCode: CLASSIC_BLACK, deliveriesRequired: 6, deliveriesMade: 2, subscriptionCode: null },
      });
    });

    it("says an ended campaign has ended", async () => {
      const customer = await newCustomer();
      await db().updateTable("campaign").set({ ends_on: "2026-01-31" }).where("id", "=", 162883).execute();
      try {
        const [kskbbad] = UserCampaignInfoSchema.parse(
          (await call("GET", "/usb2c/users/current/getUserCampaignInfo?campaignId=162883", customer.token)).body,
        ).campaigns;
        expect(kskbbad).toMatchObject({ eligible: false, reasons: [{ code: "ended", message: "This offer has ended." }] });
        expect(kskbbad!.campaign.running).toBe(false);
      } finally {
        await db().updateTable("campaign").set({ ends_on: null }).where("id", "=", 162883).execute();
      }
    });

    it("answers another store's campaign 404, and another customer's id 404 as for an unknown one", async () => {
      const customer = await newCustomer();
      const other = await newCustomer();
      expect((await call("GET", `/cab2c/users/current/getUserCampaignInfo?campaignId=${KSK_LITE}`, (await newCustomer("cab2c", null)).token)).status).toBe(404);
      expect((await call("GET", `/usb2c/users/${other.id}/getUserCampaignInfo`, customer.token)).status).toBe(404);
      expect((await call("GET", `/usb2c/users/${customer.id}/getUserCampaignInfo`, customer.token)).status).toBe(200);
      // A US token is not a Canadian one.
      expect((await call("GET", "/cab2c/users/current/getUserCampaignInfo", customer.token)).status).toBe(401);
    });

    it("answers an agent only inside an assisted session for the customer, and audits the read", async () => {
      const customer = await newCustomer();
      await took(customer.id, FREE, "met", customer.address);
      const email = `agent-${randomHex(8)}@example.com`;
      await insertAccount(db(), { email, password: PASSWORD, role: "agent" });
      const agent = await passwordToken(suite.api().baseUrl, { email, password: PASSWORD, clientId: "agent" });
      const path = `/usb2c/users/${customer.id}/getUserCampaignInfo?campaignId=${FREE}`;
      expect((await call("GET", path, agent)).status).toBe(403);
      expect((await call("POST", "/usb2c/assistedservicewebservices/sessions", agent, { customerId: customer.id })).status).toBe(201);
      const answer = await call("GET", path, agent);
      expect(answer.status).toBe(200);
      expect(UserCampaignInfoSchema.parse(answer.body).campaigns[0]!.reasons.map((r) => r.code)).toEqual(["freeBrewerTakenByAccount"]);
      const audit = await db().selectFrom("agent_audit").select(["action", "detail"]).where("customer_id", "=", customer.id).orderBy("id").execute();
      expect(audit.at(-1)).toEqual({ action: "viewed campaign eligibility", detail: "FREEBREWER: no" });
    });

    it("refuses bad input with 400", async () => {
      const customer = await newCustomer();
      const answer = await call("GET", "/usb2c/users/current/getUserCampaignInfo?campaignId=free", customer.token);
      expect(answer.status).toBe(400);
      expect(error(answer)!.message).toMatch(/campaignId/);
    });
  });

  describe("getCartEstimationData: what the brewer, the box and the commitment cost", () => {
    it("prices a free brewer with six 24-pod deliveries at the subscriber's price, and the prorated early-cancellation charge", async () => {
      const box = await plainBox();
      const boxList = await listMinor(box);
      const subscriber = Math.round((boxList * 90) / 100);
      const answer = await call("GET", `/usb2c/getCartEstimationData?campaignId=${FREE}&brewerCode=${CLASSIC_BLACK}&boxCode=${box}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const estimate = CartEstimationSchema.parse(answer.body);
      expect(estimate.currencyIso).toBe("USD");
      expect(estimate.brewer).toMatchObject({ code: CLASSIC_BLACK, regularPrice: { minor: 11999 }, campaignPrice: { minor: 0, formattedValue: "$0.00" } });
      expect(estimate.box).toMatchObject({ code: box, qty: 1, pods: 24, firstDeliveryPrice: { minor: subscriber }, perDeliveryPrice: { minor: subscriber } });
      expect(estimate.commitment).toMatchObject({
        kind: "deliveries",
        count: 6,
        deliveries: 6,
        frequencyWeeks: 4,
        minBoxPods: 24,
        totalPrice: { minor: 6 * subscriber },
      });
      expect(estimate.dueNow.minor).toBe(subscriber);
      expect(estimate.earlyCancellation.map((e) => [e.deliveriesMade, e.charge.minor])).toEqual([
        [1, 9999],
        [2, 7999],
        [3, 6000],
        [4, 4000],
        [5, 2000],
      ]);
      expect(estimate.earlyCancellationText).toContain("$119.99");
    });

    it("prices a 50 % brewer: half the price due now with the first box, two 12-pod boxes a delivery", async () => {
      const box = await plainBox(12);
      const subscriber = Math.round(((await listMinor(box)) * 90) / 100);
      const estimate = CartEstimationSchema.parse(
        (await call("GET", `/usb2c/getCartEstimationData?campaignId=${HALF}&brewerCode=8002-BFBR-BRW-WHT&boxCode=${box}&boxQty=2&frequencyWeeks=2`)).body,
      );
      expect(estimate.brewer).toMatchObject({ regularPrice: { minor: 8999 }, campaignPrice: { minor: 4500 } });
      expect(estimate.box).toMatchObject({ qty: 2, pods: 24, perDeliveryPrice: { minor: 2 * subscriber } });
      expect(estimate.commitment).toMatchObject({ deliveries: 4, frequencyWeeks: 2, totalPrice: { minor: 8 * subscriber } });
      expect(estimate.dueNow.minor).toBe(4500 + 2 * subscriber);
      expect(estimate.earlyCancellation.map((e) => e.charge.minor)).toEqual([3374, 2250, 1125]); // 4499 × 3/4, 2/4, 1/4
    });

    it("counts a months commitment in the deliveries that fall in it (KSK lite: 3 months, every 4 weeks: 4)", async () => {
      const box = await plainBox(12);
      const estimate = CartEstimationSchema.parse(
        (await call("GET", `/usb2c/getCartEstimationData?campaignId=${KSK_LITE}&brewerCode=8002-BFBR-BRW-BLK&boxCode=${box}`)).body,
      );
      expect(estimate.commitment).toMatchObject({ kind: "months", count: 3, deliveries: 4 });
      expect(estimate.brewer.campaignPrice.minor).toBe(4500);
    });

    it("prices the trial: 15 % off a premium brewer, two 24-pod deliveries, half the saving charged after one", async () => {
      const box = await plainBox();
      const subscriber = Math.round(((await listMinor(box)) * 90) / 100);
      const answer = await call("GET", `/usb2c/getCartEstimationData?campaignId=${TRIAL}&brewerCode=${ELITE_BLACK}&boxCode=${box}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const estimate = CartEstimationSchema.parse(answer.body);
      expect(estimate.brewer).toMatchObject({ code: ELITE_BLACK, regularPrice: { minor: 18999 }, campaignPrice: { minor: 16149, formattedValue: "$161.49" } });
      expect(estimate.commitment).toMatchObject({
        kind: "deliveries",
        count: 2,
        deliveries: 2,
        minBoxPods: 24,
        totalPrice: { minor: 2 * subscriber },
        text: "2 auto-delivery shipments of at least 24 pods each",
      });
      expect(estimate.dueNow.minor).toBe(16149 + subscriber);
      expect(estimate.earlyCancellation.map((e) => [e.deliveriesMade, e.charge.minor])).toEqual([[1, 1425]]); // 2850 × 1/2
    });

    it("prices the trial in CAD with its French commitment, and refuses a brewer that is not premium", async () => {
      const latte = "8008-BFBR-BRW-BLK";
      const regular = await listMinor(latte, "CAD");
      const estimate = CartEstimationSchema.parse(
        (await call("GET", `/cab2c/getCartEstimationData?campaignId=${TRIAL}&brewerCode=${latte}&boxCode=5001-SMRG-KC-24&lang=fr`)).body,
      );
      expect(estimate.currencyIso).toBe("CAD");
      expect(estimate.brewer).toMatchObject({ regularPrice: { minor: regular }, campaignPrice: { minor: Math.round((regular * 85) / 100) } });
      expect(estimate.commitment.text).toBe("2 livraisons automatiques d’au moins 24 dosettes chacune");
      const classic = await call("GET", `/usb2c/getCartEstimationData?campaignId=${TRIAL}&brewerCode=${CLASSIC_BLACK}&boxCode=5001-SMRG-KC-24`);
      expect(classic.status).toBe(400);
      expect(error(classic)!.reason).toBe("notFlagged");
    });

    it("answers in CAD on the Canadian store", async () => {
      const estimate = CartEstimationSchema.parse(
        (await call("GET", `/cab2c/getCartEstimationData?campaignId=${FREE}&brewerCode=${CLASSIC_BLACK}&boxCode=5001-SMRG-KC-24&lang=fr`)).body,
      );
      expect(estimate.currencyIso).toBe("CAD");
      expect(estimate.brewer.regularPrice).toMatchObject({ currencyIso: "CAD", minor: await listMinor(CLASSIC_BLACK, "CAD") });
      expect(estimate.commitment.text).toBe("6 livraisons automatiques d’au moins 24 dosettes chacune");
    });

    it("refuses a brewer the campaign does not offer, and a box that cannot carry the commitment, with the reason", async () => {
      const small = await plainBox(12);
      const cases: [string, number, string, string][] = [
        [`campaignId=${FREE}&brewerCode=8005-BFBR-BRW-BLK&boxCode=5001-SMRG-KC-24`, 400, "notFlagged", "brewerCode"],
        [`campaignId=${FREE}&brewerCode=5001-SMRG-KC-24&boxCode=5001-SMRG-KC-24`, 400, "notABrewer", "brewerCode"],
        [`campaignId=${FREE}&brewerCode=${CLASSIC_BLACK}&boxCode=${small}`, 400, "tooSmall", "boxCode"],
        [`campaignId=${FREE}&brewerCode=${CLASSIC_BLACK}&boxCode=${CLASSIC_BLACK}`, 400, "notForAutoDelivery", "boxCode"],
        [`campaignId=${FREE}&brewerCode=${CLASSIC_BLACK}&boxCode=5001-SMRG`, 400, "notPods", "boxCode"],
      ];
      for (const [query, status, reason, subject] of cases) {
        const answer = await call("GET", `/usb2c/getCartEstimationData?${query}`);
        expect(answer.status, query).toBe(status);
        expect(error(answer), query).toMatchObject({ type: "CampaignError", reason, subject });
      }
      const unknown = await call("GET", `/usb2c/getCartEstimationData?campaignId=${FREE}&brewerCode=${CLASSIC_BLACK}&boxCode=0000-NOPE-KC-24`);
      expect(unknown.status).toBe(404);
    });

    it("answers another store's campaign 404 and bad input 400, never 5xx", async () => {
      const other = await call("GET", `/usafh/getCartEstimationData?campaignId=${FREE}&brewerCode=${CLASSIC_BLACK}&boxCode=5001-SMRG-KC-24`);
      expect(other.status).toBe(404);
      expect(error(other)!.subject).toBe("campaignId");
      for (const query of [
        `campaignId=${FREE}&brewerCode=${CLASSIC_BLACK}`,
        `campaignId=${FREE}&brewerCode=${CLASSIC_BLACK}&boxCode=5001-SMRG-KC-24&boxQty=0`,
        `campaignId=${FREE}&brewerCode=${CLASSIC_BLACK}&boxCode=5001-SMRG-KC-24&boxQty=lots`,
        `campaignId=${FREE}&brewerCode=${CLASSIC_BLACK}&boxCode=5001-SMRG-KC-24&frequencyWeeks=99`,
        `campaignId=${FREE}&brewerCode=<script>&boxCode=5001-SMRG-KC-24`,
        `campaignId[]=1&brewerCode=${CLASSIC_BLACK}&boxCode=5001-SMRG-KC-24`,
      ]) {
        const answer = await call("GET", `/usb2c/getCartEstimationData?${query}`);
        expect(answer.status, query).toBe(400);
        expect(error(answer)!.type, query).toBe("ValidationError");
      }
    });

    it("refuses an estimate for a campaign that has ended", async () => {
      await db().updateTable("campaign").set({ ends_on: "2026-01-31" }).where("id", "=", HALF).execute();
      try {
        const answer = await call("GET", `/usb2c/getCartEstimationData?campaignId=${HALF}&brewerCode=8001-BFBR-BRW-BLK&boxCode=5001-SMRG-KC-24`);
        expect(answer.status).toBe(400);
        expect(error(answer)).toMatchObject({ reason: "ended", message: "This offer has ended." });
      } finally {
        await db().updateTable("campaign").set({ ends_on: null }).where("id", "=", HALF).execute();
      }
    });
  });
});
