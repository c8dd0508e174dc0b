import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { TokenResponseSchema } from "../../commerce/contract/auth";
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

/** Signs an account in through the token endpoint's password grant and answers its access token. */
export async function passwordToken(
  apiBaseUrl: string,
  account: { email: string; password: string; clientId?: "storefront" | "agent"; site?: string },
): Promise<string> {
  const res = await fetch(`${apiBaseUrl}/authorizationserver/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      username: account.email,
      password: account.password,
      client_id: account.clientId ?? "storefront",
      site: account.site ?? "usb2c",
    }).toString(),
  });
  expect(res.status).toBe(200);
  return TokenResponseSchema.parse(await res.json()).access_token;
}

/** A guest checkout's token: the client-credentials grant of the store's guest client. */
export async function guestToken(apiBaseUrl: string, client: { id: string; secret: string }, site = "usb2c"): Promise<string> {
  const res = await fetch(`${apiBaseUrl}/authorizationserver/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "client_credentials", client_id: client.id, client_secret: client.secret, site }).toString(),
  });
  expect(res.status).toBe(200);
  return TokenResponseSchema.parse(await res.json()).access_token;
}
