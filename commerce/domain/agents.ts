import { z } from "zod";
import {
  type AgentProfile,
  type AuditAction,
  type AuditLog,
  AuditProductSchema,
  CUSTOMER_SEARCH_LIMIT,
  type CustomerSearchResult,
  type CustomerSummary,
} from "../contract/auth";
import type { BrandId, Lang } from "../contract/common";
import { productNames } from "../db/catalog";
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

/** A product an entry concerns, as written: named only when the log is read, in the reader's language. */
export interface AuditedProduct {
  code: string;
  qty?: number;
}

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

  /** The calling agent's own name (the caller checked the token is an agent's of this brand). */
  async agentProfile(agentId: string): Promise<AgentProfile> {
    const agent = await findCustomer(this.db, agentId);
    if (!agent || agent.role !== "agent") throw customerNotFound();
    return { agentId: agent.id, email: agent.email, firstName: agent.first_name, lastName: agent.last_name };
  }

  async search(site: BrandId, query: string): Promise<CustomerSearchResult> {
    const words = query.split(/\s+/).filter(Boolean).slice(0, 5);
    const rows = await searchCustomers(this.db, site, words, CUSTOMER_SEARCH_LIMIT);
    return { customers: rows.map(summaryOf) };
  }

  /** Writes the audit entry (one insert) for what an agent read or did outside a change's own transaction; nothing when no agent acts. */
  async record(site: BrandId, actor: Actor | undefined, action: AuditAction, detail = "", products: readonly AuditedProduct[] = []): Promise<void> {
    if (!actor?.agent) return;
    await unavailableWhenBusy(() => writeTransaction(this.db, (trx) => this.write(trx, site, actor, action, detail, products)));
  }

  /** Writes entries inside a change's own transaction; does nothing when no agent acts. */
  auditWriter(site: BrandId, actor: Actor): AuditWriter {
    return (trx, action, detail) => this.write(trx, site, actor, action, detail, []);
  }

  private async write(trx: Db, site: BrandId, actor: Actor, action: AuditAction, detail: string, products: readonly AuditedProduct[]): Promise<void> {
    if (!actor.agent) return;
    await insertAudit(trx, {
      site,
      agent_id: actor.agent.agentId,
      customer_id: actor.customerId,
      action,
      detail: detail.slice(0, 500),
      products: products.length > 0 ? JSON.stringify(products.map(({ code, qty }) => ({ code, qty }))) : "",
      correlation_id: actor.agent.correlationId.slice(0, 100),
      created_at: new Date().toISOString(),
    });
  }

  /**
   * The agents' desk reads a customer's log without acting for them: agents of the brand only (the
   * caller checks the role), no session is opened, and the read is itself written to the log
   * ("viewed the log") before the answer is sent.
   */
  async deskLog(site: BrandId, lang: Lang, customerId: string, agent: AgentCall): Promise<AuditLog> {
    const customer = await this.customerOfSite(site, customerId);
    if (!customer) throw customerNotFound();
    const log = await this.logOf(customer, lang);
    await this.record(site, actorOf(customerId, agent), "viewed the log");
    return log;
  }

  /** The log of a customer the agent acts for (users/{customerId}/auditlog: the session is already checked). */
  async auditLog(site: BrandId, lang: Lang, customerId: string): Promise<AuditLog> {
    const customer = await this.customerOfSite(site, customerId);
    if (!customer) throw customerNotFound();
    return this.logOf(customer, lang);
  }

  /** Newest first, with agents' names and products' names in the reader's language: two queries however long the log. */
  private async logOf(customer: CustomerRow, lang: Lang): Promise<AuditLog> {
    const rows = await listAudit(this.db, customer.id, AUDIT_LOG_LIMIT);
    const written = rows.map((r) => storedProducts(r.products));
    const names = await productNames(this.db, [...new Set(written.flat().map((p) => p.code))], lang);
    return {
      customer: summaryOf(customer),
      entries: rows.map((r, i) => ({
        agent: { id: r.agent_id, name: `${r.agent_first_name} ${r.agent_last_name}`.trim() },
        customerId: r.customer_id,
        action: r.action,
        detail: r.detail,
        products: written[i]!.map((p) => ({ ...p, name: names.get(p.code) ?? p.code })),
        correlationId: r.correlation_id,
        createdAt: r.created_at,
      })),
    };
  }
}

function summaryOf(c: CustomerRow): CustomerSummary {
  return { customerId: c.id, email: c.email, firstName: c.first_name, lastName: c.last_name, status: c.status };
}

const StoredProductsSchema = z.array(AuditProductSchema.omit({ name: true }));

/** The products column as written by `write` above; anything else (older rows: "") concerns no product. */
function storedProducts(column: string): AuditedProduct[] {
  if (!column) return [];
  try {
    const parsed = StoredProductsSchema.safeParse(JSON.parse(column));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

function actorOf(customerId: string, agent: AgentCall): Actor {
  return { customerId, agent: { agentId: agent.agentId, correlationId: agent.correlationId } };
}
