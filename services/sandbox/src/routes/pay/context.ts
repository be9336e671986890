// What the payment providers share: config, trades, the notifier, and small request helpers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxConfig } from '../../config.js';
import { sendPage } from '../../pages.js';
import type { Notifier } from './notifier.js';
import { providerErrorPage } from './pageHtml.js';
import type { PayTrades } from './trades.js';

export interface PayContext {
  config: SandboxConfig;
  trades: PayTrades;
  notifier: Notifier;
  /** PUBLIC_URL without its trailing slash. */
  publicUrl: string;
}

/** Trades live 2 hours unless the merchant says otherwise. */
export const DEFAULT_TTL_MS = 2 * 3600_000;

export function pageUrl(context: PayContext, tradeId: string): string {
  return `${context.publicUrl}/pay/page/${encodeURIComponent(tradeId)}`;
}

/** Query and form fields as one string map (the first value of a repeated field). */
export function fields(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') out[key] = first;
      else if (typeof first === 'number' || typeof first === 'boolean') out[key] = String(first);
    }
  }
  return out;
}

/** The value when it is an absolute http(s) URL. */
export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || !URL.canParse(value)) return undefined;
  return /^https?:$/.test(new URL(value).protocol) ? value : undefined;
}

/** Yuan text ("12.30") to fen; null unless it is a positive amount with at most 2 decimals. */
export function minorFromMajor(text: unknown): number | null {
  if (typeof text !== 'string' || !/^\d{1,10}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/** A Shanghai wall-clock time, `yyyy-MM-dd HH:mm:ss` or `yyyyMMddHHmmss`, as epoch ms. */
export function parseShanghaiTime(text: string | undefined): number | null {
  const match = text ? /^(\d{4})-?(\d{2})-?(\d{2})[ T]?(\d{2}):?(\d{2}):?(\d{2})$/.exec(text) : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const at = Date.UTC(y, mo - 1, d, h - 8, mi, s);
  return Number.isNaN(at) ? null : at;
}

/** A provider's HTML error page (the browser flows: Alipay WAP, UnionPay front form). */
export function sendErrorPage(reply: FastifyReply, status: number, provider: string, code: string, message: string): FastifyReply {
  return sendPage(reply, status, (nonce) => providerErrorPage(provider, code, message, nonce));
}
