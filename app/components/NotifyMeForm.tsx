import type { Lang } from "../../commerce/contract/common";
import { EmailForm, type EmailFormState } from "./EmailForm";
import { useMessages } from "./useMessages";

export function NotifyMeForm({ lang, productCode, initial }: { lang: Lang; productCode: string; initial?: EmailFormState }) {
  const t = useMessages();
  return (
    <EmailForm
      action="/notify-me"
      param="notify"
      id="notify"
      className="notify-me"
      label={t.newsletterEmail}
      submit={t.notifySubmit}
      hidden={{ productCode, lang }}
      initial={initial}
      messages={{ pending: t.notifyPending, failed: t.notifyFailed }}
    />
  );
}
