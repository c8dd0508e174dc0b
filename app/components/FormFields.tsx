import { Form, useNavigation } from "react-router";
import type { ReactNode } from "react";

/**
 * What an action answers when its form has to be fixed (app/lib/form-validation.server.ts): a
 * message for the form, one for each field to fix, what was typed, and which of the page's forms
 * it is about.
 */
export interface FormProblem {
  intent?: string;
  error?: string;
  fields?: Record<string, string>;
  values?: Record<string, string | string[]>;
}

/** The answer, when it is about the form posted with `intent` (a page with several forms). */
export function problemFor(problem: FormProblem | null | undefined, intent: string): FormProblem | undefined {
  return problem?.intent === intent ? problem : undefined;
}

/** The typed text a refused form sent back for `name`. */
export function keptText(problem: FormProblem | undefined, name: string): string | undefined {
  const value = problem?.values?.[name];
  return typeof value === "string" ? value : undefined;
}

/** A field's error attributes: marked invalid and described by its message (and its hint). */
export function describedBy(id: string, error: string | undefined, hint?: boolean) {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return { "aria-invalid": error ? true : undefined, "aria-describedby": ids || undefined };
}

/** A field's message after a refused post, named by describedBy(); announced when the form is answered in place (`announce`). */
export function FieldError({ id, error, announce }: { id: string; error: string | undefined; announce?: boolean }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field__error" role={announce ? "alert" : undefined}>
      {error}
    </p>
  );
}

interface FieldProps {
  name: string;
  label: string;
  state: FormProblem | undefined;
  type?: "text" | "email" | "password" | "tel" | "search" | "number" | "date";
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string;
  hint?: string;
  /** Id prefix when one page shows the same field in two forms. */
  form?: string;
  inputMode?: "numeric" | "decimal";
  maxLength?: number;
  /** A number field's bounds. */
  min?: number;
  max?: number;
  /** The form posts in place (a fetcher): its error is announced as it appears. */
  announce?: boolean;
}

/** A labelled input with its hint and, after a refused post, its error (announced with the field). */
export function Field({
  name,
  label,
  state,
  type = "text",
  autoComplete,
  required,
  defaultValue,
  hint,
  form = "f",
  inputMode,
  maxLength,
  min,
  max,
  announce,
}: FieldProps) {
  const id = `${form}-${name}`;
  const error = state?.fields?.[name];
  const kept = type === "password" ? undefined : (keptText(state, name) ?? defaultValue);
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required={required}
        defaultValue={kept}
        inputMode={inputMode}
        maxLength={maxLength}
        min={min}
        max={max}
        {...describedBy(id, error, !!hint)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} announce={announce} />
    </div>
  );
}

/** The form-level message after a refused post, announced to screen readers. */
export function FormMessage({ state }: { state: FormProblem | undefined }) {
  if (!state?.error) return null;
  return (
    <p className="form-error" role="alert">
      {state.error}
    </p>
  );
}

/** A note after a successful step (e.g. ?saved=1 after a redirect). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p className="notice" role="status">
      {children}
    </p>
  );
}

/** A field people never see or reach; bots that fill every field fill it too. */
export function Honeypot() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor="website-field">Website</label>
      <input id="website-field" name="website" type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}

/** An account page's plain POST form (redirect-after-POST); with JavaScript React Router submits it without a reload. */
export function AccountForm({ children, action, className, intent }: { children: ReactNode; action?: string; className?: string; intent?: string }) {
  return (
    <Form method="post" action={action} className={`account-form ${className ?? ""}`} noValidate={false}>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {children}
    </Form>
  );
}

export function SubmitButton({ children, secondary }: { children: ReactNode; secondary?: boolean }) {
  const navigation = useNavigation();
  return (
    <button type="submit" className={`button${secondary ? " button--secondary" : ""}`} disabled={navigation.state === "submitting"}>
      {children}
    </button>
  );
}
