// UnionPay online gateway 5.1 (signMethod 01): RSA-SHA256 over the SHA-256 hex digest of the sorted params.
//
// Simplified from the 5.1 spec: the real message also carries `signPubKeyCert` (UnionPay's signing
// certificate), which must be validated against UnionPay's root and intermediate certificates
// before its key is trusted. Here the caller passes the trusted public key or certificate directly.
import { createHash, sign, verify } from 'node:crypto';
import { sortedParamString, type KeyInput, type SignedParams } from './signingString.js';

export const UNIONPAY_VERSION = '5.1.0';
/** signMethod 01: RSA with SHA-256. */
export const UNIONPAY_SIGN_METHOD = '01';

/** Sorted `key=value&...` of every non-empty field but `signature`. */
export function unionPaySigningString(params: SignedParams): string {
  return sortedParamString(params, ['signature']);
}

/** What is actually RSA-signed: the lower-case hex SHA-256 of the signing string, as text. */
export function unionPayDigest(params: SignedParams): string {
  return createHash('sha256').update(unionPaySigningString(params), 'utf8').digest('hex');
}

/** The base64 `signature` field for `params`. */
export function signUnionPay(params: SignedParams, privateKey: KeyInput): string {
  return sign('sha256', Buffer.from(unionPayDigest(params), 'utf8'), privateKey).toString('base64');
}

/** Verifies a UnionPay response or notification (`signature` field) with UnionPay's key or certificate. */
export function verifyUnionPay(params: SignedParams, unionPayKey: KeyInput): boolean {
  const signature = params['signature'];
  if (typeof signature !== 'string' || !signature) return false;
  try {
    return verify('sha256', Buffer.from(unionPayDigest(params), 'utf8'), unionPayKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
