import type { Lang } from "../../commerce/contract/common";
import type { PublicBrand } from "../brands/brands";
import { useWebApp } from "../lib/in-app-links";
import { EMAIL_US_PATH, localePath } from "../lib/paths";
import { useErrorPageMessages, useMessages } from "./useMessages";

export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, "").replace(/^1/, "")}`;
}

/**
 * The help number, a tel: link; in the web-app wrapper plain words, since every link there stays
 * on the store's origin (decision 084).
 */
export function PhoneNumber({ phone }: { phone: string }) {
  const webapp = useWebApp();
  return webapp ? (
    <span className="help__phone">{phone}</span>
  ) : (
    <a href={telHref(phone)} className="help__phone">
      {phone}
    </a>
  );
}

/** Help area shared by the error page and the footer: toll-free number, hours, email-us link. */
export function HelpArea({ brand, lang }: { brand: PublicBrand; lang: Lang }) {
  const t = useMessages();
  return (
    <section className="help" aria-labelledby="help-heading">
      <h2 id="help-heading">{t.help}</h2>
      <p>
        {t.callUs}
        {t.colon} <PhoneNumber phone={brand.phone} />
      </p>
      <p className="help__hours">{t.supportHours}</p>
      <p>
        <a href={localePath(lang, EMAIL_US_PATH)}>{t.emailUs}</a> <span className="help__note">{t.replyTime}</span>
      </p>
    </section>
  );
}

/**
 * The page for a page that does not exist (or failed): an apology, the way home, shop links and
 * help. The commercial store has its own variant: its shop links point at bulk coffee, commercial
 * brewers and breakroom supplies. Without a brand (only when the root loader itself failed) the
 * shop links and help, which are the brand's own, are left out. The help area appears once: pages
 * with the site footer already show it there, so `withHelp` is set only where there is no footer.
 */
export function SorryPage({ brand, lang, status, withHelp = false }: { brand: PublicBrand | undefined; lang: Lang; status: number; withHelp?: boolean }) {
  const t = useErrorPageMessages();
  return (
    <div className={`error-page error-page--${brand?.id === "usafh" ? "commercial" : "consumer"}`} data-status={status}>
      <h1>{t.errorHeadline}</h1>
      <p className="error-page__message">{t.errorMessage}</p>
      <p>
        <a href={localePath(lang, "/")} className="button">
          {t.errorHome}
        </a>
      </p>
      {brand ? (
        <>
          <nav aria-label={t.errorShop}>
            <p>
              {t.errorShop}
              {t.colon}
            </p>
            <ul className="error-page__shop">
              {brand.shopLinks.map((l) => (
                <li key={l.path}>
                  <a href={localePath(lang, l.path)}>{l[lang]}</a>
                </li>
              ))}
            </ul>
          </nav>
          {withHelp ? <HelpArea brand={brand} lang={lang} /> : null}
        </>
      ) : null}
    </div>
  );
}

/** Any uncaught render error shows this generic 500 page. */
export function CoffeeBreakPage({ brand, lang, withHelp = false }: { brand: PublicBrand | undefined; lang: Lang; withHelp?: boolean }) {
  const t = useErrorPageMessages();
  return (
    <div className="error-page error-page--coffee-break">
      <h1>{t.coffeeBreakTitle}</h1>
      <p className="error-page__message">{t.coffeeBreakMessage}</p>
      <p>
        <a href={localePath(lang, "/")} className="button">
          {t.errorHome}
        </a>
      </p>
      {brand && withHelp ? <HelpArea brand={brand} lang={lang} /> : null}
    </div>
  );
}

/** Why a form was refused, as the /form-refused page names it (app/lib/form-refusal.server.ts). */
export type FormRefusalReason = "unreadable" | "tooLarge" | "unsupported" | "elsewhere" | "consent";

/**
 * A form the store could not take: what happened (nothing was changed), the way back to the page
 * the form came from, and the home page. The site's header and footer come from the layout.
 */
export function FormRefusedPage({ reason, back, lang, brand }: { reason: FormRefusalReason; back: string; lang: Lang; brand: PublicBrand }) {
  const t = useMessages();
  const home = localePath(lang, "/");
  return (
    <div className={`error-page error-page--${brand.id === "usafh" ? "commercial" : "consumer"} error-page--form`} data-reason={reason}>
      <h1>{t.formRefusedTitle}</h1>
      <p className="error-page__message">{t[`formRefused_${reason}`]}</p>
      <p>
        <a href={back} className="button">
          {t.formRefusedBack}
        </a>
      </p>
      {back === home ? null : (
        <p>
          <a href={home}>{t.errorHome}</a>
        </p>
      )}
    </div>
  );
}
