import { BRAND_DEFAULTS } from "../contract/brands";
import { BRAND_IDS, type BrandId, type Lang } from "../contract/common";
import type { CmsComponent } from "../contract/cms";
import type { Database } from "../db/schema";

type ContentRows = Pick<{ [K in keyof Database]: Database[K][] }, "cms_page" | "cms_component" | "site_config" | "keyword_redirect">;

/** Words that mean a whole category: searching them goes straight there (the keyword-redirect lookup). */
const KEYWORD_REDIRECTS: { lang: Lang; keywords: string[]; category: string }[] = [
  { lang: "en", keywords: ["brewer", "brewers", "coffee maker", "coffee makers", "coffeemaker", "machine", "machines"], category: "brewers" },
  { lang: "en", keywords: ["accessories", "accessory"], category: "accessories" },
  { lang: "en", keywords: ["tea", "teas"], category: "tea" },
  { lang: "en", keywords: ["hot cocoa", "cocoa", "hot chocolate"], category: "hot-cocoa" },
  { lang: "en", keywords: ["starter kit", "starter kits", "bundles"], category: "starter-kits" },
  { lang: "fr", keywords: ["cafetiere", "cafetieres", "machine", "machines", "machine a cafe"], category: "brewers" },
  { lang: "fr", keywords: ["accessoires", "accessoire"], category: "accessories" },
  { lang: "fr", keywords: ["the", "thes"], category: "tea" },
  { lang: "fr", keywords: ["chocolat chaud", "cacao"], category: "hot-cocoa" },
];

/**
 * Site configuration: keyed string entries. The values are ours, chosen as a real store would,
 * and documented in the README. Hosts are the brands' default hosts.
 */
export function siteConfigEntries(site: BrandId): Record<string, string> {
  const host = BRAND_DEFAULTS[site].host;
  return {
    "auth0.audience": `https://${host}/rest/v2/${site}`,
    "auth0.clientId": `brewfront-storefront-${site}`,
    "auth0.domain": host,
    "auth0.scope": "openid profile email offline_access",
    "auth0.redirectUri": `https://${host}/authCallBack`,
    ...(site === "cab2c" ? { "auth0.redirectUri.fr": `https://${host}/fr/authCallBack` } : {}),
    "refreshToken.expirySeconds": "2592000",
    "refreshToken.nobo.expirySeconds": "28800",
    "tokenRotation.expirySeconds": "1800",
    "loyalty.enabled": site === "usafh" ? "false" : "true",
    "loyalty.perksOptIn.enabled": site === "usafh" ? "false" : "true",
    "loyalty.basePoints": "10",
    "memberPricing.message.en": "Perks members save 5% on every beverage.",
    "memberPricing.message.fr": "Les membres Avantages économisent 5 % sur chaque boisson.",
    "freeShipping.minimumPrice": site === "usafh" ? "9900" : site === "cab2c" ? "5900" : "4900",
    "podsAtHome.maxQuantity": "10",
    "autoDelivery.defaultBoxPerShipment": "2",
    "autoDelivery.discountPercent": "10",
    "productDetails.defaultSize": "20",
    "cookie.userWasLoggedIn.days": "30",
    "cookie.affiliate.days": "180",
    "cookie.recentlyViewed.days": "30",
    "cookie.webapp.days": "30",
    "starterKit.step1.text": "Choose your brewer",
    "starterKit.step2.text": "Pick your pods",
    "starterKit.step3.text": "Save with auto-delivery",
    "privacyCookies.enabled": "true",
  };
}

function components(site: BrandId, lang: Lang): CmsComponent[] {
  const fr = lang === "fr";
  const p = fr ? "/fr" : "";
  const name = BRAND_DEFAULTS[site].name;
  const commercial = site === "usafh";
  const freeShip = { usb2c: "$49", cab2c: fr ? "59 $" : "$59", usafh: "$99" }[site];
  return [
    {
      uid: "NavigationBar",
      typeCode: "NavigationBar",
      entries: [
        {
          name: fr ? "Café" : "Coffee",
          url: `${p}/c/coffee`,
          children: [
            { name: fr ? "Dosettes" : "Coffee Pods", url: `${p}/c/k-cup-pods` },
            ...(commercial ? [] : [{ name: fr ? "Café en sac" : "Bagged Coffee", url: `${p}/c/bagged-coffee` }]),
          ],
        },
        { name: fr ? "Thé" : "Tea", url: `${p}/c/tea`, children: [] },
        { name: fr ? "Chocolat chaud" : "Hot Cocoa", url: `${p}/c/hot-cocoa`, children: [] },
        { name: fr ? "Cafetières" : "Brewers", url: `${p}/c/brewers`, children: [] },
        { name: fr ? "Accessoires" : "Accessories", url: `${p}/c/accessories`, children: [] },
        { name: fr ? "Trousses de démarrage" : commercial ? "Business Bundles" : "Starter Kits", url: `${p}/c/starter-kits`, children: [] },
      ],
    },
    {
      uid: "GlobalBannerSection",
      typeCode: "GlobalBannerSection",
      text: fr ? `Livraison gratuite dès ${freeShip} d’achat` : `Free shipping on orders over ${freeShip}`,
      link: { name: fr ? "Détails" : "Details", url: `${p}/content/shipping` },
    },
    {
      uid: "GlobalNotificationSection",
      typeCode: "GlobalNotificationSection",
      messageItems: [
        {
          text: commercial
            ? "Breakroom orders placed by 2 p.m. EST ship the same day."
            : fr
              ? "Les commandes passées avant 14 h HNE sont expédiées le jour même."
              : "Orders placed by 2 p.m. EST ship the same day.",
          severity: "info",
        },
      ],
    },
    {
      uid: "podQuizSection",
      typeCode: "podQuizSection",
      heading: fr ? "Trouvez votre tasse parfaite" : "Find your perfect cup",
      text: fr ? "Répondez à quelques questions et nous vous suggérerons quatre cafés." : "Answer a few questions and we will pick four coffees for you.",
      link: { name: fr ? "Faire le quiz" : "Take the quiz", url: `${p}/perfectcup` },
    },
    {
      uid: "HomeHero",
      typeCode: "HeroBannerComponent",
      headline: commercial ? "Great coffee for every breakroom" : fr ? "Le café que vous aimez, livré chez vous" : "The coffee you love, delivered",
      text: commercial
        ? "Commercial brewers, bulk pods and auto-delivery for offices of every size."
        : fr
          ? "Plus de 100 cafés, thés et chocolats chauds, et la cafetière qui leur convient."
          : "Over 100 coffees, teas and cocoas, and the brewer to match.",
      link: { name: fr ? "Magasiner le café" : "Shop coffee", url: `${p}/c/coffee` },
      imageUrl: "/images/products/cup.svg",
      altText: fr ? "Une tasse de café fumante" : "A steaming cup of coffee",
    },
    {
      uid: "HomeFeatured",
      typeCode: "ProductCarouselComponent",
      // The Canadian store writes Canadian English; the US stores, US spelling.
      title: fr ? "Nos favoris" : commercial ? "Breakroom favorites" : site === "cab2c" ? "Customer favourites" : "Customer favorites",
      productCodes: commercial
        ? ["5001-SMRG-KC-96", "5003-SMRG-KC-96", "5005-HRBR-KC-72", "8009-BFBR-BRW-BLK", "9011-BFAC-ACC-1", "BUNDLE-SMALL-BUSINESS"]
        : site === "cab2c"
          ? ["5027-NMPL-KC-24", "5001-SMRG-KC-24", "5003-SMRG-KC-24", "5028-NMPL-KC-24", "8003-BFBR-BRW-BLK", "BUNDLE-BREWER-STARTER-KIT"]
          : ["5001-SMRG-KC-24", "5003-SMRG-KC-24", "5005-HRBR-KC-24", "5011-CLUM-KC-24", "8003-BFBR-BRW-BLK", "BUNDLE-BREWER-STARTER-KIT"],
    },
    // The home page's campaign slot (decision 066): the consumer stores' brewer offers.
    ...(commercial
      ? []
      : [
          {
            uid: "HomeCampaign",
            typeCode: "CMSParagraphComponent" as const,
            content: fr
              ? `<h2>Une cafetière gratuite avec la livraison automatique</h2><p>Engagez-vous à recevoir votre café en livraison automatique et obtenez une cafetière gratuite ou à moitié prix. <a href="${p}/offers">Voir les offres sur les cafetières</a></p>`
              : `<h2>A free brewer with auto-delivery</h2><p>Commit to auto-delivery of your coffee and get a brewer free or at half price. <a href="${p}/offers">See the brewer offers</a></p>`,
          },
        ]),
    {
      uid: "HomeStory",
      typeCode: "CMSParagraphComponent",
      content: fr
        ? `<h2>Pourquoi ${name}?</h2><p>Nous torréfions en petits lots et expédions en deux jours. <a href="${p}/content/about">Notre histoire</a></p>`
        : `<h2>Why ${name}?</h2><p>We roast in small batches and ship within two days. <a href="${p}/content/about">Our story</a></p>`,
    },
    {
      uid: "Footer",
      typeCode: "Footer",
      columns: [
        {
          title: fr ? "Magasiner" : "Shop",
          links: [
            { name: fr ? "Café" : "Coffee", url: `${p}/c/coffee` },
            { name: fr ? "Cafetières" : "Brewers", url: `${p}/c/brewers` },
            { name: fr ? "Accessoires" : "Accessories", url: `${p}/c/accessories` },
          ],
        },
        {
          title: fr ? "Aide" : "Help",
          links: [
            { name: fr ? "Nous écrire" : "Email us", url: "/content/support/email-us-page" },
            { name: fr ? "Livraison" : "Shipping", url: `${p}/content/shipping` },
          ],
        },
      ],
      newsletter: {
        heading: fr ? "Restez informé" : "Stay in the loop",
        text: fr ? "Offres, nouveautés et recettes, une fois par semaine." : "Offers, new roasts and recipes, once a week.",
      },
      legal: `© 2026 ${name}`,
    },
  ];
}

export function buildContent(): ContentRows {
  const rows: ContentRows = { cms_page: [], cms_component: [], site_config: [], keyword_redirect: [] };
  for (const site of BRAND_IDS) {
    for (const [key, value] of Object.entries(siteConfigEntries(site))) rows.site_config.push({ site, config_key: key, value });
    for (const lang of BRAND_DEFAULTS[site].languages) {
      for (const r of KEYWORD_REDIRECTS.filter((k) => k.lang === lang)) {
        for (const keyword of r.keywords) rows.keyword_redirect.push({ site, lang, keyword, target: `${lang === "fr" ? "/fr" : ""}/c/${r.category}` });
      }
      for (const c of components(site, lang)) {
        const { uid, typeCode, ...data } = c;
        rows.cms_component.push({ site, lang, uid, type_code: typeCode, data: JSON.stringify(data) });
      }
      const fr = lang === "fr";
      rows.cms_page.push({
        site,
        lang,
        label: "homepage",
        template: "LandingPageTemplate",
        title: fr ? `${BRAND_DEFAULTS[site].name} | Café, dosettes et cafetières` : `${BRAND_DEFAULTS[site].name} | Coffee, pods and brewers`,
        description: fr
          ? "Dosettes de café, café en sac, thé, chocolat chaud et cafetières, livrés partout au Canada."
          : site === "usafh"
            ? "Commercial brewers, bulk coffee pods and breakroom supplies with auto-delivery."
            : "Coffee pods, bagged coffee, tea, hot cocoa and brewers, delivered.",
        slots: JSON.stringify([
          { slotId: "Section1", position: "Section1", componentUids: ["HomeHero"] },
          ...(site === "usafh" ? [] : [{ slotId: "CampaignSlot", position: "Campaign", componentUids: ["HomeCampaign"] }]),
          { slotId: "Section2", position: "Section2", componentUids: ["HomeFeatured"] },
          { slotId: "Section3", position: "Section3", componentUids: ["podQuizSection", "HomeStory"] },
        ]),
      });
      for (const page of editorialPages(site, lang)) {
        const uid = `${page.label}-body`;
        rows.cms_component.push({ site, lang, uid, type_code: "CMSParagraphComponent", data: JSON.stringify({ content: page.html }) });
        rows.cms_page.push({
          site,
          lang,
          label: page.label,
          template: "ContentPageTemplate",
          title: `${page.title} | ${BRAND_DEFAULTS[site].name}`,
          description: page.description,
          slots: JSON.stringify([{ slotId: "Body", position: "Body", componentUids: [uid] }]),
        });
      }
    }
  }
  return rows;
}

const SUPPORT_EMAIL: Record<BrandId, string> = { usb2c: "support@brewfront.com", cab2c: "support@brewfront.ca", usafh: "business@brewfront.com" };
const SUPPORT_PHONE: Record<BrandId, string> = { usb2c: "1-800-555-0199", cab2c: "1-800-555-0123", usafh: "1-800-555-0142" };

/** The pages the footer and the error page link to: email us, shipping, our story. */
function editorialPages(site: BrandId, lang: Lang): { label: string; title: string; description: string; html: string }[] {
  const fr = lang === "fr";
  const email = SUPPORT_EMAIL[site];
  const phone = SUPPORT_PHONE[site];
  const freeShip = siteConfigEntries(site)["freeShipping.minimumPrice"]!;
  const dollars = `${Number(freeShip) / 100}`;
  return [
    {
      label: "email-us-page",
      title: fr ? "Écrivez-nous" : "Email us",
      description: fr ? "Écrivez au service à la clientèle; nous répondons en 24 à 48 heures." : "Write to customer care; we reply within 24-48 hours.",
      html: fr
        ? `<h1>Écrivez-nous</h1><p>Écrivez à <a href="mailto:${email}">${email}</a> avec votre numéro de commande, s’il y a lieu. Nous répondons en 24 à 48 heures.</p><p>Vous préférez parler à quelqu’un? Appelez sans frais au <a href="tel:+1${phone.replace(/\D/g, "").slice(1)}">${phone}</a>, 7 jours sur 7, de 7 h à minuit (HNE).</p>`
        : `<h1>Email us</h1><p>Write to <a href="mailto:${email}">${email}</a> with your order number if you have one. We reply within 24-48 hours.</p><p>Rather talk? Call toll-free at <a href="tel:+1${phone.replace(/\D/g, "").slice(1)}">${phone}</a>, 7 days a week, 7:00 a.m. - 12:00 a.m. EST.</p>`,
    },
    {
      label: "shipping",
      title: fr ? "Livraison" : "Shipping",
      description: fr ? "Délais et frais de livraison." : "Delivery times and costs.",
      html: fr
        ? `<h1>Livraison</h1><p>Livraison gratuite dès ${dollars} $ d’achat. Les commandes passées avant 14 h HNE sont expédiées le jour même et arrivent en 2 à 5 jours ouvrables.</p>`
        : `<h1>Shipping</h1><p>Free shipping on orders over $${dollars}. Orders placed by 2 p.m. EST ship the same day and arrive in 2-5 business days.</p>`,
    },
    {
      label: "about",
      title: fr ? "Notre histoire" : "Our story",
      description: fr ? "Qui nous sommes." : "Who we are.",
      html: fr
        ? `<h1>Notre histoire</h1><p>${BRAND_DEFAULTS[site].name} torréfie en petits lots depuis 2012 et choisit chaque café pour sa fraîcheur et son équilibre.</p>`
        : `<h1>Our story</h1><p>${BRAND_DEFAULTS[site].name} has roasted in small batches since 2012, choosing every coffee for freshness and balance.</p>`,
    },
  ];
}
