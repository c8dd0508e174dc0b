import { Link } from "react-router";
import type { CmsPage } from "../../commerce/contract/cms";
import type { Lang } from "../../commerce/contract/common";
import { staysInApp, useWebApp } from "../lib/in-app-links";
import type { ProductCardData } from "../lib/page-views";
import { ProductGrid } from "./ProductCard";
import { QuizTeaser } from "./QuizTeaser";

/** Draws a CMS page's slots. Paragraph HTML arrives already sanitised by the loader. */
export function CmsSlots({ page, products, lang }: { page: CmsPage; products: Record<string, ProductCardData>; lang: Lang }) {
  // In the web-app wrapper a banner's link that would leave the store is left out (decision 084).
  const webapp = useWebApp();
  const shown = (url: string) => !webapp || staysInApp(url);
  return (
    <>
      {page.slots.map((slot) => (
        <section key={slot.slotId} className={`cms-slot cms-slot--${slot.position}`}>
          {slot.components.map((c) => {
            switch (c.typeCode) {
              case "HeroBannerComponent":
                return (
                  <div key={c.uid} className="hero">
                    <div className="hero__text">
                      <h1>{c.headline}</h1>
                      <p>{c.text}</p>
                      {shown(c.link.url) ? (
                        <Link to={c.link.url} className="button button--large">
                          {c.link.name}
                        </Link>
                      ) : null}
                    </div>
                    <img src={c.imageUrl} alt={c.altText} width={320} height={320} className="hero__image" />
                  </div>
                );
              case "ProductCarouselComponent": {
                const items = c.productCodes.map((code) => products[code]).filter((p): p is ProductCardData => !!p);
                return (
                  <div key={c.uid} className="carousel">
                    <h2>{c.title}</h2>
                    <ProductGrid products={items} lang={lang} />
                  </div>
                );
              }
              case "podQuizSection":
                return (
                  <div key={c.uid} className="quiz-teaser">
                    <h2>{c.heading}</h2>
                    <p>{c.text}</p>
                    {shown(c.link.url) ? (
                      <Link to={c.link.url} className="button">
                        {c.link.name}
                      </Link>
                    ) : null}
                    <QuizTeaser quiz="brewer" />
                  </div>
                );
              case "CampaignBannerComponent":
                return (
                  <div key={c.uid} className="campaign-banner">
                    <h2>{c.headline}</h2>
                    <p>{c.text}</p>
                    {shown(c.link.url) ? (
                      <Link to={c.link.url} className="button">
                        {c.link.name}
                      </Link>
                    ) : null}
                  </div>
                );
              case "CMSParagraphComponent":
                return <div key={c.uid} className="cms-paragraph" dangerouslySetInnerHTML={{ __html: c.content }} />;
              default:
                return null;
            }
          })}
        </section>
      ))}
    </>
  );
}
