import type { Price as PriceData } from "../../commerce/contract/product";
import type { Messages } from "../brands/messages";

/** The price a shopper pays, with the list price struck through when it is lower. */
type Shown = Pick<PriceData, "formattedValue" | "priceType">;

export function Price({ price, original, t }: { price: Shown; original?: Shown; t: Pick<Messages, "from" | "was"> }) {
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
