import type { Selectable } from "kysely";
import type { Db } from "./index";
import type {
  AgentAuditTable,
  AssistedSessionTable,
  CustomerAddressTable,
  CustomerTable,
  CustomerTokenTable,
  RefreshFamilyTable,
  RefreshTokenTable,
} from "./schema";
import { lockingRows } from "./write-transaction";

export type CustomerRow = Selectable<CustomerTable>;
export type AddressRow = Selectable<CustomerAddressTable>;
export type RefreshFamilyRow = Selectable<RefreshFamilyTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;
export type CustomerTokenRow = Selectable<CustomerTokenTable>;
export type AuditRow = Selectable<AgentAuditTable>;
export type NewCustomer = CustomerTable;
export type NewAddress = CustomerAddressTable;

// ---- customers ----

export async function findCustomerByEmail(db: Db, site: string, email: string): Promise<CustomerRow | undefined> {
  return db.selectFrom("customer").selectAll().where("site", "=", site).where("email", "=", email).executeTakeFirst();
}

export async function findCustomer(db: Db, id: string): Promise<CustomerRow | undefined> {
  return db.selectFrom("customer").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Inserts the customer unless the site already has the address; false when it had. */
export async function insertCustomer(trx: Db, customer: NewCustomer): Promise<boolean> {
  const result = await trx
    .insertInto("customer")
    .values(customer)
    .onConflict((oc) => oc.columns(["site", "email"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function updateCustomer(
  trx: Db,
  id: string,
  changes: Partial<Pick<CustomerTable, "first_name" | "last_name" | "phone" | "email" | "password_hash" | "status">>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await trx.updateTable("customer").set(changes).where("id", "=", id).execute();
}

/** Customers (never agents) of the site whose name or address contains every word; at most `limit`. */
export async function searchCustomers(db: Db, site: string, words: string[], limit: number): Promise<CustomerRow[]> {
  let query = db.selectFrom("customer").selectAll().where("site", "=", site).where("role", "=", "customer");
  for (const word of words) {
    // LIKE's wildcards are dropped from what the agent typed rather than escaped (SQLite and
    // PostgreSQL escape differently); names and addresses rarely contain them.
    const pattern = `%${word.toLowerCase().replace(/[\\%_]/g, "")}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn("lower", [eb.ref("first_name")]), "like", pattern),
        eb(eb.fn("lower", [eb.ref("last_name")]), "like", pattern),
        eb("email", "like", pattern),
      ]),
    );
  }
  return query.orderBy("last_name").orderBy("first_name").orderBy("id").limit(limit).execute();
}

// ---- single-use links ----

export async function insertCustomerToken(trx: Db, token: CustomerTokenTable): Promise<void> {
  await trx.insertInto("customer_token").values(token).execute();
}

/** The link's row, locked for the transaction on PostgreSQL. */
export async function findCustomerToken(trx: Db, hash: string, purpose: CustomerTokenTable["purpose"]): Promise<CustomerTokenRow | undefined> {
  let query = trx.selectFrom("customer_token").selectAll().where("token_hash", "=", hash).where("purpose", "=", purpose);
  if (lockingRows(trx)) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** Spends the link; false when another request spent it first. */
export async function useCustomerToken(trx: Db, hash: string, at: string): Promise<boolean> {
  const result = await trx.updateTable("customer_token").set({ used_at: at }).where("token_hash", "=", hash).where("used_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}

/** Every unused link of the purpose stops working (a newer one was mailed, or the password changed). */
export async function voidCustomerTokens(trx: Db, customerId: string, purpose: CustomerTokenTable["purpose"], at: string): Promise<void> {
  await trx
    .updateTable("customer_token")
    .set({ used_at: at })
    .where("customer_id", "=", customerId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

// ---- refresh families and tokens ----

export async function insertRefreshFamily(trx: Db, family: RefreshFamilyTable): Promise<void> {
  await trx.insertInto("refresh_family").values(family).execute();
}

export async function insertRefreshToken(trx: Db, token: RefreshTokenTable): Promise<void> {
  await trx.insertInto("refresh_token").values(token).execute();
}

/** The token with this hash and its family, locked for the transaction on PostgreSQL. */
export async function findRefreshToken(trx: Db, hash: string): Promise<{ token: RefreshTokenRow; family: RefreshFamilyRow } | undefined> {
  let tokenQuery = trx.selectFrom("refresh_token").selectAll().where("token_hash", "=", hash);
  if (lockingRows(trx)) tokenQuery = tokenQuery.forUpdate();
  const token = await tokenQuery.executeTakeFirst();
  if (!token) return undefined;
  const family = await trx.selectFrom("refresh_family").selectAll().where("id", "=", token.family_id).executeTakeFirstOrThrow();
  return { token, family };
}

export async function findRefreshTokenById(trx: Db, id: string): Promise<RefreshTokenRow | undefined> {
  return trx.selectFrom("refresh_token").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Marks the token used and names its successor; false when another request rotated it first. */
export async function markRotated(trx: Db, id: string, successorId: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable("refresh_token")
    .set({ rotated_at: at, successor_id: successorId })
    .where("id", "=", id)
    .where("rotated_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0) > 0;
}

export async function revokeFamily(trx: Db, familyId: string, reason: string, at: string): Promise<void> {
  await trx.updateTable("refresh_family").set({ revoked_at: at, revoked_reason: reason }).where("id", "=", familyId).where("revoked_at", "is", null).execute();
}

/** Ends every session of the customer except `keep` (the caller's own); answers how many ended. */
export async function revokeCustomerFamilies(trx: Db, customerId: string, reason: string, at: string, keep?: string): Promise<number> {
  let query = trx
    .updateTable("refresh_family")
    .set({ revoked_at: at, revoked_reason: reason })
    .where("customer_id", "=", customerId)
    .where("revoked_at", "is", null);
  if (keep) query = query.where("id", "!=", keep);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

/** Whether the session an access token belongs to still stands (one primary-key lookup). */
export async function familyIsLive(db: Db, familyId: string): Promise<boolean> {
  const row = await db.selectFrom("refresh_family").select("revoked_at").where("id", "=", familyId).executeTakeFirst();
  return !!row && row.revoked_at === null;
}

// ---- addresses ----

export async function countAddresses(db: Db, customerId: string): Promise<number> {
  const row = await db
    .selectFrom("customer_address")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("customer_id", "=", customerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Default first, then newest. */
export async function listAddresses(db: Db, customerId: string, offset: number, limit: number): Promise<AddressRow[]> {
  return db
    .selectFrom("customer_address")
    .selectAll()
    .where("customer_id", "=", customerId)
    .orderBy("is_default", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id")
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function findAddress(db: Db, customerId: string, id: string): Promise<AddressRow | undefined> {
  return db.selectFrom("customer_address").selectAll().where("customer_id", "=", customerId).where("id", "=", id).executeTakeFirst();
}

export async function insertAddress(trx: Db, address: NewAddress): Promise<void> {
  await trx.insertInto("customer_address").values(address).execute();
}

export async function updateAddress(
  trx: Db,
  customerId: string,
  id: string,
  changes: Partial<Omit<CustomerAddressTable, "id" | "customer_id" | "created_at">>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await trx.updateTable("customer_address").set(changes).where("customer_id", "=", customerId).where("id", "=", id).execute();
}

export async function clearDefaultAddress(trx: Db, customerId: string): Promise<void> {
  await trx.updateTable("customer_address").set({ is_default: 0 }).where("customer_id", "=", customerId).where("is_default", "=", 1).execute();
}

export async function deleteAddress(trx: Db, customerId: string, id: string): Promise<boolean> {
  const result = await trx.deleteFrom("customer_address").where("customer_id", "=", customerId).where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0) > 0;
}

/** The customer's newest address, to become the default when the default is deleted. */
export async function newestAddress(trx: Db, customerId: string): Promise<AddressRow | undefined> {
  return trx
    .selectFrom("customer_address")
    .selectAll()
    .where("customer_id", "=", customerId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
}

// ---- agents' audit log ----

export async function insertAudit(trx: Db, entry: Omit<AgentAuditTable, "id">): Promise<void> {
  await trx.insertInto("agent_audit").values(entry).execute();
}

/** Newest first, each with the agent's name (empty when the agent's account is gone). */
export async function listAudit(db: Db, customerId: string, limit: number): Promise<(AuditRow & { agent_first_name: string; agent_last_name: string })[]> {
  const rows = await db
    .selectFrom("agent_audit")
    .leftJoin("customer as agent", "agent.id", "agent_audit.agent_id")
    .selectAll("agent_audit")
    .select(["agent.first_name as agent_first_name", "agent.last_name as agent_last_name"])
    .where("agent_audit.customer_id", "=", customerId)
    .orderBy("agent_audit.created_at", "desc")
    .orderBy("agent_audit.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, agent_first_name: r.agent_first_name ?? "", agent_last_name: r.agent_last_name ?? "" }));
}

// ---- assisted sessions ----

/** The customer's brand and role, with when the agent's session of this sign-in started (null: none): one read per agent call. */
export async function findCustomerWithSession(
  db: Db,
  customerId: string,
  session: Pick<AssistedSessionTable, "agent_id" | "family_id">,
): Promise<(Pick<CustomerRow, "site" | "role"> & { started_at: string | null }) | undefined> {
  return db
    .selectFrom("customer")
    .leftJoin("assisted_session", (join) =>
      join
        .onRef("assisted_session.customer_id", "=", "customer.id")
        .on("assisted_session.agent_id", "=", session.agent_id)
        .on("assisted_session.family_id", "=", session.family_id),
    )
    .select(["customer.site", "customer.role", "assisted_session.started_at"])
    .where("customer.id", "=", customerId)
    .executeTakeFirst();
}

/** Opens the agent's session for the customer in this sign-in (starting again keeps it open). */
export async function openAssistedSession(trx: Db, session: AssistedSessionTable): Promise<void> {
  await trx
    .insertInto("assisted_session")
    .values(session)
    .onConflict((oc) => oc.columns(["agent_id", "customer_id", "family_id"]).doUpdateSet({ started_at: session.started_at }))
    .execute();
}

/** Ends the agent's sessions for the customer, in every sign-in; false when none was open. */
export async function endAssistedSessions(trx: Db, agentId: string, customerId: string): Promise<boolean> {
  const result = await trx.deleteFrom("assisted_session").where("agent_id", "=", agentId).where("customer_id", "=", customerId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Accounts whose password is still the one given (demo accounts), as hashes to check. */
export async function customersByEmails(db: Db, emails: string[]): Promise<Pick<CustomerRow, "email" | "site" | "password_hash">[]> {
  if (emails.length === 0) return [];
  return db.selectFrom("customer").select(["email", "site", "password_hash"]).where("email", "in", emails).execute();
}
