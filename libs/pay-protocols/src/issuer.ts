// The card issuers' signatures (docs/card-issuers.md): HMAC-SHA256 over `timestamp.method.path.body`.
// The card service signs its requests with the platform's API secret; the issuer signs its answers
// and webhooks with the platform's webhook secret. QbitBudget and Corpay differ in base path,
// header names and the signature's encoding, so their adapters really are two.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const ISSUER_PLATFORMS = ['qbitbudget', 'corpay'] as const;
export type IssuerPlatform = (typeof ISSUER_PLATFORMS)[number];

export interface IssuerScheme {
  platform: IssuerPlatform;
  /** Where the API lives under the issuer's host (and the sandbox's). */
  basePath: string;
  /** Header names, lower case (HTTP header names compare without case). */
  timestampHeader: string;
  signatureHeader: string;
  webhookIdHeader: string;
  encoding: 'hex' | 'base64';
}

export const ISSUER_SCHEMES: Readonly<Record<IssuerPlatform, IssuerScheme>> = {
  qbitbudget: {
    platform: 'qbitbudget',
    basePath: '/qbitbudget/v1',
    timestampHeader: 'x-qb-timestamp',
    signatureHeader: 'x-qb-signature',
    webhookIdHeader: 'x-qb-webhook-id',
    encoding: 'hex',
  },
  corpay: {
    platform: 'corpay',
    basePath: '/corpay/api/v2',
    timestampHeader: 'corpay-timestamp',
    signatureHeader: 'corpay-signature',
    webhookIdHeader: 'corpay-event-id',
    encoding: 'base64',
  },
};

/** Between the signed timestamp (unix seconds) and the receiver's clock, either way. */
export const ISSUER_TOLERANCE_SECONDS = 300;

export function isIssuerPlatform(value: unknown): value is IssuerPlatform {
  return typeof value === 'string' && (ISSUER_PLATFORMS as readonly string[]).includes(value);
}

/**
 * `${timestamp}.${method}.${path}.${body}`. A request: the HTTP method in upper case and the path
 * with its query as sent (`/qbitbudget/v1/cards/qb_1?x=1`). An answer: the HTTP status in the
 * method's place and the request's path. A webhook: `POST` and the webhook id in the path's place.
 */
export function issuerSigningString(parts: { timestamp: number | string; method: string; path: string; body: string }): string {
  return `${parts.timestamp}.${parts.method.toUpperCase()}.${parts.path}.${parts.body}`;
}

export function issuerSignature(platform: IssuerPlatform, secret: string, signingString: string): string {
  return createHmac('sha256', secret).update(signingString, 'utf8').digest(ISSUER_SCHEMES[platform].encoding);
}

type Headers = Record<string, string | string[] | undefined>;
type Signed = { secret: string; body: string; timestamp?: number };

const nowSeconds = () => Math.floor(Date.now() / 1000);

function headersFor(platform: IssuerPlatform, secret: string, timestamp: number, method: string, path: string, body: string): Record<string, string> {
  const scheme = ISSUER_SCHEMES[platform];
  const signature = issuerSignature(platform, secret, issuerSigningString({ timestamp, method, path, body }));
  return { [scheme.timestampHeader]: String(timestamp), [scheme.signatureHeader]: signature };
}

/** The headers of a request from the card service (API secret). */
export function signIssuerRequest(platform: IssuerPlatform, input: Signed & { method: string; path: string }): Record<string, string> {
  return headersFor(platform, input.secret, input.timestamp ?? nowSeconds(), input.method, input.path, input.body);
}

/** The headers of the issuer's answer to a request for `path` (webhook secret). */
export function signIssuerAnswer(platform: IssuerPlatform, input: Signed & { status: number; path: string }): Record<string, string> {
  return headersFor(platform, input.secret, input.timestamp ?? nowSeconds(), String(input.status), input.path, input.body);
}

/** The headers of a webhook (webhook secret), the webhook id among them. */
export function signIssuerWebhook(platform: IssuerPlatform, input: Signed & { webhookId: string }): Record<string, string> {
  const headers = headersFor(platform, input.secret, input.timestamp ?? nowSeconds(), 'POST', input.webhookId, input.body);
  return { ...headers, [ISSUER_SCHEMES[platform].webhookIdHeader]: input.webhookId };
}

export type IssuerVerification =
  | { readonly ok: true; readonly timestamp: number }
  | { readonly ok: false; readonly reason: 'missingHeaders' | 'timestampOutsideTolerance' | 'signatureMismatch' };

/** A header by name without case; the first value of a repeated header. */
export function issuerHeader(headers: Headers, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted) continue;
    const first = Array.isArray(value) ? value[0] : value;
    if (first) return first;
  }
  return undefined;
}

function verify(platform: IssuerPlatform, input: { secret: string; headers: Headers; now?: number }, method: string, path: string, body: string): IssuerVerification {
  const scheme = ISSUER_SCHEMES[platform];
  const timestamp = issuerHeader(input.headers, scheme.timestampHeader);
  const given = issuerHeader(input.headers, scheme.signatureHeader);
  if (!timestamp || !given || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'missingHeaders' };
  if (Math.abs((input.now ?? nowSeconds()) - Number(timestamp)) > ISSUER_TOLERANCE_SECONDS) return { ok: false, reason: 'timestampOutsideTolerance' };
  const expected = Buffer.from(issuerSignature(platform, input.secret, issuerSigningString({ timestamp, method, path, body })), scheme.encoding);
  const candidate = Buffer.from(given, scheme.encoding);
  // Buffer.from drops what is not hex / base64, so the re-encoded text must also be the text given.
  const same = candidate.length === expected.length && candidate.toString(scheme.encoding) === given && timingSafeEqual(candidate, expected);
  return same ? { ok: true, timestamp: Number(timestamp) } : { ok: false, reason: 'signatureMismatch' };
}

type Verify = { secret: string; headers: Headers; body: string; /** Unix seconds; defaults to the clock. */ now?: number };

/** The issuer's check of a request: method and path (with query) as received. */
export function verifyIssuerRequest(platform: IssuerPlatform, input: Verify & { method: string; path: string }): IssuerVerification {
  return verify(platform, input, input.method, input.path, input.body);
}

/** The card service's check of an answer to its request for `path`. */
export function verifyIssuerAnswer(platform: IssuerPlatform, input: Verify & { status: number; path: string }): IssuerVerification {
  return verify(platform, input, String(input.status), input.path, input.body);
}

/** The card service's check of a webhook; the id to deduplicate on comes with it. */
export function verifyIssuerWebhook(
  platform: IssuerPlatform,
  input: Verify,
): { readonly ok: true; readonly timestamp: number; readonly webhookId: string } | Extract<IssuerVerification, { ok: false }> {
  const webhookId = issuerHeader(input.headers, ISSUER_SCHEMES[platform].webhookIdHeader);
  if (!webhookId) return { ok: false, reason: 'missingHeaders' };
  const verdict = verify(platform, input, 'POST', webhookId, input.body);
  return verdict.ok ? { ...verdict, webhookId } : verdict;
}
