import type { Lang } from "../../commerce/contract/common";
import type { CmsComponentOf } from "../../commerce/contract/cms";
import type { PublicBrand } from "../brands/brands";
import { HelpArea } from "./ErrorPage";
import { NewsletterForm } from "./NewsletterForm";
import { useMessages } from "./useMessages";

export function SiteFooter({ footer, brand, lang }: { footer?: CmsComponentOf<"Footer">; brand: PublicBrand; lang: Lang }) {
  const t = useMessages();
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        {footer?.columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2>{col.title}</h2>
            <ul>
              {col.links.map((l) => (
                <li key={l.url}>
                  <a href={l.url}>{l.name}</a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section aria-labelledby="newsletter-heading">
          <h2 id="newsletter-heading">{footer?.newsletter.heading ?? t.newsletterHeading}</h2>
          {footer ? <p>{footer.newsletter.text}</p> : null}
          <NewsletterForm lang={lang} />
        </section>
        <HelpArea brand={brand} lang={lang} />
      </div>
      <p className="site-footer__legal">
        {footer?.legal ?? `© ${brand.name}`} {/* The consent banner again, on this page: consent given can be withdrawn as easily (decision 080). */}
        <a href="?cookies=settings" rel="nofollow">
          {t.cookieSettings}
        </a>
      </p>
    </footer>
  );
}
