import { useFetcher, useLocation } from "@remix-run/react";
import type { Lang } from "../../commerce/contract/common";
import { messages } from "../brands/messages";
import { useHydrated } from "../lib/use-hydrated";

export type NewsletterOutcome = "subscribed" | "alreadySubscribed" | "failed";

export interface NewsletterActionData {
  outcome?: NewsletterOutcome;
  error?: string;
  email?: string;
}

export function outcomeMessage(lang: Lang, outcome: NewsletterOutcome | undefined): string | undefined {
  const t = messages(lang);
  if (outcome === "subscribed") return t.newsletterSubscribed;
  if (outcome === "alreadySubscribed") return t.newsletterAlready;
  if (outcome === "failed") return t.newsletterFailed;
  return undefined;
}

/**
 * A plain POST form to /newsletter (redirect-after-POST, the outcome comes back in ?newsletter=).
 * Once JavaScript runs it posts through a fetcher and shows the outcome in place.
 */
export function NewsletterForm({ lang, initial, id = "newsletter" }: { lang: Lang; initial?: NewsletterActionData; id?: string }) {
  const t = messages(lang);
  const fetcher = useFetcher<NewsletterActionData>();
  const location = useLocation();
  const hydrated = useHydrated();
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get("newsletter") as NewsletterOutcome | null;
  const state = fetcher.data ?? initial ?? (fromUrl ? { outcome: fromUrl } : undefined);
  const returnTo = `${location.pathname}${location.search.replace(/([?&])newsletter=[^&]*&?/, "$1").replace(/[?&]$/, "")}`;
  const message = outcomeMessage(lang, state?.outcome);

  return (
    <fetcher.Form method="post" action="/newsletter" className="newsletter" noValidate={false}>
      <input type="hidden" name="returnTo" value={returnTo} />
      <input type="hidden" name="lang" value={lang} />
      {hydrated ? <input type="hidden" name="inline" value="1" /> : null}
      <label htmlFor={`${id}-email`}>{t.newsletterEmail}</label>
      <div className="newsletter__row">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={state?.email}
          aria-invalid={state?.error ? true : undefined}
          aria-describedby={`${id}-status`}
        />
        <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
          {t.newsletterSubmit}
        </button>
      </div>
      <p id={`${id}-status`} role="status" className={state?.error ? "form-error" : "form-status"}>
        {state?.error ?? message ?? ""}
      </p>
    </fetcher.Form>
  );
}
