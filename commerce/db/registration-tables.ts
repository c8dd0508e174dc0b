import type { Generated } from "kysely";

/** A serial the factory made (decision 070). */
export interface BrewerSerialTable {
  serial: string;
  family_code: string;
  made_on: string;
}

/** One owner's registration of one brewer. */
export interface BrewerRegistrationTable {
  id: Generated<number>;
  serial: string;
  site: string;
  customer_id: string;
  family_code: string;
  purchased_from: string | null;
  purchased_on: string | null;
  /** JSON of the questionnaire's answers. */
  answers: Generated<string>;
  registered_at: string;
  updated_at: string;
}

export interface RegistrationTables {
  brewer_serial: BrewerSerialTable;
  brewer_registration: BrewerRegistrationTable;
}
