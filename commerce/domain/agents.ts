import { CUSTOMER_SEARCH_LIMIT, type AuditLog, type CustomerSearchResult } from "../contract/auth";
import type { BrandId } from "../contract/common";
import {
  type CustomerRow,
  endAssistedSessions,
  findCustomer,
  findCustomerWithSession,
  insertAudit,
  listAudit,
  openAssistedSession,
  searchCustomers,
} from "../db/customers";
import type { Db } from "../db/index";
import { writeTransaction } from "../db/write-transaction";
import type { Actor } from "./accounts";
import type { AuditWriter } from "./addresses";
import { ShopError } from "./errors";
import { unavailableWhenBusy } from "./service-unavailable";

/** Entries the audit log answers at most (newest first). */
export const AUDIT_LOG_LIMIT = 200;

const customerNotFound = () =>
  new ShopError("notFound", { type: "UnknownIdentifierError", message: "Customer not found.", subject: "customerId", subjectType: "user" });

/** An agent's call as the session rules see it: the agent, the sign-in its token belongs to, the request. */
export interface AgentCall {
  agentId: string;
  /** The refresh family (sign-in) of the agent's token: a session counts only for the sign-in that started it. */
  familyId: string;
  correlationId: string;
}

/** Whether an agent may act for a customer now: an open session of this sign-in, none, or no such customer of the brand. */
export type AgentAccess = "acting" | "noSession" | "notFound";

/**
 * Customer-service agents acting for customers of their own brand, only inside an assisted session
 * the agent started for the customer and has not ended (nor signed out of). Everything an agent
 * reads or changes for a customer is written to the audit log with the request's correlation id;
 * where a change and its entry share one transaction, neither exists without the other.
 */
export class AssistedService {
  constructor(private readonly db: Db) {}

  /** A customer (never another agent) of the brand, or null: the caller answers 404 either way. */
  private async customerOfSite(site: BrandId, customerId: string): Promise<CustomerRow | null> {
    const customer = await findCustomer(this.db, customerId);
    return customer && customer.site === site && customer.role === "customer" ? customer : null;
  }

  /** Read on every agent call for a customer, so an ended session stops counting at once. */
  async access(site: BrandId, customerId: string, agent: Pick<AgentCall, "agentId" | "familyId">): Promise<AgentAccess> {
    const row = await findCustomerWithSession(this.db, customerId, { agent_id: agent.agentId, family_id: agent.familyId });
    if (!row || row.site !== site || row.role !== "customer") return "notFound";
    return row.started_at === null ? "noSession" : "acting";
  }

  /** Opens the agent's session for the customer in this sign-in (its other sign-ins' sessions stay) and writes "session started". */
  async startSession(site: BrandId, customerId: string, agent: AgentCall): Promise<void> {
    if (!(await this.customerOfSite(site, customerId))) throw customerNotFound();
    const actor = actorOf(customerId, agent);
    await unavailableWhenBusy(() =>
      writeTransaction(this.db, async (trx) => {
        await openAssistedSession(trx, { agent_id: agent.agentId, customer_id: customerId, family_id: agent.familyId, started_at: new Date().toISOString() });
        await this.auditWriter(site, actor)(trx, "session started", "");
      }),
    );
  }

  /** Ends the agent's session for the customer, in every sign-in of the agent; "session ended" is written when one was open. */
  async endSession(site: BrandId, customerId: string, agent: AgentCall): Promise<void> {
    if (!(await this.customerOfSite(site, customerId))) throw customerNotFound();
    const actor = actorOf(customerId, agent);
    await unavailableWhenBusy(() =>
      writeTransaction(this.db, async (trx) => {
        if (await endAssistedSessions(trx, agent.agentId, customerId)) await this.auditWriter(site, actor)(trx, "session ended", "");
      }),
    );
  }

  async search(site: BrandId, query: string): Promise<CustomerSearchResult> {
    const words = query.split(/\s+/).filter(Boolean).slice(0, 5);
    const rows = await searchCustomers(this.db, site, words, CUSTOMER_SEARCH_LIMIT);
    return { customers: rows.map((c) => ({ customerId: c.id, email: c.email, firstName: c.first_name, lastName: c.last_name, status: c.status })) };
  }

  /** Writes the audit entry (one insert) for what an agent read or did outside a change's own transaction; nothing when no agent acts. */
  async record(site: BrandId, actor: Actor | undefined, action: string, detail = ""): Promise<void> {
    if (!actor?.agent) return;
    await unavailableWhenBusy(() => writeTransaction(this.db, (trx) => this.auditWriter(site, actor)(trx, action, detail)));
  }

  /** Writes entries inside a change's own transaction; does nothing when no agent acts. */
  auditWriter(site: BrandId, actor: Actor): AuditWriter {
    return async (trx, action, detail) => {
      if (!actor.agent) return;
      await insertAudit(trx, {
        site,
        agent_id: actor.agent.agentId,
        customer_id: actor.customerId,
        action,
        detail: detail.slice(0, 500),
        correlation_id: actor.agent.correlationId.slice(0, 100),
        created_at: new Date().toISOString(),
      });
    };
  }

  async auditLog(customerId: string): Promise<AuditLog> {
    const rows = await listAudit(this.db, customerId, AUDIT_LOG_LIMIT);
    return {
      entries: rows.map((r) => ({
        agentId: r.agent_id,
        customerId: r.customer_id,
        action: r.action,
        detail: r.detail,
        correlationId: r.correlation_id,
        createdAt: r.created_at,
      })),
    };
  }
}

function actorOf(customerId: string, agent: AgentCall): Actor {
  return { customerId, agent: { agentId: agent.agentId, correlationId: agent.correlationId } };
}
