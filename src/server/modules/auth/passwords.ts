import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's minimum). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password. With no stored hash (unknown email) it still runs one verification, so the
 * answer takes as long as for a known email and does not reveal which emails have accounts.
 */
export async function verifyPassword(
  stored: string | undefined,
  password: string,
): Promise<boolean> {
  if (!stored) {
    dummyHash ??= hash('cadence-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
