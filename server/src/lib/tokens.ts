import { createHash, randomBytes } from 'node:crypto';

/** A fresh 256-bit API key, base64url. */
export const newApiKey = (): string => randomBytes(32).toString('base64url');

/** What starts an account's API key (routes/keys.ts), so it is looked up among those and not among sessions. */
export const ACCOUNT_API_KEY_PREFIX = 'vpk_';

/** A fresh account API key: the prefix and 256 random bits. */
export const newAccountApiKey = (): string => ACCOUNT_API_KEY_PREFIX + newApiKey();

export const isAccountApiKey = (key: string): boolean => key.startsWith(ACCOUNT_API_KEY_PREFIX);

/**
 * A fresh worker token (`worker-token create`): a prefix and 256 random bits. It is typed after
 * `--token` on a command line, where a bare base64url value starting with "-" (one in 64) was taken
 * for an option, and the worker exited at once; the prefix also tells it apart in a secret scan.
 */
export const newWorkerToken = (): string => `vpw_${newApiKey()}`;

/** What the database stores instead of the key. */
export const hashApiKey = (key: string): Buffer => createHash('sha256').update(key, 'utf8').digest();

/** Random alphanumeric string (stored names, random passwords). */
export function randomToken(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += alphabet[b % 62]; // 248 = 4 * 62: no modulo bias
  }
  return out.length === length ? out : randomToken(length);
}
