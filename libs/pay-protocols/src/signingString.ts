// The "sorted key=value&..." string that Alipay, AlipayHK and UnionPay sign.
import type { KeyObject } from 'node:crypto';

/** A PEM text (PKCS#8 private key, SPKI public key or X.509 certificate) or a KeyObject. */
export type KeyInput = string | KeyObject;

/** Request or notification parameters as received (form fields, query string). */
export type SignedParams = Readonly<Record<string, string | number | boolean | null | undefined>>;

/**
 * Parameters sorted by key (code-unit order, as the providers' SDKs sort), without the `exclude`d
 * keys and without empty values (undefined, null, ''), as `key=value` joined by `&`, values raw
 * (not URL-encoded).
 */
export function sortedParamString(params: SignedParams, exclude: readonly string[]): string {
  return Object.keys(params)
    .filter((key) => !exclude.includes(key))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .flatMap((key) => {
      const value = params[key];
      return value === undefined || value === null || value === '' ? [] : [`${key}=${String(value)}`];
    })
    .join('&');
}
