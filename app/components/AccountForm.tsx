import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/** What an account action answers when the form has to be fixed (see app/lib/account-forms.server.ts). */
export interface FormState {
  error?: string;
  fields?: Record<string, string>;
  values?: Record<string, string>;
}

interface FieldProps {
  name: string;
  label: string;
  state: FormState | undefined;
  type?: "text" | "email" | "password" | "tel" | "search";
  autoComplete?: string;
  required?: boolean;
  defaultValue?: string;
  hint?: string;
  /** Id prefix when one page shows the same field in two forms. */
  form?: string;
}

/** A labelled input with its hint and, after a refused post, its error (announced with the field). */
export function Field({ name, label, state, type = "text", autoComplete, required, defaultValue, hint, form = "f" }: FieldProps) {
  const id = `${form}-${name}`;
  const error = state?.fields?.[name];
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const kept = type === "password" ? undefined : (state?.values?.[name] ?? defaultValue);
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
        aria-invalid={error ? true : undefined}
        aria-describedby={described}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The form-level message after a refused post, announced to screen readers. */
export function FormMessage({ state }: { state: FormState | undefined }) {
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

/** A plain POST form (redirect-after-POST); with JavaScript Remix submits it without a reload. */
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
