import { randomUUID } from "node:crypto";
import { hashPassword } from "../../commerce/domain/passwords";
import type { Db } from "../../commerce/service";

/** A customer (or agent) account of the test's own, written straight to the database: its data holds only what the test does. */
export async function insertAccount(
  db: Db,
  account: { email: string; password: string; site?: string; role?: "customer" | "agent"; perksMember?: boolean; lastName?: string },
): Promise<string> {
  const id = randomUUID();
  const role = account.role ?? "customer";
  await db
    .insertInto("customer")
    .values({
      id,
      site: account.site ?? "usb2c",
      email: account.email,
      password_hash: await hashPassword(account.password),
      first_name: "Ada",
      last_name: account.lastName ?? "Lovelace",
      phone: "",
      role,
      is_employee: role === "agent" ? 1 : 0,
      perks_member: account.perksMember ? 1 : 0,
      price_group: "standard",
      user_group: "",
      status: "active",
      created_at: new Date().toISOString(),
    })
    .execute();
  return id;
}
