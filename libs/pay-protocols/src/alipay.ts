// Alipay open platform RSA2 (SHA256withRSA): request signing and async-notification verification.
import { sign, verify } from 'node:crypto';
import { sortedParamString, type KeyInput, type SignedParams } from './signingString.js';

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
export const ALIPAY_SIGN_TYPE = 'RSA2';

/** A request signs everything but `sign`; a notification is verified without `sign` and `sign_type`. */
export type AlipaySigningPurpose = 'request' | 'notification';

const EXCLUDED: Readonly<Record<AlipaySigningPurpose, readonly string[]>> = {
  request: ['sign'],
  notification: ['sign', 'sign_type'],
};

/** The string Alipay signs: sorted `key=value` pairs joined by `&`, empty values skipped. */
export function alipaySigningString(params: SignedParams, purpose: AlipaySigningPurpose): string {
  return sortedParamString(params, EXCLUDED[purpose]);
}

/** Base64 SHA256withRSA (PKCS#1 v1.5) of `text` with a PKCS#8 private key. */
export function rsa2Sign(text: string, privateKey: KeyInput): string {
  return sign('sha256', Buffer.from(text, 'utf8'), privateKey).toString('base64');
}

/** True when `signature` (base64) is a SHA256withRSA signature of `text`; false on any malformed input. */
export function rsa2Verify(text: string, signature: string, publicKey: KeyInput): boolean {
  if (!signature) return false;
  try {
    return verify('sha256', Buffer.from(text, 'utf8'), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

/** The `sign` of request parameters (which should already carry `sign_type=RSA2`). */
export function signAlipayRequest(params: SignedParams, privateKey: KeyInput): string {
  return rsa2Sign(alipaySigningString(params, 'request'), privateKey);
}

/** The request parameters with `sign_type=RSA2` and their `sign` added. */
export function signedAlipayRequest(params: SignedParams, privateKey: KeyInput): Record<string, string> {
  const withType = { ...params, sign_type: ALIPAY_SIGN_TYPE };
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(withType)) {
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  }
  out['sign'] = signAlipayRequest(withType, privateKey);
  return out;
}

/** Verifies an async notification (form fields, URL-decoded) with the Alipay public key. */
export function verifyAlipayNotification(params: SignedParams, alipayPublicKey: KeyInput): boolean {
  const signType = params['sign_type'];
  if (signType !== undefined && signType !== null && signType !== ALIPAY_SIGN_TYPE) return false;
  const signature = params['sign'];
  if (typeof signature !== 'string') return false;
  return rsa2Verify(alipaySigningString(params, 'notification'), signature, alipayPublicKey);
}
