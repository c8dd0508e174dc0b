import type { Lang } from "../../commerce/contract/common";
import type { ProductCardData } from "../lib/page-views";
import { AddToCartForm } from "./AddToCartForm";
import { ProductCard } from "./ProductCard";
import { useMessages } from "./useMessages";

/** One recommended product: its card, the facts that made it fit, and what the add-to-cart adds. */
export interface QuizPick {
  card: ProductCardData;
  facts: { label: string; value: string }[];
  addCode: string;
  /** The brand's default brewer among the brewer quiz's results. */
  ourPick?: boolean;
}

/** A quiz's results: each product with its profile and its own add-to-cart. */
export function QuizProductList({ picks, lang, ourPickLabel }: { picks: QuizPick[]; lang: Lang; ourPickLabel?: string }) {
  const t = useMessages();
  return (
    <ul className="product-grid quiz-results">
      {picks.map((pick) => (
        <li key={pick.card.code} className="quiz-results__item" data-product-code={pick.card.code}>
          {pick.ourPick && ourPickLabel ? <p className="quiz-results__pick">{ourPickLabel}</p> : null}
          {/* The card without its own add form: the one below adds the variant that fits the answers. */}
          <ProductCard product={{ ...pick.card, addCode: undefined }} lang={lang} t={t} />
          {pick.facts.length > 0 ? (
            <dl className="quiz-results__facts">
              {pick.facts.map((f) => (
                <div key={f.label}>
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <AddToCartForm productCode={pick.addCode} lang={lang} withQuantity={false} compact />
        </li>
      ))}
    </ul>
  );
}
