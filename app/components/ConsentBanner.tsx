import { Form, useLocation } from "react-router";
import { useMessages } from "./useMessages";

/** Asks once which optional cookies the shopper allows: analytical, targeting and functional. */
export function ConsentBanner() {
  const location = useLocation();
  const t = useMessages();
  // Back to the page without the footer's "cookie settings" request, or the banner would ask again.
  const params = new URLSearchParams(location.search);
  params.delete("cookies");
  return (
    <section className="consent" aria-labelledby="consent-heading">
      <h2 id="consent-heading">{t.consentHeading}</h2>
      <p>{t.consentText}</p>
      <Form method="post" action="/consent" className="consent__actions" reloadDocument>
        <input type="hidden" name="returnTo" value={`${location.pathname}${params.size ? `?${params}` : ""}`} />
        <button type="submit" name="choice" value="all" className="button">
          {t.consentAcceptAll}
        </button>
        <button type="submit" name="choice" value="functional" className="button button--secondary">
          {t.consentFunctionalOnly}
        </button>
        <button type="submit" name="choice" value="necessary" className="button button--secondary">
          {t.consentNecessaryOnly}
        </button>
      </Form>
    </section>
  );
}
