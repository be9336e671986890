// Stripe-style webhook signatures: `Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, "t.payload")>`.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const STRIPE_SIGNATURE_SCHEME = 'v1';
/** Stripe's default tolerance between the signed timestamp and now. */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** Hex HMAC-SHA256 of `${timestamp}.${payload}`. */
export function stripeSignature(payload: string | Buffer, secret: string, timestamp: number): string {
  return createHmac('sha256', secret).update(`${timestamp}.`, 'utf8').update(payload).digest('hex');
}

/** A header as Stripe sends it (one v1 signature). */
export function stripeSignatureHeader(input: { payload: string | Buffer; secret: string; timestamp: number }): string {
  return `t=${input.timestamp},v1=${stripeSignature(input.payload, input.secret, input.timestamp)}`;
}

/** The timestamp and every v1 signature of a header (other schemes, such as v0, are ignored). */
export function parseStripeSignatureHeader(header: string): { timestamp: number | null; signatures: string[] } {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === STRIPE_SIGNATURE_SCHEME && value) signatures.push(value);
  }
  return { timestamp, signatures };
}

export type StripeVerification =
  | { readonly ok: true; readonly timestamp: number }
  | { readonly ok: false; readonly reason: 'malformedHeader' | 'noSignature' | 'timestampOutsideTolerance' | 'signatureMismatch' };

function equalHex(expected: string, candidate: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(candidate, 'hex');
  // Different lengths cannot match; timingSafeEqual only compares equal lengths.
  return a.length === b.length && candidate.length === expected.length && timingSafeEqual(a, b);
}

/**
 * Verifies a webhook: any v1 signature may match (several during a secret roll), compared in
 * constant time. Unlike Stripe's SDK, a timestamp more than the tolerance in the future is also
 * refused.
 */
export function verifyStripeSignature(input: {
  payload: string | Buffer;
  header: string | undefined;
  secret: string;
  nowSeconds: number;
  toleranceSeconds?: number;
}): StripeVerification {
  if (!input.header) return { ok: false, reason: 'malformedHeader' };
  const { timestamp, signatures } = parseStripeSignatureHeader(input.header);
  if (timestamp === null) return { ok: false, reason: 'malformedHeader' };
  if (signatures.length === 0) return { ok: false, reason: 'noSignature' };
  const tolerance = input.toleranceSeconds ?? STRIPE_TOLERANCE_SECONDS;
  if (Math.abs(input.nowSeconds - timestamp) > tolerance) return { ok: false, reason: 'timestampOutsideTolerance' };
  const expected = stripeSignature(input.payload, input.secret, timestamp);
  // Every candidate is compared, so the time taken does not reveal which one matched.
  const matched = signatures.map((candidate) => equalHex(expected, candidate)).includes(true);
  return matched ? { ok: true, timestamp } : { ok: false, reason: 'signatureMismatch' };
}
