import type { Lang } from "../../commerce/contract/common";
import { messages } from "../brands/messages";
import { EmailForm, type EmailFormData } from "./EmailForm";

export function NewsletterForm({ lang, initial, id = "newsletter" }: { lang: Lang; initial?: EmailFormData; id?: string }) {
  const t = messages(lang);
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
      messages={{ subscribed: t.newsletterSubscribed, alreadySubscribed: t.newsletterAlready, failed: t.newsletterFailed }}
    />
  );
}
