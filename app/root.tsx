import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "react-router";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { ReactNode } from "react";
import { publicBrand } from "./brands/brands";
import { ERROR_PAGE_FALLBACK } from "./brands/error-page-messages";
import { AgentBanner } from "./components/AgentBanner";
import { CheckoutHeader } from "./components/CheckoutHeader";
import { ClientMonitoring } from "./components/ClientMonitoring";
import { ConsentBanner } from "./components/ConsentBanner";
import { DataLayerScript } from "./components/DataLayerScript";
import { CoffeeBreakPage, SorryPage } from "./components/ErrorPage";
import { SiteFooter } from "./components/SiteFooter";
import { SiteHeader } from "./components/SiteHeader";
import { SiteNotices } from "./components/SiteNotices";
import { analyticsBase } from "./lib/analytics.server";
import { clientContext } from "./lib/api-client.server";
import { clientMonitoringFor } from "./lib/client-monitoring.server";
import { staysInApp } from "./lib/in-app-links";
import { useNonce } from "./lib/nonce";
import { shopTexts } from "./lib/page-texts.server";
import { alternateLanguagePath } from "./lib/paths";
import type { PageHandle, Shop } from "./lib/shop";
import { getLayoutContent, type LayoutContent } from "./models/cms.server";
import type { PerksOnPage } from "./lib/perks";
import { perksOnPage } from "./lib/perks.server";
import { headerCustomerDetails, noticeArea } from "./lib/site-notices.server";
import styles from "./styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

type PageLayout = Omit<LayoutContent, "siteConfig">;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  let layout: PageLayout | null = null;
  let perks: PerksOnPage | undefined;
  // A signed-in customer's header state: getCustomerDetails, at most once a page, alongside the layout (decision 075).
  const detailsRead = headerCustomerDetails(context, url.pathname);
  try {
    // The site configuration stays on the server: integration settings the page has no use for.
    const { navigation, banner, notification, footer, siteConfig } = await getLayoutContent(clientContext(context));
    // In the web-app wrapper the menu keeps only the store's own pages (decision 084).
    const menu = navigation && context.webapp ? { ...navigation, entries: navigation.entries.filter((e) => staysInApp(e.url)) } : navigation;
    layout = { navigation: menu, banner, notification, footer };
    perks = perksOnPage(context, siteConfig);
  } catch (err) {
    // A header fetch failure must not take the page down; the page renders without it.
    context.logger.warn({ err, correlationId: context.correlationId }, "layout content unavailable");
  }
  // The banner asks once, and again when the shopper asks for it (the footer's cookie settings, `?cookies=settings`).
  const needsConsent =
    context.privacyCookiesEnabled && (!/(?:^|;\s*)userConsent=/.test(request.headers.get("cookie") ?? "") || url.searchParams.get("cookies") === "settings");
  // The shop's phrases in this page's language only: no script carries the dictionaries (decision 056).
  const shop: Shop = { brand: publicBrand(context.brand), lang: context.lang, t: shopTexts(context.lang, context.brand.id) };
  const shopper = context.shopper;
  const details = await detailsRead;
  // Perks membership as the service says, not as a cookie that needs functional consent.
  if (details && perks) perks = { ...perks, member: perks.enabled && details.perksOptIn };
  // The analytics data layer's shopper facts, only with analytics consent (decision 080).
  const analytics = await analyticsBase(context, request.headers.get("cookie"), !!perks?.member);
  return {
    ...shop,
    // What the header and the agent banner show; tokens stay on the server.
    account: {
      signedIn: !!shopper?.customer,
      firstName: details?.firstName || shopper?.customer?.firstName,
      agent: !!shopper?.agent,
      agentName: shopper?.agent?.firstName,
      actingFor: shopper?.actingFor?.name,
      cartQuantity: shopper?.cart.quantity ?? 0,
    },
    notices: details ? noticeArea(details.notices, context.lang, context.brand.id, context.brand.currency) : undefined,
    needsConsent,
    webapp: context.webapp,
    clientMonitoring: clientMonitoringFor(context),
    layout,
    perks,
    analytics,
    alternateLanguageUrl: context.brand.languages.length > 1 ? alternateLanguagePath(url.pathname, url.search) : undefined,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (error) {
    const t = data?.t ?? ERROR_PAGE_FALLBACK;
    return [{ title: isRouteErrorResponse(error) ? t.errorHeadline : t.coffeeBreakTitle }, { name: "robots", content: "noindex" }];
  }
  return [{ title: data?.brand.name ?? "Brewfront" }];
};

type RootData = ReturnType<typeof useLoaderData<typeof loader>>;

/** The installed web app's offline page (public/sw.js), registered once the page has loaded; pages work the same without it. */
const REGISTER_SERVICE_WORKER = `if("serviceWorker"in navigator)addEventListener("load",()=>navigator.serviceWorker.register("/sw.js").catch(()=>{}))`;

/**
 * The document. Its data is missing only when the root loader itself failed; the page then keeps
 * the stylesheet's own colours and leaves out what belongs to a brand.
 */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const brand = data?.brand;
  const theme = brand ? `:root{--brand-primary:${brand.theme.primary};--brand-accent:${brand.theme.accent};--brand-surface:${brand.theme.surface}}` : undefined;
  return (
    <html lang={data?.lang ?? "en"} data-brand={brand?.id} data-webapp={data?.webapp ? "1" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        <ClientMonitoring settings={data?.clientMonitoring} />
        {theme ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: theme }} /> : null}
        {brand ? (
          <>
            <link rel="manifest" href={data?.lang === "fr" ? "/manifest.webmanifest?lang=fr" : "/manifest.webmanifest"} />
            <meta name="theme-color" content={brand.theme.primary} />
            <link rel="apple-touch-icon" href={`/icons/${brand.id}-192.png`} />
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: REGISTER_SERVICE_WORKER }} />
          </>
        ) : null}
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ data, children, error }: { data: RootData | undefined; children: ReactNode; error?: { status: number; api: boolean } }) {
  const checkoutHeader = useMatches().some((m) => (m.handle as PageHandle | undefined)?.checkoutHeader === true);
  const lang = data?.lang ?? "en";
  const t = data?.t ?? ERROR_PAGE_FALLBACK;
  if (!data) {
    return (
      <>
        <a href="#main" className="skip-link">
          {t.skipToContent}
        </a>
        <main id="main" tabIndex={-1}>
          {children}
        </main>
      </>
    );
  }
  const { brand, layout, webapp } = data;
  return (
    <>
      <a href="#main" className="skip-link">
        {t.skipToContent}
      </a>
      {/* The checkout keeps to the purchase: no promotion banner leading elsewhere. */}
      {!webapp && !checkoutHeader && layout?.banner ? (
        <div className="global-banner">
          {layout.banner.text}
          {layout.banner.link ? (
            <>
              {" "}
              <a href={layout.banner.link.url}>{layout.banner.link.name}</a>
            </>
          ) : null}
        </div>
      ) : null}
      {data.account.agent ? <AgentBanner lang={lang} actingFor={data.account.actingFor} /> : null}
      {checkoutHeader ? (
        <CheckoutHeader brand={brand} lang={lang} />
      ) : (
        <SiteHeader
          brandName={brand.name}
          lang={lang}
          navigation={layout?.navigation}
          alternateLanguageUrl={data.alternateLanguageUrl}
          hideCommerceLinks={webapp}
          account={data.account}
        />
      )}
      {data.notices && !checkoutHeader ? <SiteNotices area={data.notices} placement="header" /> : null}
      {layout?.notification?.messageItems.map((m) => (
        <p key={m.text} className={`global-notification global-notification--${m.severity}`} role="note">
          {m.text}
        </p>
      ))}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {webapp ? null : <SiteFooter footer={layout?.footer} brand={brand} lang={lang} />}
      {data.needsConsent ? <ConsentBanner /> : null}
      <DataLayerScript base={data.analytics} error={error} />
    </>
  );
}

export default function App() {
  const data = useLoaderData<typeof loader>();
  return (
    <Shell data={data}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const brand = data?.brand;
  const lang = data?.lang ?? "en";
  // The error page's analytics event: source API when the page's data could not be had from the service.
  const failure = isRouteErrorResponse(error)
    ? { status: error.status, api: (error.data as { reason?: string } | undefined)?.reason === "apiFailure" }
    : { status: 500, api: false };
  return (
    <Shell data={data} error={failure}>
      {isRouteErrorResponse(error) ? (
        <SorryPage brand={brand} lang={lang} status={error.status} withHelp={data?.webapp} />
      ) : (
        <CoffeeBreakPage brand={brand} lang={lang} withHelp={data?.webapp} />
      )}
    </Shell>
  );
}
