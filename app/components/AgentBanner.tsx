import type { Lang } from "../../commerce/contract/common";
import { format } from "../brands/locale";
import { localePath } from "../lib/paths";
import { SignOutButton } from "./SignOutButton";
import { useMessages } from "./useMessages";

/** On every page while a customer-service agent works: whom they serve, and a way to stop. */
export function AgentBanner({ lang, actingFor }: { lang: Lang; actingFor: string | undefined }) {
  const t = useMessages();
  return (
    <div className="agent-banner" role="region" aria-label={t.agentDesk}>
      {actingFor ? <span>{format(t.agentBanner, { name: actingFor })}</span> : null}
      <a href="/agent">{t.agentDesk}</a>
      {actingFor ? (
        <form method="post" action="/agent" className="inline-form">
          <input type="hidden" name="intent" value="end" />
          <button type="submit" className="button button--secondary">
            {t.endSession}
          </button>
        </form>
      ) : null}
      <SignOutButton lang={lang} />
      {actingFor ? <a href={localePath(lang, "/account")}>{t.myAccount}</a> : null}
    </div>
  );
}
