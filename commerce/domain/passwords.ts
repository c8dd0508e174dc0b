import { hash, verify } from "@node-rs/argon2";

/**
 * Passwords are stored as argon2id hashes with OWASP's recommended minimum cost (19 MiB of memory,
 * two passes, one lane): about 20–40 ms per check, slow enough to make stolen hashes expensive to
 * guess and fast enough for sign-in. The parameters travel inside each hash, so raising them later
 * leaves existing hashes verifiable.
 */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  // The library's default algorithm is argon2id.
  return hash(password, ARGON2_OPTIONS);
}

export async function passwordMatches(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash matches nothing.
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Checks the password against a throwaway hash of the same cost and answers false: a sign-in with
 * an unknown address takes as long as one with a wrong password, so timing does not reveal which
 * addresses have accounts.
 */
export async function spendPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword("no account has this password");
  await passwordMatches(await dummy, password);
  return false;
}
