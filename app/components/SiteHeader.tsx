import type { Lang } from "../../commerce/contract/common";
import type { CmsComponentOf } from "../../commerce/contract/cms";
import { useLocation } from "react-router";
import { format } from "../brands/locale";
import { useLinkDelegation } from "../lib/link-delegation";
import { localePath } from "../lib/paths";
import { HeaderAgentLink } from "./HeaderAgentLink";
import { SearchBox } from "./SearchBox";
import { SignOutButton } from "./SignOutButton";
import { useMessages } from "./useMessages";

interface Props {
  brandName: string;
  lang: Lang;
  navigation?: CmsComponentOf<"NavigationBar">;
  alternateLanguageUrl?: string;
  hideCommerceLinks: boolean;
  account: { signedIn: boolean; firstName?: string; agent?: boolean; agentName?: string; actingFor?: string; cartQuantity: number };
}

export function SiteHeader({ brandName, lang, navigation, alternateLanguageUrl, hideCommerceLinks, account }: Props) {
  const t = useMessages();
  // The logo and the navigation move within the store without a full page load, and the
  // navigation's categories prefetch when hovered or focused; one handler for them all costs the
  // server render less than a <Link> each.
  const links = useLinkDelegation({ prefetchOnIntent: true });
  // A new page starts with the menu folded (with JavaScript, moving to a category keeps the header).
  const { pathname, search } = useLocation();
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <a
          href={localePath(lang, "/")}
          className="site-header__logo"
          aria-label={format(t.homeLink, { brand: brandName })}
          data-discover="true"
          onClick={links.containerProps.onClick}
        >
          {brandName}
        </a>
        <SearchBox lang={lang} />
        <div className="site-header__actions">
          {alternateLanguageUrl ? (
            <a href={alternateLanguageUrl} className="site-header__language" hrefLang={lang === "fr" ? "en-CA" : "fr-CA"} lang={lang === "fr" ? "en" : "fr"}>
              {t.switchLanguage}
            </a>
          ) : null}
          {hideCommerceLinks ? null : (
            <>
              {account.signedIn ? (
                <>
                  <a href={localePath(lang, "/account")} className="site-header__account">
                    {account.firstName || t.myAccount}
                  </a>
                  <SignOutButton lang={lang} />
                </>
              ) : account.agent ? (
                <HeaderAgentLink lang={lang} actingFor={account.actingFor} agentName={account.agentName} />
              ) : (
                <a href={localePath(lang, "/login")} className="site-header__account">
                  {t.account}
                </a>
              )}
              <a
                href={localePath(lang, "/cart")}
                className="site-header__cart"
                aria-label={account.cartQuantity > 0 ? format(t.cartCount, { n: account.cartQuantity }) : undefined}
              >
                {t.cart}
                {account.cartQuantity > 0 ? <span className="site-header__count">{account.cartQuantity}</span> : null}
              </a>
            </>
          )}
        </div>
        {navigation ? (
          // Under 992 px the categories fold behind the menu button; wider, the stylesheet shows them as a row.
          <details className="site-menu" key={pathname + search}>
            <summary className="site-menu__button">
              <span className="site-menu__label">{t.menu}</span>
            </summary>
            <nav aria-label={t.mainNav} className="site-nav" {...links.containerProps}>
              <ul>
                {navigation.entries.map((e) => (
                  <li key={e.url}>
                    <a href={e.url} data-discover="true">
                      {e.name}
                    </a>
                    {/* The brewers' category offers the brewer quiz beside it. */}
                    {e.url.endsWith("/c/brewers") ? (
                      <a href={localePath(lang, "/coffeemakerquiz")} className="site-nav__quiz" data-reload-document="">
                        {t.findYourBrewer}
                      </a>
                    ) : null}
                  </li>
                ))}
              </ul>
            </nav>
          </details>
        ) : null}
      </div>
      {links.prefetch}
    </header>
  );
}
