import { createRequire } from 'node:module';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, t=2, p=1: OWASP's first recommendation).
export const hashPassword = (plain: string) => hash(plain);

export async function verifyPassword(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown mail cannot be told by timing. */
export async function verifyAgainstNothing(plain: string): Promise<void> {
  dummyHash ??= hash('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, plain);
}

let common: Set<string> | undefined;
/** The zxcvbn-ts list of about 49,000 most common passwords. */
export function isCommonPassword(plain: string): boolean {
  if (!common) {
    const require = createRequire(import.meta.url);
    const pkg = require('@zxcvbn-ts/language-common') as { dictionary: Record<string, string[]> };
    common = new Set(pkg.dictionary['passwords-common'].map((p) => p.toLowerCase()));
  }
  return common.has(plain.toLowerCase());
}
