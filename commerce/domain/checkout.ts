import type { AddressInput } from "../contract/address";
import { normalPostalCode } from "../contract/address";
import { TaxLineSchema } from "../contract/checkout-pricing";
import {
  type CardSummary,
  type Checkout,
  type CheckoutStep,
  type DeliveryAddress,
  DeliveryAddressSchema,
  type DeliveryDetailsRequest,
  type Order,
  type OrderHistory,
  type PlaceOrderRequest,
  type TaxLineView,
} from "../contract/checkout";
import type { BrandId } from "../contract/common";
import { lineRecipeOf } from "./design-rules";
import { pointsFor } from "../contract/points";
import { findCartByGuid, findOpenCartOf, lockCartByGuid } from "../db/carts";
import { findAddress, findCustomer, findCustomerByEmail } from "../db/customers";
import {
  type CartCheckoutRow,
  claimGuestOrder,
  customerOrders,
  findCartCheckout,
  findOrderByCheckoutKey,
  findOrderByCode,
  findOrderOfCart,
  type OrderEntryRow,
  type OrderRow,
  orderEntries,
  saveCartCheckout,
} from "../db/orders";
import { pointsBalance, setPerksMember } from "../db/loyalty";
import { writeTransaction } from "../db/write-transaction";
import type { AddressBook, AuditWriter } from "./addresses";
import { subscriptionStep } from "./auto-delivery-checkout";
import type { CampaignSaleService } from "./campaign-sale";
import type { MonthlyBoxSubscriptions } from "./monthly-box-subscriptions";
import { type CartOwner, type CartService, cartNotFound } from "./carts";
import { type Clock, dayOf } from "./clock";
import type { CatalogChangeFeed } from "./catalog-changes";
import type { StoredCard } from "./checkout-parts";
import { deliveryModesFor, freeShippingMinimum, placeOf } from "./delivery-modes";
import type { Geocoder } from "./address-service";
import { invalid, ShopError } from "./errors";
import type { MailOutbox } from "./mail-outbox";
import {
  authorizeCard,
  checkoutProblem,
  commitOrder,
  expiryOf,
  MISSING_MESSAGES,
  type PlacedOrder,
  type PlacementDeps,
  planOrder,
  type PricedCheckout,
} from "./place-order";
import { creditWalkUpOrder, insufficientPoints, perksSettings, rewardRefusal } from "./perks";
import { pagination } from "./pagination";
import { price } from "./pricing";
import { unavailableWhenBusy } from "./service-unavailable";
import type { ShopContext } from "./shop-context";
import { taxFor } from "./taxes";

interface CheckoutDeps extends PlacementDeps {
  carts: CartService;
  /** The store's clock: a first auto-delivery order counts its next delivery from its day. */
  clock: Clock;
  addresses: AddressBook;
  feed: CatalogChangeFeed;
  outbox: MailOutbox;
  /** The monthly box's subscription step (decision 067); absent, a cart's box starts nothing. */
  boxes?: MonthlyBoxSubscriptions;
  /** Enrols the customer in a campaign bundle's commitment with the order (decision 065). */
  campaignSale?: CampaignSaleService;
  /** Places the delivery address for its estimate (decision 081); absent, estimates go by region. */
  geocoder?: Geocoder;
}

const orderNotFound = () => new ShopError("notFound", { type: "UnknownIdentifierError", subject: "code", subjectType: "order", message: "Order not found." });

/**
 * Single-step checkout and orders. The checkout choices (guest e-mail, delivery address, mode,
 * contact number) are stored beside the cart; every read prices the cart, delivery and taxes
 * again. Placing an order runs the steps of place-order.ts. One checkout key makes one order,
 * however often it is sent.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  /** The guid of the customer's open cart on this site, if they have one. */
  async openCartGuid(site: BrandId, customerId: string): Promise<string | undefined> {
    return (await findOpenCartOf(this.deps.db, customerId, site))?.guid;
  }

  async checkout(ctx: ShopContext, owner: CartOwner, guid: string): Promise<Checkout> {
    return (await this.state(ctx, owner, guid)).view;
  }

  /** A guest's e-mail for the order (members order with their account's address). */
  async setGuestEmail(ctx: ShopContext, owner: CartOwner, guid: string, email: string): Promise<Checkout> {
    if (owner !== "anonymous") throw checkoutProblem("notGuest", "email", "Signed-in customers order with their account's e-mail address.");
    await this.saveChoice(ctx, owner, guid, { email: email.toLowerCase() });
    return this.checkout(ctx, owner, guid);
  }

  /** A new delivery address; a member may keep it in their address book too. */
  async setNewDeliveryAddress(ctx: ShopContext, owner: CartOwner, guid: string, input: AddressInput, keep: boolean, audit: AuditWriter): Promise<Checkout> {
    refuseForeignAddress(ctx, input.country);
    let id: string | undefined;
    if (keep && owner !== "anonymous") id = (await this.deps.addresses.add(owner.customerId, input, audit)).id;
    const address: DeliveryAddress = {
      id,
      firstName: input.firstName,
      lastName: input.lastName,
      line1: input.line1,
      line2: input.line2 || undefined,
      town: input.town,
      region: input.region.toUpperCase(),
      postalCode: normalPostalCode(input.country, input.postalCode),
      country: input.country,
      phone: input.phone || undefined,
    };
    await this.saveAddress(ctx, owner, guid, address);
    return this.checkout(ctx, owner, guid);
  }

  /** An address from the member's own address book. */
  async chooseDeliveryAddress(ctx: ShopContext, owner: CartOwner, guid: string, addressId: string): Promise<Checkout> {
    if (owner === "anonymous") throw checkoutProblem("notMember", "addressId", "Sign in to use your address book.");
    const row = await findAddress(this.deps.db, owner.customerId, addressId);
    if (!row) throw new ShopError("notFound", { type: "UnknownIdentifierError", subject: "addressId", subjectType: "address", message: "Address not found." });
    refuseForeignAddress(ctx, row.country === "CA" ? "CA" : "US");
    await this.saveAddress(ctx, owner, guid, {
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      line1: row.line1,
      line2: row.line2 ?? undefined,
      town: row.town,
      region: row.region,
      postalCode: row.postal_code,
      country: row.country === "CA" ? "CA" : "US",
      phone: row.phone ?? undefined,
    });
    return this.checkout(ctx, owner, guid);
  }

  /**
   * The delivery mode (and contact number). The mode must be one offered for the cart's address;
   * a cost that differs from the service's own is refused, so a page showing an old price cannot
   * commit the shopper to a new one.
   */
  async setDeliveryDetails(ctx: ShopContext, owner: CartOwner, guid: string, request: DeliveryDetailsRequest): Promise<Checkout> {
    if (request.addressId) await this.chooseDeliveryAddress(ctx, owner, guid, request.addressId);
    const state = await this.state(ctx, owner, guid);
    if (!state.view.deliveryAddress) throw checkoutProblem("noAddress", "deliveryModeId", MISSING_MESSAGES.deliveryAddress);
    const mode = state.view.deliveryModes.find((m) => m.code === request.deliveryModeId);
    if (!mode) throw checkoutProblem("unknownDeliveryMode", "deliveryModeId", `Delivery method '${request.deliveryModeId}' is not offered for this address.`);
    if (request.deliveryCost !== undefined && request.deliveryCost !== mode.costMinor) {
      throw checkoutProblem(
        "deliveryCostChanged",
        "deliveryCost",
        `Delivery by ${mode.name} now costs ${price(mode.costMinor, ctx.currency, ctx.lang).formattedValue}. Review and choose again.`,
        "conflict",
      );
    }
    await this.saveChoice(ctx, owner, guid, { delivery_mode: mode.code, ...(request.contactNo !== undefined ? { contact_no: request.contactNo } : {}) });
    return this.checkout(ctx, owner, guid);
  }

  /**
   * Places the order of the cart: plan, authorise the card, commit, then capture (see
   * place-order.ts). The same checkout key answers the same order, whether the second request
   * comes during the first or long after; a cart already ordered answers its order.
   */
  async placeOrder(
    ctx: ShopContext,
    owner: CartOwner,
    guid: string,
    request: PlaceOrderRequest,
    /** What pays instead of the cart's card: a wallet's approved payment (decision 082). */
    paidWith?: StoredCard,
  ): Promise<Order> {
    const { db, holds } = this.deps;
    const earlier = await this.earlierOrder(ctx, owner, guid, request.checkoutKey);
    if (earlier) return earlier;
    const priced = await this.state(ctx, owner, guid, paidWith);
    const planned = planOrder({ ctx, owner, guid, request }, priced);
    await this.refuseUnaffordableRewards(planned.view, owner);
    const today = dayOf(await this.deps.clock.now());
    const subscribe = subscriptionStep({
      ctx,
      owner,
      view: planned.view,
      card: priced.card,
      frequencyWeeks: request.adFrequencyWeeks,
      today,
      enroll: await this.deps.campaignSale?.enrollmentStep(ctx, owner, planned.view),
    });
    const boxStep = await this.deps.boxes?.checkoutStep({ ctx, owner, view: planned.view, card: priced.card, today });
    const inOrder: typeof subscribe =
      subscribe && boxStep
        ? async (trx, order, now) => {
            await subscribe(trx, order, now);
            await boxStep(trx, order, now);
          }
        : (subscribe ?? boxStep);
    const authorized = await authorizeCard(this.deps, planned);
    // The checkout's hold became an order between the look above and now: that order answers.
    if ("ordered" in authorized) {
      const ordered = await this.earlierOrder(ctx, owner, guid, request.checkoutKey);
      if (!ordered) throw orderNotFound();
      return ordered;
    }
    const { plan, hold } = authorized;
    let placed: PlacedOrder;
    try {
      placed = await commitOrder(this.deps, plan, hold, inOrder);
    } catch (err) {
      // A retry of the same key may have placed the order meanwhile: that order stands, with its payment.
      const meanwhile = await findOrderByCheckoutKey(db, request.checkoutKey);
      if (hold && meanwhile?.payment_reference !== hold.reference) await holds.release(hold);
      if (meanwhile) return this.orderView(meanwhile, await orderEntries(db, meanwhile.id));
      throw err;
    }
    if (!placed.fresh) {
      // Another request placed this cart's order (with another checkout key, so another hold): this one's hold goes.
      if (hold && placed.row.payment_reference !== hold.reference) await holds.release(hold);
    } else {
      // Committed: from here on nothing may turn the answer into an error.
      if (hold) await holds.capture(hold, placed.row);
      await this.deps.feed.catchUp({ force: true }).catch((err) => this.deps.logger.warn({ err }, "catalog caches will catch up on the next read"));
      if (placed.mailIds.length) await this.deps.outbox.deliver({ ids: placed.mailIds });
    }
    return this.orderView(placed.row, await orderEntries(db, placed.row.id));
  }

  /**
   * An order as its owner sees it: a member's own (or, for an agent, their customer's); a guest's
   * only with the guid of the cart it was placed from, which only that shopper's session knows.
   */
  async order(ctx: ShopContext, owner: CartOwner, code: string, guestCartGuid?: string): Promise<Order> {
    const row = await findOrderByCode(this.deps.db, ctx.site, code);
    if (!row) throw orderNotFound();
    const mine = owner === "anonymous" ? guestCartGuid !== undefined && row.cart_guid === guestCartGuid : row.customer_id === owner.customerId;
    if (!mine) throw orderNotFound();
    return this.orderView(row, await orderEntries(this.deps.db, row.id));
  }

  async history(ctx: ShopContext, customerId: string, page: number, pageSize: number): Promise<OrderHistory> {
    const { rows, total } = await customerOrders(this.deps.db, customerId, ctx.site, page, pageSize);
    return {
      orders: rows.map((r) => ({
        code: r.code,
        created: r.created_at,
        status: r.status,
        total: price(r.total_minor, currencyOf(r), langOf(r)),
        units: r.units,
      })),
      pagination: pagination(page, pageSize, total),
    };
  }

  /**
   * After a guest order: the order joins the account just made from it. Only a new account takes
   * it, so nobody can push orders into someone else's history by typing their e-mail at checkout.
   */
  async attachToNewAccount(
    ctx: ShopContext,
    code: string,
    guestCartGuid: string,
    signUp: (email: string, names: { firstName: string; lastName: string }) => Promise<void>,
  ): Promise<void> {
    const row = await findOrderByCode(this.deps.db, ctx.site, code);
    if (!row || row.cart_guid !== guestCartGuid) throw orderNotFound();
    if (row.customer_id !== null) throw checkoutProblem("alreadyLinked", "code", "This order already belongs to an account.", "conflict");
    const existed = await findCustomerByEmail(this.deps.db, ctx.site, row.email);
    const address = DeliveryAddressSchema.parse(JSON.parse(row.delivery_address));
    await signUp(row.email, { firstName: address.firstName, lastName: address.lastName });
    if (existed) return;
    const customer = await findCustomerByEmail(this.deps.db, ctx.site, row.email);
    if (!customer) return;
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        if (!(await claimGuestOrder(trx, row.id, customer.id)) || row.perks_join !== 1) return;
        // A walk-up member: the guest joined perks at checkout, so the new account joins and the order's points count.
        await creditWalkUpOrder(trx, {
          site: ctx.site,
          customerId: customer.id,
          orderCode: row.code,
          merchandiseMinor: row.subtotal_minor - row.discount_minor,
          now: new Date(),
        });
      }),
    );
  }

  /**
   * A guest joins perks with this order (its points are credited once the account is made from the
   * confirmation page); a signed-in customer joins at once.
   */
  async setPerksJoin(ctx: ShopContext, owner: CartOwner, guid: string, join: boolean): Promise<Checkout> {
    const settings = await perksSettings(this.deps.db, ctx.site);
    if (!settings.enabled || !settings.optInEnabled) throw rewardRefusal("perksOff", "Perks is not offered on this store.", "notFound", "join");
    if (owner === "anonymous") {
      await this.saveChoice(ctx, owner, guid, { perks_join: join ? 1 : 0 });
    } else {
      await this.deps.carts.readWithRow(ctx, owner, guid);
      if (join) await unavailableWhenBusy(() => writeTransaction(this.deps.db, (trx) => setPerksMember(trx, owner.customerId, true)));
    }
    return this.checkout(ctx, owner, guid);
  }

  /** Rewards that cost more than the member's points stop the order before the card is held (checked again when it is written). */
  private async refuseUnaffordableRewards(view: Checkout, owner: CartOwner): Promise<void> {
    const spend = view.cart.appliedRewards.reduce((sum, r) => sum + r.points, 0);
    if (spend === 0 || owner === "anonymous") return;
    const balance = await pointsBalance(this.deps.db, owner.customerId);
    if (balance < spend) throw insufficientPoints(spend, balance);
  }

  /** The order already made by this key, or from this cart: a resubmit answers it again. */
  /**
   * The order this checkout already placed: the one with its key, or the one its cart became (a
   * second request of a double submit may carry a key of its own).
   */
  private async earlierOrder(ctx: ShopContext, owner: CartOwner, guid: string, checkoutKey: string): Promise<Order | null> {
    const { db } = this.deps;
    const ownerId = owner === "anonymous" ? null : owner.customerId;
    const byKey = await findOrderByCheckoutKey(db, checkoutKey);
    if (byKey) {
      // A key is 128 random bits; another shopper's key is never guessed, but it is not theirs to read either.
      if (byKey.site !== ctx.site || byKey.cart_guid !== guid || byKey.customer_id !== ownerId) throw orderNotFound();
      return this.orderView(byKey, await orderEntries(db, byKey.id));
    }
    const cart = await findCartByGuid(db, guid);
    if (!cart || cart.status !== "ordered" || cart.site !== ctx.site || cart.customer_id !== ownerId) return null;
    const ofCart = await findOrderOfCart(db, cart.id);
    return ofCart ? this.orderView(ofCart, await orderEntries(db, ofCart.id)) : null;
  }

  private async state(ctx: ShopContext, owner: CartOwner, guid: string, paidWith?: StoredCard): Promise<PricedCheckout> {
    const { db, parts } = this.deps;
    // Read with what stock and the catalog would change: the checkout says it before the shopper fills in the rest.
    const { row, cart, changes } = await this.deps.carts.readChecked(ctx, owner, guid);
    const [choices, customer, card, freeFrom, perks] = await Promise.all([
      findCartCheckout(db, row.id),
      owner === "anonymous" ? undefined : findCustomer(db, owner.customerId),
      paidWith ?? parts.payments.cardOf(db, row.id),
      freeShippingMinimum(db, ctx.site),
      perksSettings(db, ctx.site),
    ]);
    const money = (minor: number) => price(minor, ctx.currency, ctx.lang);
    const address = addressOf(choices);
    const destination = address ? await placeOf(this.deps.geocoder, address) : null;
    const goods = cart.subTotal.minor - cart.totalDiscounts.minor;
    // A free-shipping reward makes every mode free.
    const freeShipping = cart.appliedRewards.some((r) => r.kind === "freeShipping");
    const modes = (
      address
        ? deliveryModesFor({
            site: ctx.site,
            lang: ctx.lang,
            subtotalMinor: goods,
            freeShippingMinimumMinor: freeFrom,
            country: address.country,
            region: address.region,
            destination,
            today: new Date(),
          })
        : []
    )
      // A monthly box's price includes its standard delivery, and the cart's other products ride in its parcel (decision 067).
      .map((m) => (freeShipping || (cart.monthlyBox && m.code === "standard") ? { ...m, costMinor: 0, free: true } : m));
    const chosenMode = modes.find((m) => m.code === choices?.delivery_mode);
    const deliveryMinor = chosenMode?.costMinor ?? 0;
    const tax = address ? taxFor({ country: address.country, region: address.region, taxableMinor: goods, deliveryMinor }) : { totalMinor: 0, lines: [] };
    const totalMinor = goods + deliveryMinor + tax.totalMinor;
    const giftCards = await parts.giftCards.planFor(db, row, totalMinor);
    const giftCardMinor = giftCards.reduce((sum, g) => sum + g.amountMinor, 0);
    const amountDue = totalMinor - giftCardMinor;
    const email = owner === "anonymous" ? (choices?.email ?? undefined) : customer?.email;
    const missing: CheckoutStep[] = [];
    if (!email) missing.push("email");
    if (!address) missing.push("deliveryAddress");
    if (!chosenMode) missing.push("deliveryMode");
    if (amountDue > 0 && !card) missing.push("payment");
    // PayPal pays what is left to pay of a one-off order: auto-delivery and campaigns charge a card again later.
    const walletsFit = amountDue > 0 && cart.entries.every((e) => e.entryType === "STD" && !e.campaign) && !cart.monthlyBox;
    const taxLines: TaxLineView[] = tax.lines.map((l) => ({ name: l.name, ratePercent: l.ratePercent, amount: money(l.amountMinor) }));
    const view: Checkout = {
      cart,
      guest: owner === "anonymous",
      email,
      deliveryAddress: address,
      deliveryModes: modes,
      deliveryMode: chosenMode ? { code: chosenMode.code, name: chosenMode.name, cost: money(chosenMode.costMinor), estimate: chosenMode.estimate } : undefined,
      contactNo: choices?.contact_no ?? undefined,
      taxLines,
      totalTax: money(tax.totalMinor),
      deliveryCost: money(deliveryMinor),
      totalPriceWithTax: money(totalMinor),
      giftCards: giftCards.map((g) => ({ id: g.id, maskedNumber: g.maskedNumber, amount: money(g.amountMinor) })),
      giftCardAmount: money(giftCardMinor),
      amountDue: money(amountDue),
      payment: card ? cardSummary(card) : undefined,
      missing,
      cartChanges: changes,
      wallets: walletsFit ? [...parts.payments.wallets] : [],
      perks: perks.enabled
        ? { member: customer?.perks_member === 1, join: choices?.perks_join === 1, pointsToEarn: pointsFor(goods, perks.pointsPerDollar) }
        : undefined,
    };
    return { view, card, cartId: row.id };
  }

  private async saveChoice(ctx: ShopContext, owner: CartOwner, guid: string, change: Partial<Omit<CartCheckoutRow, "cart_id" | "updated_at">>): Promise<void> {
    await unavailableWhenBusy(() =>
      writeTransaction(this.deps.db, async (trx) => {
        const cart = await lockCartByGuid(trx, guid);
        if (!cart || cart.site !== ctx.site || cart.status !== "open" || cart.customer_id !== (owner === "anonymous" ? null : owner.customerId))
          throw cartNotFound();
        await saveCartCheckout(trx, cart.id, change, new Date().toISOString());
      }),
    );
  }

  /** A new address may change which modes are offered and what they cost: the mode is chosen again. */
  private saveAddress(ctx: ShopContext, owner: CartOwner, guid: string, address: DeliveryAddress): Promise<void> {
    return this.saveChoice(ctx, owner, guid, {
      delivery_address: JSON.stringify(address),
      delivery_mode: null,
      ...(address.phone ? { contact_no: address.phone } : {}),
    });
  }

  private orderView(row: OrderRow, entries: readonly OrderEntryRow[]): Order {
    const currency = currencyOf(row);
    const lang = langOf(row);
    const money = (minor: number) => price(minor, currency, lang);
    const taxLines = TaxLineSchema.array().parse(JSON.parse(row.tax_lines));
    const discounts = JSON.parse(row.discounts) as { code: string; description: string; amountMinor: number }[];
    const giftCards = JSON.parse(row.gift_cards) as { maskedNumber: string; chargedMinor: number }[];
    return {
      code: row.code,
      status: row.status,
      created: row.created_at,
      guest: row.customer_id === null,
      email: row.email,
      entries: entries.map((e) => ({
        entryNumber: e.entry_number,
        quantity: e.quantity,
        entryType: e.entry_type === "ADC" || e.entry_type === "ADCF" || e.entry_type === "ADF" ? e.entry_type : "STD",
        product: { code: e.product_code, name: e.product_name, url: e.product_url, packLabel: e.pack_label ?? undefined },
        basePrice: money(e.unit_minor),
        totalPrice: money(e.total_minor),
        ...(e.recipe ? { recipe: lineRecipeOf(e.recipe, lang, row.site as BrandId) } : {}),
      })),
      deliveryAddress: DeliveryAddressSchema.parse(JSON.parse(row.delivery_address)),
      deliveryMode: {
        code: row.delivery_mode,
        name: row.delivery_mode_name,
        cost: money(row.delivery_minor),
        estimate: { earliest: row.delivery_earliest, latest: row.delivery_latest },
      },
      contactNo: row.contact_no ?? undefined,
      subTotal: money(row.subtotal_minor),
      discounts: discounts.map((d) => ({ code: d.code, description: d.description, amount: money(d.amountMinor) })),
      totalDiscounts: money(row.discount_minor),
      deliveryCost: money(row.delivery_minor),
      taxLines: taxLines.map((t) => ({ name: t.name, ratePercent: t.ratePercent, amount: money(t.amountMinor) })),
      totalTax: money(row.tax_minor),
      totalPriceWithTax: money(row.total_minor),
      giftCards: giftCards.map((g) => ({ maskedNumber: g.maskedNumber, amount: money(g.chargedMinor) })),
      giftCardAmount: money(row.gift_card_minor),
      paidByCard: money(row.card_minor),
      payment:
        row.payment_provider === "paypal"
          ? { brand: "paypal", last4: "", expiry: "" }
          : row.payment_last4
            ? { brand: row.payment_brand ?? "", last4: row.payment_last4, expiry: row.payment_expiry ?? "" }
            : undefined,
    };
  }
}

/** Each store delivers within its own country: the Canadian store in Canada, the US stores in the United States. */
function refuseForeignAddress(ctx: ShopContext, country: "US" | "CA"): void {
  const home = ctx.currency === "CAD" ? "CA" : "US";
  if (country !== home)
    throw invalid("country", home === "CA" ? "This store delivers within Canada only." : "This store delivers within the United States only.");
}

function addressOf(choices: CartCheckoutRow | undefined): DeliveryAddress | undefined {
  if (!choices?.delivery_address) return undefined;
  const parsed = DeliveryAddressSchema.safeParse(JSON.parse(choices.delivery_address));
  return parsed.success ? parsed.data : undefined;
}

function cardSummary(card: StoredCard): CardSummary {
  if (card.provider === "paypal") return { brand: "paypal", last4: "", expiry: "" };
  return { brand: card.brand, last4: card.last4, expiry: expiryOf(card) };
}

const currencyOf = (row: OrderRow) => (row.currency === "CAD" ? "CAD" : "USD");
const langOf = (row: OrderRow) => (row.lang === "fr" ? "fr" : "en");
