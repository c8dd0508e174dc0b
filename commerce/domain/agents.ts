import { CUSTOMER_SEARCH_LIMIT, type AuditLog, type CustomerSearchResult } from "../contract/auth";
import type { BrandId } from "../contract/common";
import { type CustomerRow, findCustomer, insertAudit, listAudit, searchCustomers } from "../db/customers";
import type { Db } from "../db/index";
import { writeTransaction } from "../db/write-transaction";
import type { Actor } from "./accounts";
import type { AuditWriter } from "./addresses";
import { ShopError } from "./errors";
import { unavailableWhenBusy } from "./service-unavailable";

/** Entries the audit log answers at most (newest first). */
export const AUDIT_LOG_LIMIT = 200;

export const customerNotFound = () =>
  new ShopError("notFound", { type: "UnknownIdentifierError", message: "Customer not found.", subject: "customerId", subjectType: "user" });

/**
 * Customer-service agents acting for customers of their own brand. Everything an agent does for a
 * customer is written to the audit log with the request's correlation id; a change and its entry
 * share one transaction, so neither exists without the other.
 */
export class AssistedService {
  constructor(private readonly db: Db) {}

  /** A customer (never another agent) of the brand, or null: the caller answers 404 either way. */
  async customerOfSite(site: BrandId, customerId: string): Promise<CustomerRow | null> {
    const customer = await findCustomer(this.db, customerId);
    return customer && customer.site === site && customer.role === "customer" ? customer : null;
  }

  async search(site: BrandId, query: string): Promise<CustomerSearchResult> {
    const words = query.split(/\s+/).filter(Boolean).slice(0, 5);
    const rows = await searchCustomers(this.db, site, words, CUSTOMER_SEARCH_LIMIT);
    return { customers: rows.map((c) => ({ customerId: c.id, email: c.email, firstName: c.first_name, lastName: c.last_name, status: c.status })) };
  }

  /** Writes the audit entry for something an agent did that changed nothing (viewing, starting a session). */
  async record(site: BrandId, actor: Actor, action: string, detail = ""): Promise<void> {
    if (!actor.agent) return;
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
