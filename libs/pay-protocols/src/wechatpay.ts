// WeChat Pay API v3: request signatures (Authorization header), notification verification and
// AEAD_AES_256_GCM decryption of the notification `resource`.
import { createCipheriv, createDecipheriv, sign, verify } from 'node:crypto';
import type { KeyInput } from './signingString.js';

export const WECHATPAY_AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
export const WECHATPAY_RESOURCE_ALGORITHM = 'AEAD_AES_256_GCM';
/** WeChat Pay asks merchants to refuse notifications whose timestamp is more than 5 minutes off. */
export const WECHATPAY_TOLERANCE_SECONDS = 300;
const GCM_TAG_BYTES = 16;

export interface WechatRequestParts {
  /** Upper-case HTTP method: GET, POST ... */
  readonly method: string;
  /** Path and query of the URL, without the host: `/v3/pay/transactions/native`. */
  readonly urlPath: string;
  /** Unix seconds. */
  readonly timestamp: number;
  readonly nonce: string;
  /** The exact request body; '' for GET. */
  readonly body: string;
}

/** `${method}\n${urlPath}\n${timestamp}\n${nonce}\n${body}\n`. */
export function wechatRequestMessage(parts: WechatRequestParts): string {
  return `${parts.method}\n${parts.urlPath}\n${parts.timestamp}\n${parts.nonce}\n${parts.body}\n`;
}

/** Base64 SHA256withRSA of the request message with the merchant's private key. */
export function signWechatRequest(parts: WechatRequestParts, merchantPrivateKey: KeyInput): string {
  return sign('sha256', Buffer.from(wechatRequestMessage(parts), 'utf8'), merchantPrivateKey).toString('base64');
}

/** The `Authorization` header value. */
export function wechatAuthorization(input: { mchid: string; serialNo: string; nonce: string; timestamp: number; signature: string }): string {
  return (
    `${WECHATPAY_AUTH_SCHEMA} mchid="${input.mchid}",nonce_str="${input.nonce}",` +
    `signature="${input.signature}",timestamp="${input.timestamp}",serial_no="${input.serialNo}"`
  );
}

/** Signs a request and returns its `Authorization` header value. */
export function buildWechatAuthorization(
  input: WechatRequestParts & { mchid: string; serialNo: string; merchantPrivateKey: KeyInput },
): string {
  const signature = signWechatRequest(input, input.merchantPrivateKey);
  return wechatAuthorization({ mchid: input.mchid, serialNo: input.serialNo, nonce: input.nonce, timestamp: input.timestamp, signature });
}

/** The `Wechatpay-*` headers of a notification (or of a response). */
export interface WechatNotificationHeaders {
  readonly timestamp: string;
  readonly nonce: string;
  readonly signature: string;
  readonly serial: string;
}

/** Reads the four `Wechatpay-*` headers from a header map of any case; null when one is missing. */
export function readWechatHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): WechatNotificationHeaders | null {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]));
  const timestamp = lower.get('wechatpay-timestamp');
  const nonce = lower.get('wechatpay-nonce');
  const signature = lower.get('wechatpay-signature');
  const serial = lower.get('wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) return null;
  return { timestamp, nonce, signature, serial };
}

/** `${timestamp}\n${nonce}\n${body}\n`. */
export function wechatNotificationMessage(input: { timestamp: string; nonce: string; body: string }): string {
  return `${input.timestamp}\n${input.nonce}\n${input.body}\n`;
}

export type WechatVerification =
  | { readonly ok: true }
  | { readonly ok: false; readonly reason: 'unknownSerial' | 'timestampOutsideTolerance' | 'badSignature' };

/**
 * Verifies a notification with the platform key named by `Wechatpay-Serial` (WeChat rotates its
 * platform certificates, so several may be known at once).
 */
export function verifyWechatNotification(input: {
  headers: WechatNotificationHeaders;
  body: string;
  platformKeys: Readonly<Record<string, KeyInput>>;
  nowSeconds: number;
  toleranceSeconds?: number;
}): WechatVerification {
  const { headers } = input;
  const key = Object.hasOwn(input.platformKeys, headers.serial) ? input.platformKeys[headers.serial] : undefined;
  if (key === undefined) return { ok: false, reason: 'unknownSerial' };
  const timestamp = /^\d+$/.test(headers.timestamp) ? Number(headers.timestamp) : Number.NaN;
  const tolerance = input.toleranceSeconds ?? WECHATPAY_TOLERANCE_SECONDS;
  if (!(Math.abs(input.nowSeconds - timestamp) <= tolerance)) return { ok: false, reason: 'timestampOutsideTolerance' };
  const message = wechatNotificationMessage({ timestamp: headers.timestamp, nonce: headers.nonce, body: input.body });
  try {
    const good = verify('sha256', Buffer.from(message, 'utf8'), key, Buffer.from(headers.signature, 'base64'));
    return good ? { ok: true } : { ok: false, reason: 'badSignature' };
  } catch {
    return { ok: false, reason: 'badSignature' };
  }
}

/** The encrypted `resource` of a notification. */
export interface WechatResource {
  readonly algorithm: string;
  /** Base64 of ciphertext followed by the 16-byte GCM tag. */
  readonly ciphertext: string;
  readonly nonce: string;
  readonly associated_data?: string;
  readonly original_type?: string;
}

export class WechatDecryptError extends Error {
  override readonly name = 'WechatDecryptError';
}

function apiV3KeyBytes(apiV3Key: string): Buffer {
  const key = Buffer.from(apiV3Key, 'utf8');
  if (key.length !== 32) throw new WechatDecryptError('the APIv3 key must be 32 bytes');
  return key;
}

/** Decrypts a notification resource with the merchant's APIv3 key; throws when it was tampered with. */
export function decryptWechatResource(resource: WechatResource, apiV3Key: string): string {
  if (resource.algorithm !== WECHATPAY_RESOURCE_ALGORITHM) throw new WechatDecryptError(`unsupported algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < GCM_TAG_BYTES) throw new WechatDecryptError('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', apiV3KeyBytes(apiV3Key), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - GCM_TAG_BYTES));
  if (resource.associated_data) decipher.setAAD(Buffer.from(resource.associated_data, 'utf8'));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - GCM_TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new WechatDecryptError('resource authentication failed');
  }
}

/** The inverse of `decryptWechatResource`, for tests and the sandbox provider. */
export function encryptWechatResource(input: {
  plaintext: string;
  apiV3Key: string;
  nonce: string;
  associatedData?: string;
  originalType?: string;
}): WechatResource {
  const cipher = createCipheriv('aes-256-gcm', apiV3KeyBytes(input.apiV3Key), Buffer.from(input.nonce, 'utf8'));
  if (input.associatedData) cipher.setAAD(Buffer.from(input.associatedData, 'utf8'));
  const body = Buffer.concat([cipher.update(input.plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: WECHATPAY_RESOURCE_ALGORITHM,
    ciphertext: body.toString('base64'),
    nonce: input.nonce,
    ...(input.associatedData !== undefined ? { associated_data: input.associatedData } : {}),
    ...(input.originalType !== undefined ? { original_type: input.originalType } : {}),
  };
}
