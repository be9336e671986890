// AlipayHK: the Alipay RSA2 scheme (sorted params, SHA256withRSA) with its own keys and gateway.
import { signAlipayRequest, signedAlipayRequest, verifyAlipayNotification } from './alipay.js';
import type { KeyInput, SignedParams } from './signingString.js';

/** Alipay's international gateway, where AlipayHK merchants are served. */
export const ALIPAY_HK_GATEWAY = 'https://intlmapi.alipay.com/gateway.do';

/** Keys of an AlipayHK merchant: never the mainland Alipay pair. */
export interface AlipayHkKeys {
  readonly merchantPrivateKey: KeyInput;
  readonly alipayHkPublicKey: KeyInput;
}

export function signAlipayHkRequest(params: SignedParams, keys: AlipayHkKeys): string {
  return signAlipayRequest(params, keys.merchantPrivateKey);
}

export function signedAlipayHkRequest(params: SignedParams, keys: AlipayHkKeys): Record<string, string> {
  return signedAlipayRequest(params, keys.merchantPrivateKey);
}

export function verifyAlipayHkNotification(params: SignedParams, keys: AlipayHkKeys): boolean {
  return verifyAlipayNotification(params, keys.alipayHkPublicKey);
}
