import type { LoaderFunctionArgs, MetaFunction } from "react-router";
import { Link, useLoaderData } from "react-router";
import { format } from "../brands/locale";
import { offersList, requireLangSegment } from "../lib/campaign-page.server";

/** /offers (and /fr/offers): the store's brewer offers running now, each linking to its page (decision 066). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  requireLangSegment(params, context);
  return offersList(context);
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.texts.offersTitle }, { name: "description", content: data.texts.offersIntro }] : [];

export default function OffersPage() {
  const { offers, texts: t } = useLoaderData<typeof loader>();
  return (
    <div className="offers-page">
      <h1>{t.offersTitle}</h1>
      <p>{t.offersIntro}</p>
      {offers.length === 0 ? (
        <p>{t.noOffers}</p>
      ) : (
        <ul className="offer-cards">
          {offers.map((o) => (
            <li key={o.href} className="offer-card">
              <h2>{o.name}</h2>
              <p>{format(t.commitsTo, { commitment: o.commitmentText })}</p>
              {o.lowestPrice ? <p>{format(t.brewersFrom, { price: o.lowestPrice })}</p> : null}
              <Link to={o.href} className="button" aria-label={format(t.seeOfferOf, { name: o.name })}>
                {t.seeOffer}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
