// Login-password rules (seed 000 §5) and scrypt hashing for login and payment passwords.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

export type PasswordRule = 'new' | 'legacy';
export type PasswordProblem = 'tooShort' | 'tooLong' | 'onlyDigits' | 'containsMobile' | 'mismatch' | 'required';

export const PASSWORD_LIMITS = { newMin: 8, legacyMin: 12, max: 50 } as const;

/**
 * Newer form: 8 to 50 characters. Older form: at least 12, not only digits, not containing the
 * mobile number, at most 50. When a confirmation is given it must be equal.
 */
export function checkNewPassword(
  password: string,
  options: { rule: PasswordRule; confirm?: string | undefined; mobile?: string | null | undefined },
): PasswordProblem | null {
  if (!password) return 'required';
  const min = options.rule === 'legacy' ? PASSWORD_LIMITS.legacyMin : PASSWORD_LIMITS.newMin;
  if (password.length < min) return 'tooShort';
  if (password.length > PASSWORD_LIMITS.max) return 'tooLong';
  if (options.rule === 'legacy') {
    if (/^\d+$/.test(password)) return 'onlyDigits';
    if (options.mobile && password.includes(options.mobile)) return 'containsMobile';
  }
  if (options.confirm !== undefined && options.confirm !== password) return 'mismatch';
  return null;
}

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 64;

function derive(password: string, salt: Buffer, n = N, r = R, p = P, keylen = KEYLEN): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, keylen, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash` (base64), so parameters can change later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p), expected.length);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
