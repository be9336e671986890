// Amounts of the pay pages: integers of minor units end to end (docs/payments.md "Rounding").
import { Currency } from './payConstants';

/** 1230 → "12.30" (integer arithmetic, no binary noise). */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "$12.30" or "¥88.56" by currency (2 dollar, 1 RMB). */
export function formatMoney(minor: number, currency: number = Currency.USD): string {
  const text = formatMinor(minor);
  const symbol = currency === Currency.RMB ? '¥' : '$';
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** "7.2" → 7_200_000 (CNY per USD × 10^6, as the service keeps rates); undefined when unreadable. */
export function parseRateMicro(rate: string | number | undefined): number | undefined {
  const text = typeof rate === 'number' ? String(rate) : rate?.trim();
  const match = text ? /^(\d+)(?:\.(\d{1,6}))?$/.exec(text) : null;
  if (!match) return undefined;
  return Number(match[1]) * 1_000_000 + Number((match[2] ?? '').padEnd(6, '0'));
}

/** US cents → RMB fen at a micro rate, rounded up (charging a payer in RMB rounds up). */
export function usdCentsToCnyFen(cents: number, rateMicro: number): number {
  const product = BigInt(Math.trunc(cents)) * BigInt(rateMicro);
  const million = 1_000_000n;
  return Number((product + million - 1n) / million);
}

/** A US-cent amount in a query: a positive integer up to $1,000,000 (the service's bound). */
export function parseCents(raw: string | null | undefined): number | undefined {
  if (!raw || !/^\d{1,9}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value > 0 && value <= 100_000_000 ? value : undefined;
}

/** The fee of a percentage plus a fixed part, half up (the service's answer wins when present). */
export function estimateFee(cents: number, percent: number, fixedCents = 0): number {
  const bps = Math.round(percent * 100);
  return Math.floor((cents * bps + 5_000) / 10_000) + fixedCents;
}
