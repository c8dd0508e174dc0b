import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "../lib/use-hydrated";
import type { FormProblem } from "./FormFields";

/** What an email form's post answers: its outcome, or (as every refused form) what to fix and what was typed. */
export interface EmailFormState extends FormProblem {
  outcome?: string;
}

interface Props {
  /** The route that handles the post (and answers ?{param}=outcome after a redirect). */
  action: string;
  /** Query parameter that carries the outcome back after a redirect. */
  param: string;
  id: string;
  label: string;
  submit: string;
  hidden?: Record<string, string>;
  messages: Record<string, string>;
  initial?: EmailFormState;
  className?: string;
}

/**
 * An email form that works as a plain POST with redirect-after-POST (the outcome returns in the
 * URL); once JavaScript runs it posts through a fetcher and shows the outcome in place.
 */
export function EmailForm({ action, param, id, label, submit, hidden = {}, messages, initial, className }: Props) {
  const fetcher = useFetcher<EmailFormState>();
  const location = useLocation();
  const hydrated = useHydrated();
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get(param);
  params.delete(param);
  const state = fetcher.data ?? initial ?? (fromUrl ? { outcome: fromUrl } : undefined);
  const returnTo = `${location.pathname}${params.size ? `?${params}` : ""}`;
  const error = state?.fields?.email ?? state?.error;
  // The outcome may come from the address bar: only the form's own outcomes have words.
  const message = error ?? (state?.outcome && Object.hasOwn(messages, state.outcome) ? messages[state.outcome] : undefined);
  return (
    <fetcher.Form method="post" action={action} className={`email-form ${className ?? ""}`}>
      <input type="hidden" name="returnTo" value={returnTo} />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {hydrated ? <input type="hidden" name="inline" value="1" /> : null}
      <label htmlFor={`${id}-email`}>{label}</label>
      <div className="email-form__row">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={typeof state?.values?.email === "string" ? state.values.email : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-status`}
        />
        <button type="submit" className="button" disabled={fetcher.state !== "idle"}>
          {submit}
        </button>
      </div>
      <p id={`${id}-status`} role="status" className={error || state?.outcome === "failed" ? "form-error" : "form-status"}>
        {message ?? ""}
      </p>
    </fetcher.Form>
  );
}

/** A confirmation link's page: a button to confirm (a plain form), or what came of it. */
export function ConfirmEmailPage({
  title,
  intro,
  button,
  state,
  messages,
}: {
  title: string;
  intro: string;
  button: string;
  state: { state: string; token?: string };
  messages: Record<"confirmed" | "invalid" | "expired" | "failed", string>;
}) {
  const done = state.state === "ask" ? undefined : messages[state.state as keyof typeof messages];
  return (
    <div className="narrow-page">
      <h1>{title}</h1>
      {state.state === "ask" ? (
        <form method="post">
          <p>{intro}</p>
          <input type="hidden" name="token" value={state.token} />
          <button type="submit" className="button">
            {button}
          </button>
        </form>
      ) : (
        <p role="status" className={state.state === "confirmed" ? "form-status" : "form-error"}>
          {done}
        </p>
      )}
    </div>
  );
}
