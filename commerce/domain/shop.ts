import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { RateLimits } from "../../lib/rate-limit";
import type { BrandFacts } from "../contract/brands";
import type { BrandId } from "../contract/common";
import type { Db } from "../db/index";
import { cacheSizes } from "./caches";
import { CatalogChangeFeed } from "./catalog-changes";
import { CatalogService } from "./catalog-service";
import { AccountService } from "./accounts";
import { AddressBook } from "./addresses";
import { AssistedService } from "./agents";
import { AutoDeliveryService } from "./auto-delivery";
import { AutoDeliveryOrders, type AutoDeliveryRunOptions } from "./auto-delivery-orders";
import { BrewerRegistrationService } from "./brewer-registration";
import { AffiliateReports } from "./affiliates";
import { DesignService } from "./designs";
import { SiteNoticeService } from "./site-notices";
import { TealiumTagService } from "./tealium-tags";
import { CampaignGuideService } from "./campaign-guides";
import { CampaignCartLines, CampaignSaleService } from "./campaign-sale";
import { CampaignService } from "./campaigns";
import { MonthlyBoxService } from "./monthly-box";
import { MonthlyBoxSubscriptions } from "./monthly-box-subscriptions";
import { CartService } from "./carts";
import { CheckoutService } from "./checkout";
import { CardHolds, type CardHoldsOptions } from "./card-holds";
import { checkoutParts } from "./checkout-parts";
import { type Clock, systemClock } from "./clock";
import { ContentService } from "./content-service";
import { GiftCardService } from "./gift-cards";
import { CouponService } from "./coupons";
import { PerksService } from "./perks";
import { ListingIndexes } from "./listing-indexes";
import type { Mailer } from "./mail";
import { MailOutbox, type MailOutboxOptions } from "./mail-outbox";
import { WalletCheckout } from "./wallet-checkout";
import { type PaymentProvider, PaymentService, type PaypalProvider, paymentProviderFor } from "./payments/index";
import { ProductFamilies } from "./product-families";
import { QuickShopService } from "./quick-shop";
import { ReferralService } from "./referrals";
import { AddressService, embeddedGeocoder, RemoteGeocoder } from "./address-service";
import { createQuizServices, type QuizKeys, type QuizServices } from "./quiz-services";
import { SearchService } from "./search-service";
import { StockAlertService } from "./stock-alerts";
import { TokenGrants } from "./token-grants";
import { AccessTokens } from "./tokens";

/** The keys sessions are signed and derived with, and the guest-checkout client. */
export interface AuthKeys {
  tokenSecret: string;
  /** Earlier signing secrets whose access tokens are still accepted. */
  previousTokenSecrets: readonly string[];
  guestClient: { id: string; secret: string };
}

export interface ShopOptions {
  db: Db;
  /** The brand facts as configured: currencies, languages, and the names and hosts mails use. */
  brands: Readonly<Record<BrandId, BrandFacts>>;
  mailer: Mailer;
  logger: Logger;
  /** How often the change log is read at most (other processes' changes show within it). */
  catalogSyncMs: number;
  /** Each worker's memory budget in MB; its caches are sized from it (CACHE_SHARES). */
  memoryBudgetMb: number;
  /** How the outbox's delivery loop runs (defaults suit production). */
  outbox?: Partial<MailOutboxOptions>;
  /** When card holds that did not become an order are released, and how often each process looks. */
  cardHolds?: Partial<CardHoldsOptions>;
  /**
   * Signing keys and the rate limits sign-in counts against. Without them (tests of other parts)
   * sessions are signed with a random key of this process and limits are counted in its memory.
   */
  accounts?: { keys: AuthKeys; limits: RateLimits };
  /** Who takes payments; without it (tests of other parts) the test gateway with a key of this process. */
  payments?: PaymentProvider;
  /** PayPal beside the card (decision 082); without it, no wallet checkout. */
  paypal?: PaypalProvider;
  /** The quiz services' credentials; without them, the development ones. */
  quizzes?: QuizKeys;
  /** The address service's key and the geocoder delivery estimates ask (decision 081); without them, the embedded ones and the development key. */
  addressService?: { apiKey: string; geocoderUrl: string | undefined };
  /** The clock auto-delivery reads (tests move their own); the system's by default. */
  clock?: Clock;
  /** How the auto-delivery runner sweeps, retries and reminds (defaults suit production). */
  autoDelivery?: Partial<AutoDeliveryRunOptions>;
}

export interface Shop {
  brands: Readonly<Record<BrandId, BrandFacts>>;
  catalog: CatalogService;
  search: SearchService;
  content: ContentService;
  alerts: StockAlertService;
  /** Mail waiting to be sent; its delivery loop is started by whoever hosts the shop. */
  outbox: MailOutbox;
  accounts: AccountService;
  tokens: TokenGrants;
  addresses: AddressBook;
  agents: AssistedService;
  carts: CartService;
  giftCards: GiftCardService;
  coupons: CouponService;
  payments: PaymentService;
  checkout: CheckoutService;
  /** PayPal at checkout (decision 082). */
  wallets: WalletCheckout;
  /** Card holds of checkouts: their sweeps are started by whoever hosts the shop. */
  holds: CardHolds;
  quickShop: QuickShopService;
  quizzes: QuizServices;
  /** Address verification and geocoding, the embedded service (decision 081). */
  addressService: AddressService;
  perks: PerksService;
  autoDelivery: AutoDeliveryService;
  /** Brewer campaigns (decision 061). */
  campaigns: CampaignService;
  /** A campaign's landing reads: help-me-choose pods, its texts, its buying guide (decision 069). */
  campaignGuides: CampaignGuideService;
  /** Selling brewer campaigns: the bundle in the cart and its commitment (decision 065). */
  campaignSale: CampaignSaleService;
  /** Brewer registration (decision 070). */
  brewerRegistration: BrewerRegistrationService;
  /** Orders by affiliate, for operators (decision 078). */
  affiliates: AffiliateReports;
  /** Referrals (decision 074). */
  referrals: ReferralService;
  /** Saved drink designs (decision 073). */
  designs: DesignService;
  /** Site notifications and the customer's details (decision 075). */
  siteNotices: SiteNoticeService;
  /** A page's analytics data layer, getTealiumTags (decision 080). */
  tealiumTags: TealiumTagService;
  /** The monthly fixed-price box (decision 062). */
  monthlyBox: MonthlyBoxService;
  /** Subscribing to the monthly box and changing its months (decision 067). */
  monthlyBoxSubscriptions: MonthlyBoxSubscriptions;
  /** Auto-delivery's orders, reminders and retries: its sweeps are started by whoever hosts the shop. */
  autoDeliveryOrders: AutoDeliveryOrders;
  /**
   * Builds every site's listing index, sort orders and search words' listings, so the first shopper
   * of a site does not wait for them. A process calls it before it takes traffic.
   */
  warm(): Promise<void>;
}

/** The shop's services for one process, sharing one change feed and its caches. */
export function createShop({
  db,
  brands,
  mailer,
  logger,
  catalogSyncMs,
  memoryBudgetMb,
  outbox: outboxOptions,
  cardHolds,
  accounts,
  payments: paymentProvider,
  paypal,
  quizzes,
  addressService,
  clock = systemClock,
  autoDelivery,
}: ShopOptions): Shop {
  const feed = new CatalogChangeFeed(db, { intervalMs: catalogSyncMs });
  const geocoder = addressService?.geocoderUrl
    ? new RemoteGeocoder({ url: addressService.geocoderUrl, apiKey: addressService.apiKey, logger })
    : embeddedGeocoder;
  const sizes = cacheSizes(memoryBudgetMb);
  const indexes = new ListingIndexes(
    db,
    feed,
    { indexBytes: sizes.listingIndexes, countsBytes: Math.floor(sizes.listingCounts / Object.keys(brands).length) },
    logger,
  );
  const families = new ProductFamilies(db, feed, sizes.productFamilies);
  const outbox = new MailOutbox(db, mailer, logger, outboxOptions);
  const catalog = new CatalogService({ db, brands, feed, indexes, families, outbox, logger, answerBytes: sizes.productAnswers });
  const campaigns = new CampaignService({ db, catalog, clock });
  const carts = new CartService({ db, catalog, clock, campaignLines: new CampaignCartLines(campaigns) });
  const campaignSale = new CampaignSaleService({ db, catalog, clock, campaigns, carts });
  const keys: AuthKeys = accounts?.keys ?? {
    tokenSecret: randomBytes(32).toString("base64url"),
    previousTokenSecrets: [],
    guestClient: { id: "storefront-guest", secret: randomBytes(32).toString("base64url") },
  };
  const limits = accounts?.limits ?? RateLimits.create();
  const tokens = new TokenGrants({
    db,
    tokens: new AccessTokens(keys.tokenSecret, keys.previousTokenSecrets),
    refreshSecret: keys.tokenSecret,
    guestClient: keys.guestClient,
    limits,
  });
  const addresses = new AddressBook(db);
  const payments = new PaymentService({
    db,
    carts,
    limits,
    paypal,
    provider: paymentProvider ?? paymentProviderFor({ stripe: undefined, testGatewaySecret: randomBytes(32).toString("base64url") }),
  });
  const search = new SearchService({ db, feed, indexes, families, sizes });
  const parts = checkoutParts(payments);
  const holds = new CardHolds({ db, payments: parts.payments, logger }, cardHolds);
  const agents = new AssistedService(db);
  const monthlyBox = new MonthlyBoxService({ db, catalog, feed, clock });
  const boxes = new MonthlyBoxSubscriptions({ db, boxes: monthlyBox, carts, agents, clock });
  const checkout = new CheckoutService({ db, brands, carts, addresses, feed, outbox, logger, parts, holds, clock, boxes, campaignSale, geocoder });
  const autoDeliveryOrders = new AutoDeliveryOrders({ db, brands, carts, holds, outbox, logger, clock, boxes, geocoder }, autoDelivery);
  const siteNotices = new SiteNoticeService({ db, clock });
  return {
    brands,
    catalog,
    search,
    content: new ContentService({ db, brands, outbox, logger, limits }),
    alerts: new StockAlertService({ db, brands, outbox, limits, catalog }),
    outbox,
    accounts: new AccountService({ db, brands, outbox, limits, grants: tokens }),
    tokens,
    addresses,
    agents,
    carts,
    giftCards: new GiftCardService({ db, carts, limits }),
    coupons: new CouponService({ db, carts, limits }),
    payments,
    checkout,
    addressService: new AddressService(addressService?.apiKey),
    wallets: new WalletCheckout({ db, brands, checkout, payments, limits, logger }),
    holds,
    quickShop: new QuickShopService({ db, catalog, carts }),
    quizzes: createQuizServices(db, sizes.quizzes, quizzes),
    perks: new PerksService({ db, carts, catalog }),
    autoDelivery: new AutoDeliveryService({ db, carts, agents, orders: autoDeliveryOrders, payments: parts.payments, clock, boxes, holds, outbox, brands }),
    autoDeliveryOrders,
    campaigns,
    campaignGuides: new CampaignGuideService({ db, catalog, campaigns }),
    campaignSale,
    brewerRegistration: new BrewerRegistrationService({ db, catalog, clock, limits }),
    affiliates: new AffiliateReports({ db }),
    referrals: new ReferralService({ db, brands, outbox, limits, clock }),
    designs: new DesignService({ db, catalog, clock }),
    siteNotices,
    tealiumTags: new TealiumTagService({ catalog, search, carts, checkout, siteNotices }),
    monthlyBox,
    monthlyBoxSubscriptions: boxes,
    async warm() {
      for (const brand of Object.values(brands)) await search.warm(brand.id, brand.languages);
    },
  };
}
