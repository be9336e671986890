// The provider signature (same as services/sandbox): hex HMAC-SHA256 of `${timestamp}.${payload}`,
// payload = the raw body, or the path with its query for a GET.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SIGNATURE_HEADER = 'x-sandbox-signature';

export function sign(secret: string, timestamp: number | string, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
}

export function signedHeaders(secret: string, payload: string, now = Date.now()): Record<string, string> {
  return { [TIMESTAMP_HEADER]: String(now), [SIGNATURE_HEADER]: sign(secret, now, payload) };
}

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** A signed JSON call to a provider; answers the parsed body when the HTTP status is 2xx. */
export async function signedJson(
  secret: string,
  url: string,
  options: { method: 'GET' | 'POST'; body?: unknown; timeoutMs: number },
): Promise<unknown> {
  const target = new URL(url);
  const raw = options.body === undefined ? undefined : JSON.stringify(options.body);
  const payload = raw ?? `${target.pathname}${target.search}`;
  let response: Response;
  try {
    response = await fetch(target, {
      method: options.method,
      headers: { ...(raw ? { 'content-type': 'application/json' } : {}), ...signedHeaders(secret, payload) },
      body: raw,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    throw new ProviderError(`provider unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok) throw new ProviderError(`provider answered ${response.status}`, response.status);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError('provider answered no JSON', response.status);
  }
}

/** Checks a signed request from the provider (its callbacks): fresh timestamp (5 min) and signature. */
export function verifySigned(secret: string, headers: Record<string, string | string[] | undefined>, payload: string, now = Date.now()): boolean {
  const timestamp = headers[TIMESTAMP_HEADER];
  const signature = headers[SIGNATURE_HEADER];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^\d{1,16}$/.test(timestamp)) return false;
  if (Math.abs(now - Number(timestamp)) > 5 * 60 * 1000) return false;
  const expected = Buffer.from(sign(secret, timestamp, payload), 'hex');
  const given = /^[0-9a-f]+$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
