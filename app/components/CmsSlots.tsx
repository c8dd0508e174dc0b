import { Link } from "react-router";
import type { CmsPage } from "../../commerce/contract/cms";
import type { Lang } from "../../commerce/contract/common";
import type { ProductCardData } from "../lib/page-views";
import { ProductGrid } from "./ProductCard";
import { QuizTeaser } from "./QuizTeaser";

/** Draws a CMS page's slots. Paragraph HTML arrives already sanitised by the loader. */
export function CmsSlots({ page, products, lang }: { page: CmsPage; products: Record<string, ProductCardData>; lang: Lang }) {
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
                      <Link to={c.link.url} className="button button--large">
                        {c.link.name}
                      </Link>
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
                    <Link to={c.link.url} className="button">
                      {c.link.name}
                    </Link>
                    <QuizTeaser quiz="brewer" />
                  </div>
                );
              case "CampaignBannerComponent":
                return (
                  <div key={c.uid} className="campaign-banner">
                    <h2>{c.headline}</h2>
                    <p>{c.text}</p>
                    <Link to={c.link.url} className="button">
                      {c.link.name}
                    </Link>
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
