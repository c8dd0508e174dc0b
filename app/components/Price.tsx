import type { Price as PriceData } from "../../commerce/contract/product";
import type { Lang } from "../../commerce/contract/common";
import { useMessages } from "./useMessages";

/** The price a shopper pays, with the list price struck through when it is lower. */
type Shown = Pick<PriceData, "formattedValue" | "priceType">;

export function Price({ price, original, lang }: { price: Shown; original?: Shown; lang: Lang }) {
  const t = useMessages(lang);
  return (
    <span className="price">
      {price.priceType === "FROM" ? <span className="price__from">{`${t.from} `}</span> : null}
      <span className={original ? "price__now price__now--sale" : "price__now"}>{price.formattedValue}</span>
      {original ? (
        <>
          {" "}
          <s className="price__was">
            <span className="visually-hidden">{t.was} </span>
            {original.formattedValue}
          </s>
        </>
      ) : null}
    </span>
  );
}
