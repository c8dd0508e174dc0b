import { randomUUID } from "node:crypto";
import { BRAND_IDS } from "../contract/common";
import { customersByEmails } from "../db/customers";
import { insertLedgerEntry } from "../db/loyalty";
import type { Db } from "../db/index";
import { hashPassword, passwordMatches } from "../domain/passwords";
import { DEMO_MEMBER_POINTS, PERKS_SITES } from "./perks";

/**
 * Demo accounts, the same four on every brand, so a new developer (or a demonstration) can sign in
 * at once: a customer, a perks member (member prices), an employee (employee price group) and a
 * customer-service agent (client_id `agent`, /noboLogin). All share DEMO_PASSWORD. A production
 * store refuses to start while any of them still has it (see demoAccountsWithDemoPassword).
 */
export const DEMO_PASSWORD = "Brewfront-demo-2026";

export interface DemoAccount {
  email: string;
  firstName: string;
  lastName: string;
  role: "customer" | "agent";
  isEmployee: boolean;
  perksMember: boolean;
  priceGroup: string;
  userGroup: string;
  /** What it is for, for the README. */
  note: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: "demo.customer@example.com",
    firstName: "Dana",
    lastName: "Customer",
    role: "customer",
    isEmployee: false,
    perksMember: false,
    priceGroup: "standard",
    userGroup: "",
    note: "a signed-in customer with list prices",
  },
  {
    email: "demo.perks@example.com",
    firstName: "Pat",
    lastName: "Perks",
    role: "customer",
    isEmployee: false,
    perksMember: true,
    priceGroup: "standard",
    userGroup: "perks",
    note: "a perks member: member prices on beverages",
  },
  {
    email: "demo.employee@example.com",
    firstName: "Eli",
    lastName: "Employee",
    role: "customer",
    isEmployee: true,
    perksMember: false,
    priceGroup: "employee",
    userGroup: "",
    note: "an employee (is{Brand}Employee, price group employee)",
  },
  {
    email: "demo.agent@example.com",
    firstName: "Alex",
    lastName: "Agent",
    role: "agent",
    isEmployee: true,
    perksMember: false,
    priceGroup: "",
    userGroup: "",
    note: "a customer-service agent (client_id agent): search customers, act for them",
  },
];

/** Adds the demo accounts that are missing (on every brand); existing ones are left as they are. */
export async function seedDemoAccounts(db: Db): Promise<number> {
  const existing = await customersByEmails(
    db,
    DEMO_ACCOUNTS.map((a) => a.email),
  );
  const have = new Set(existing.map((c) => `${c.site}:${c.email}`));
  const missing = BRAND_IDS.flatMap((site) => DEMO_ACCOUNTS.filter((a) => !have.has(`${site}:${a.email}`)).map((a) => ({ site, a })));
  if (missing.length === 0) return 0;
  // One hash for all: they share the password anyway, and each hash costs tens of milliseconds.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date().toISOString();
  const rows = missing.map(({ site, a }) => ({ site, a, id: randomUUID() }));
  await db
    .insertInto("customer")
    .values(
      rows.map(({ site, a, id }) => ({
        id,
        site,
        email: a.email,
        password_hash: passwordHash,
        first_name: a.firstName,
        last_name: a.lastName,
        phone: "",
        role: a.role,
        is_employee: a.isEmployee ? 1 : 0,
        perks_member: a.perksMember ? 1 : 0,
        price_group: a.priceGroup,
        user_group: a.userGroup,
        status: "active" as const,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(["site", "email"]).doNothing())
    .execute();
  // The demo member has points to spend on the stores with perks.
  const members = rows.filter(({ site, a }) => a.perksMember && PERKS_SITES.includes(site));
  const added = members.length
    ? new Set(
        (
          await db
            .selectFrom("customer")
            .select("id")
            .where(
              "id",
              "in",
              members.map((m) => m.id),
            )
            .execute()
        ).map((c) => c.id),
      )
    : new Set<string>();
  for (const { site, id } of members) {
    // Another process added this account meanwhile (its own id won): its points come with it.
    if (!added.has(id)) continue;
    await insertLedgerEntry(db, {
      site,
      customer_id: id,
      kind: "adjusted",
      points: DEMO_MEMBER_POINTS,
      order_code: null,
      reward_code: null,
      note: "Welcome points",
      created_at: now,
    });
  }
  return missing.length;
}

/** The demo accounts (as `brand:email`) whose password is still DEMO_PASSWORD. */
export async function demoAccountsWithDemoPassword(db: Db): Promise<string[]> {
  const rows = await customersByEmails(
    db,
    DEMO_ACCOUNTS.map((a) => a.email),
  );
  const found: string[] = [];
  // Accounts sharing one hash need one check.
  const verdicts = new Map<string, Promise<boolean>>();
  for (const row of rows) {
    if (!verdicts.has(row.password_hash)) verdicts.set(row.password_hash, passwordMatches(row.password_hash, DEMO_PASSWORD));
    if (await verdicts.get(row.password_hash)) found.push(`${row.site}:${row.email}`);
  }
  return found;
}
