import type { Lang } from "../../commerce/contract/common";
import { EmailForm, type EmailFormState } from "./EmailForm";
import { useMessages } from "./useMessages";

export function NewsletterForm({ lang, initial, id = "newsletter" }: { lang: Lang; initial?: EmailFormState; id?: string }) {
  const t = useMessages();
  return (
    <EmailForm
      action="/newsletter"
      param="newsletter"
      id={id}
      className="newsletter"
      label={t.newsletterEmail}
      submit={t.newsletterSubmit}
      hidden={{ lang }}
      initial={initial}
      messages={{ pending: t.newsletterPending, failed: t.newsletterFailed }}
    />
  );
}
