import type { Lang } from "../../commerce/contract/common";
import { SUPPORT, type BrandConfig } from "../brands/brands";
import { messages } from "../brands/messages";
import { localePath } from "../lib/paths";

type PublicBrand = Pick<BrandConfig, "id" | "name" | "phone" | "shopLinks">;

function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, "").replace(/^1/, "")}`;
}

/** Help area shared by the error page and the footer: toll-free number, hours, email-us link. */
export function HelpArea({ brand, lang }: { brand: PublicBrand; lang: Lang }) {
  const t = messages(lang);
  return (
    <section className="help" aria-labelledby="help-heading">
      <h2 id="help-heading">{t.help}</h2>
      <p>
        {t.callUs}: <a href={telHref(brand.phone)} className="help__phone">{brand.phone}</a>
      </p>
      <p className="help__hours">{lang === "fr" ? SUPPORT.hoursFr : SUPPORT.hours}</p>
      <p>
        <a href={localePath(lang, SUPPORT.emailUsPath)}>{t.emailUs}</a> <span className="help__note">{t.replyTime}</span>
      </p>
    </section>
  );
}

/**
 * Spec §2 error page: 'SORRY, SOMETHING WENT WRONG!'. The commercial brand is the "second variant":
 * its shop links point at bulk coffee, commercial brewers and breakroom supplies.
 */
export function SorryPage({ brand, lang, status }: { brand: PublicBrand; lang: Lang; status: number }) {
  const t = messages(lang);
  return (
    <div className={`error-page error-page--${brand.id === "usafh" ? "commercial" : "consumer"}`} data-status={status}>
      <h1>{t.errorHeadline}</h1>
      <p className="error-page__message">{t.errorMessage}</p>
      <p>
        <a href={localePath(lang, "/")} className="button">{t.errorHome}</a>
      </p>
      <nav aria-label={t.errorShop}>
        <p>{t.errorShop}:</p>
        <ul className="error-page__shop">
          {brand.shopLinks.map((l) => (
            <li key={l.path}>
              <a href={localePath(lang, l.path)}>{l[lang]}</a>
            </li>
          ))}
        </ul>
      </nav>
      <HelpArea brand={brand} lang={lang} />
    </div>
  );
}

/** Spec §2: any uncaught render error shows this generic 500 page. */
export function CoffeeBreakPage({ brand, lang }: { brand: PublicBrand; lang: Lang }) {
  const t = messages(lang);
  return (
    <div className="error-page error-page--coffee-break">
      <h1>{t.coffeeBreakTitle}</h1>
      <p className="error-page__message">{t.coffeeBreakMessage}</p>
      <p>
        <a href={localePath(lang, "/")} className="button">{t.errorHome}</a>
      </p>
      <HelpArea brand={brand} lang={lang} />
    </div>
  );
}
