// What every channel adapter shares: the typed provider error, HTTP with a timeout, China time
// formats, PEM text from the environment and HTML escaping.
import { randomBytes } from 'node:crypto';
import { ClientType } from '@aipay/contracts';
import type { OrderDoc } from '../../store/orders.js';
import type { Protocol } from './index.js';

/**
 * Why a provider call did not give a usable answer: not configured here, unreachable, too slow,
 * an answer whose signature does not verify, an answer we cannot read, or a refusal we do not
 * turn into a state change (the caller logs it and retries or answers PAY_LINK_FAILED).
 */
export type ChannelErrorReason = 'notConfigured' | 'unreachable' | 'timeout' | 'badSignature' | 'badAnswer' | 'refused';

export class ChannelError extends Error {
  override readonly name = 'ChannelError';
  constructor(
    readonly protocol: Protocol,
    readonly reason: ChannelErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${protocol}: ${reason}: ${message}`, options);
  }
}

export type Fetch = typeof globalThis.fetch;

export interface Http {
  fetch: Fetch;
  timeoutMs: number;
}

export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** One request with a timeout; transport failures become ChannelError (unreachable / timeout). */
export async function send(http: Http, protocol: Protocol, url: string, init: RequestInit): Promise<HttpAnswer> {
  try {
    const response = await http.fetch(url, { ...init, signal: AbortSignal.timeout(http.timeoutMs) });
    const text = await response.text();
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name] = value;
    });
    return { status: response.status, headers, text };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    throw new ChannelError(protocol, timedOut ? 'timeout' : 'unreachable', `${init.method ?? 'GET'} ${url} failed`, { cause: error });
  }
}

/** Parses a JSON answer or throws badAnswer. */
export function parseJson<T>(protocol: Protocol, text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new ChannelError(protocol, 'badAnswer', 'the answer is not JSON', { cause: error });
  }
}

/** Requires a setting; a missing key or id is `notConfigured`. */
export function required<K extends string>(protocol: Protocol, settings: Record<K, string | undefined>): Record<K, string> {
  const missing = Object.entries<string | undefined>(settings)
    .filter(([, value]) => !value)
    .map(([key]) => key);
  if (missing.length > 0) throw new ChannelError(protocol, 'notConfigured', `missing ${missing.join(', ')}`);
  return settings as Record<K, string>;
}

/** PEM text as configured: a literal `\n` (one-line environment values) becomes a newline. */
export function pem(text: string | undefined): string | undefined {
  return text?.replace(/\\n/g, '\n');
}

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

function chinaParts(date: Date) {
  const iso = new Date(date.getTime() + CHINA_OFFSET_MS).toISOString();
  return { day: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** `yyyy-MM-dd HH:mm:ss` in China time (UTC+8, no daylight saving): Alipay's timestamp. */
export function chinaDateTime(date: Date): string {
  const { day, time } = chinaParts(date);
  return `${day} ${time}`;
}

/** `yyyyMMddHHmmss` in China time: UnionPay's txnTime and payTimeout. */
export function chinaCompact(date: Date): string {
  return chinaDateTime(date).replace(/[- :]/g, '');
}

/** RFC 3339 with the +08:00 offset, as WeChat Pay writes times: `2026-01-31T10:00:00+08:00`. */
export function chinaRfc3339(date: Date): string {
  const { day, time } = chinaParts(date);
  return `${day}T${time}+08:00`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Random hex for nonces. */
export function nonce(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}

/** What the payer sees as the goods (Alipay subject, WeChat description, Stripe product name). */
export function subjectOf(order: Pick<OrderDoc, '_id'>): string {
  return `AIPay order ${order._id}`;
}

export function isDesktop(clientType: ClientType): boolean {
  return clientType !== ClientType.mobile;
}
