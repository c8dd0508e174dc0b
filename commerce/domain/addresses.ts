import { randomUUID } from "node:crypto";
import {
  type Address,
  type AddressInput,
  type AddressList,
  type AddressListQuery,
  type AddressPatch,
  addressProblem,
  normalPostalCode,
} from "../contract/address";
import {
  type AddressRow,
  clearDefaultAddress,
  countAddresses,
  deleteAddress,
  findAddress,
  insertAddress,
  listAddresses,
  newestAddress,
  updateAddress,
} from "../db/customers";
import type { AuditAction } from "../contract/auth";
import type { Db } from "../db/index";
import { writeTransaction } from "../db/write-transaction";
import { invalid, ShopError } from "./errors";
import { pagination } from "./pagination";
import { unavailableWhenBusy } from "./service-unavailable";

/** Enough for home, work, family and gifts; a bound keeps one account from filling the table. */
export const MAX_ADDRESSES = 50;

/** Writes an audit entry inside the change's transaction when an agent acts (a no-op otherwise). */
export type AuditWriter = (trx: Db, action: AuditAction, detail: string) => Promise<void>;

const addressNotFound = (id: string) =>
  new ShopError("notFound", { type: "UnknownIdentifierError", message: `Address '${id}' not found.`, subject: "addressId", subjectType: "address" });

export function addressOf(row: AddressRow): Address {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    line1: row.line1,
    ...(row.line2 ? { line2: row.line2 } : {}),
    town: row.town,
    region: row.region,
    postalCode: row.postal_code,
    country: row.country === "CA" ? "CA" : "US",
    ...(row.phone ? { phone: row.phone } : {}),
    isDefault: !!row.is_default,
  };
}

/** The customer's saved addresses; the default comes first. */
export class AddressBook {
  constructor(private readonly db: Db) {}

  async list(customerId: string, query: AddressListQuery): Promise<AddressList> {
    const total = await countAddresses(this.db, customerId);
    const rows = await listAddresses(this.db, customerId, query.currentPage * query.pageSize, query.pageSize);
    return {
      addresses: rows.map(addressOf),
      pagination: pagination(query.currentPage, query.pageSize, total),
    };
  }

  /** Stores a new address; the first one, or one marked default, becomes the default. */
  async add(customerId: string, input: AddressInput, audit: AuditWriter): Promise<Address> {
    const id = randomUUID();
    return unavailableWhenBusy(() =>
      writeTransaction(this.db, async (trx) => {
        const count = await countAddresses(trx, customerId);
        if (count >= MAX_ADDRESSES) throw invalid("addresses", `An account keeps at most ${MAX_ADDRESSES} addresses. Delete one first.`);
        const isDefault = count === 0 || input.isDefault === true;
        if (isDefault) await clearDefaultAddress(trx, customerId);
        await insertAddress(trx, {
          id,
          customer_id: customerId,
          first_name: input.firstName,
          last_name: input.lastName,
          line1: input.line1,
          line2: input.line2 || null,
          town: input.town,
          region: input.region.toUpperCase(),
          postal_code: normalPostalCode(input.country, input.postalCode),
          country: input.country,
          phone: input.phone || null,
          is_default: isDefault ? 1 : 0,
          created_at: new Date().toISOString(),
        });
        await audit(trx, "added address", `${input.town}, ${input.region.toUpperCase()} ${input.country}`);
        return addressOf((await findAddress(trx, customerId, id))!);
      }),
    );
  }

  /**
   * Changes some fields. The address as it would be is checked again (a new postal code must
   * agree with the stored province). Default can be set here, not cleared: choose another one.
   */
  async change(customerId: string, id: string, patch: AddressPatch, audit: AuditWriter): Promise<Address> {
    return unavailableWhenBusy(() =>
      writeTransaction(this.db, async (trx) => {
        const row = await findAddress(trx, customerId, id);
        if (!row) throw addressNotFound(id);
        const merged = { ...addressOf(row), ...patch };
        const problem = addressProblem(merged.country, merged.region, merged.postalCode);
        if (problem) throw invalid(problem.field, problem.message);
        if (patch.isDefault === false && row.is_default) throw invalid("isDefault", "Choose another address as the default instead.");
        if (patch.isDefault === true) await clearDefaultAddress(trx, customerId);
        await updateAddress(trx, customerId, id, {
          first_name: merged.firstName,
          last_name: merged.lastName,
          line1: merged.line1,
          line2: merged.line2 || null,
          town: merged.town,
          region: merged.region.toUpperCase(),
          postal_code: normalPostalCode(merged.country, merged.postalCode),
          country: merged.country,
          phone: merged.phone || null,
          is_default: patch.isDefault === true || row.is_default ? 1 : 0,
        });
        await audit(trx, patch.isDefault ? "set default address" : "updated address", id);
        return addressOf((await findAddress(trx, customerId, id))!);
      }),
    );
  }

  /** Deletes the address; when it was the default, the newest remaining one becomes the default. */
  async remove(customerId: string, id: string, audit: AuditWriter): Promise<void> {
    await unavailableWhenBusy(() =>
      writeTransaction(this.db, async (trx) => {
        const row = await findAddress(trx, customerId, id);
        if (!row || !(await deleteAddress(trx, customerId, id))) throw addressNotFound(id);
        if (row.is_default) {
          const next = await newestAddress(trx, customerId);
          if (next) await updateAddress(trx, customerId, next.id, { is_default: 1 });
        }
        await audit(trx, "deleted address", id);
      }),
    );
  }
}
