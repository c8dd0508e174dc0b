import { Form, useLocation } from "@remix-run/react";
import type { Lang } from "../../commerce/contract/common";

/** Asks once which optional cookies the shopper allows (spec §5 categories c1, c2, c9). */
export function ConsentBanner({ lang }: { lang: Lang }) {
  const location = useLocation();
  const fr = lang === "fr";
  return (
    <section className="consent" aria-labelledby="consent-heading">
      <h2 id="consent-heading">{fr ? "Témoins et confidentialité" : "Cookies and privacy"}</h2>
      <p>
        {fr
          ? "Nous utilisons des témoins nécessaires au fonctionnement du magasin. Avec votre accord, nous en utilisons aussi pour retenir vos produits consultés (fonctionnels), mesurer l’audience (analytiques) et personnaliser nos offres (ciblage)."
          : "We use cookies the store needs to work. With your permission we also use them to remember products you viewed (functional), measure visits (analytics) and tailor offers (targeting)."}
      </p>
      <Form method="post" action="/consent" className="consent__actions" reloadDocument>
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <button type="submit" name="choice" value="all" className="button">{fr ? "Tout accepter" : "Accept all"}</button>
        <button type="submit" name="choice" value="functional" className="button button--secondary">{fr ? "Fonctionnels seulement" : "Functional only"}</button>
        <button type="submit" name="choice" value="necessary" className="button button--secondary">{fr ? "Nécessaires seulement" : "Necessary only"}</button>
      </Form>
    </section>
  );
}
