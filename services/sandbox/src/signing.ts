// The sandbox's request signature, shared by both directions: adapters sign what they send to the
// sandbox, and the sandbox signs the callbacks it sends back. Only node:crypto, so it can be copied.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SIGNATURE_HEADER = 'x-sandbox-signature';
/** A signature is accepted for this long after (and, for clock skew, before) its timestamp. */
export const MAX_AGE_MS = 5 * 60 * 1000;

/**
 * Hex HMAC-SHA256 of `${timestamp}.${payload}`. The payload is the raw request body; for a
 * request without a body (GET) it is the path with its query, e.g. `/kyc/sessions/abc?x=1`.
 */
export function sign(secret: string, timestamp: number | string, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
}

/** The two headers to send with a request whose body (or GET path) is `payload`. */
export function signedHeaders(secret: string, payload: string, now = Date.now()): Record<string, string> {
  return { [TIMESTAMP_HEADER]: String(now), [SIGNATURE_HEADER]: sign(secret, now, payload) };
}

export type VerifyFailure = 'missing' | 'expired' | 'bad-signature';
export type VerifyResult = { ok: true } | { ok: false; reason: VerifyFailure };

type HeaderValue = string | string[] | undefined;

/** Checks the headers of a received request against its raw body (or GET path). */
export function verifySignature(
  secret: string,
  headers: Record<string, HeaderValue>,
  payload: string,
  now = Date.now(),
): VerifyResult {
  const timestamp = headers[TIMESTAMP_HEADER];
  const signature = headers[SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !timestamp || !signature) {
    return { ok: false, reason: 'missing' };
  }
  const sentAt = /^\d{1,16}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isFinite(sentAt) || Math.abs(now - sentAt) > MAX_AGE_MS) return { ok: false, reason: 'expired' };
  const expected = Buffer.from(sign(secret, timestamp, payload), 'hex');
  const given = /^[0-9a-f]+$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  // timingSafeEqual throws on a length mismatch, and the length of a wrong signature is no secret.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad-signature' };
  return { ok: true };
}
