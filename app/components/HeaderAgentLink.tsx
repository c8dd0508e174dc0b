import type { Lang } from "../../commerce/contract/common";
import { format } from "../brands/locale";
import { localePath } from "../lib/paths";
import { useMessages } from "./useMessages";

/**
 * The header's account link while a customer-service agent works: the customer they act for (their
 * account), or the agent themself (the desk). Signing out stays in the agent banner above it.
 */
export function HeaderAgentLink({ lang, actingFor, agentName }: { lang: Lang; actingFor: string | undefined; agentName: string | undefined }) {
  const t = useMessages();
  if (actingFor) return <a href={localePath(lang, "/account")}>{format(t.headerActingFor, { name: actingFor })}</a>;
  return <a href="/agent">{agentName ? format(t.headerAgent, { name: agentName }) : t.agentDesk}</a>;
}
