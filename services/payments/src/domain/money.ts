// Money as integer minor units (US cents, RMB fen): parsing, display flooring, fees and conversion.
//
// Rounding rules (docs/payments.md "Rounding"):
// - amounts are always integers of minor units; a float never reaches a ledger;
// - a percentage fee is in basis points (1 bp = 0.01 %) and rounds half up to the minor unit,
//   the fixed part is added after rounding, and the fee is capped at the amount it is taken from;
// - display floors to 2 decimals (seeds 001 §5, 002 §9: "amounts floor to 2 decimals");
// - currency conversion names its rounding explicitly at every call.

/** Minor units per major unit: both CNY and USD have 2 decimals. */
export const MINOR_PER_MAJOR = 100;
/** Basis points in 100 %. */
export const BPS_PER_WHOLE = 10_000;
/** Exchange rates are integers: the rate × 10^6 (7.1234 CNY per USD is 7_123_400). */
export const RATE_SCALE = 1_000_000;

export type Rounding = 'halfUp' | 'floor' | 'ceil';

export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}

/** Throws unless `value` is a safe integer of minor units (negative allowed for differences). */
export function assertMinor(value: number, what = 'amount'): number {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`${what} must be an integer of minor units, got ${value}`);
  return value;
}

function assertNonNegative(value: number, what: string): number {
  assertMinor(value, what);
  if (value < 0) throw new MoneyError(`${what} must not be negative, got ${value}`);
  return value;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d{1,2}))?$/;

/** Parses a decimal text of at most 2 decimals ("12.3", "0.05", "-1") into minor units, exactly. */
export function parseMajor(text: string): number {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new MoneyError(`not an amount with at most 2 decimals: "${text}"`);
  const [, sign, whole = '0', fraction = ''] = match;
  const minor = Number(whole) * MINOR_PER_MAJOR + Number(fraction.padEnd(2, '0'));
  return assertMinor(sign && minor !== 0 ? -minor : minor);
}

/** Minor units as a decimal text with exactly 2 decimals: 1234 → "12.34", -5 → "-0.05". */
export function formatMinor(minor: number): string {
  assertMinor(minor);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / MINOR_PER_MAJOR)}.${String(abs % MINOR_PER_MAJOR).padStart(2, '0')}`;
}

/**
 * Floors a major-unit number to 2 decimals for display (seed: "amount formatting floors to 2
 * decimals"). Binary noise is removed first, so 0.29 stays 0.29 (0.29 × 100 is 28.999999999999996).
 * Negative values floor towards minus infinity.
 */
export function floorTo2(value: number): number {
  if (!Number.isFinite(value)) throw new MoneyError(`not a finite number: ${value}`);
  const cents = Math.floor(Number((value * MINOR_PER_MAJOR).toFixed(6)));
  return cents / MINOR_PER_MAJOR;
}

/** Integer division n / d with an explicit rounding, on bigints (d > 0). */
function divide(n: bigint, d: bigint, rounding: Rounding): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const negative = n < 0n;
  switch (rounding) {
    case 'floor':
      return negative ? q - 1n : q;
    case 'ceil':
      return negative ? q : q + 1n;
    case 'halfUp': {
      // Half away from zero: |r| * 2 >= d rounds the magnitude up.
      const twice = (r < 0n ? -r : r) * 2n;
      if (twice < d) return q;
      return negative ? q - 1n : q + 1n;
    }
  }
}

function toSafeNumber(value: bigint): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new MoneyError(`result out of range: ${value}`);
  return n;
}

/** `amount × bps / 10 000`, rounded half up to the minor unit. */
export function percentOf(amount: number, bps: number): number {
  assertNonNegative(amount, 'amount');
  assertNonNegative(bps, 'basis points');
  return toSafeNumber(divide(BigInt(amount) * BigInt(bps), BigInt(BPS_PER_WHOLE), 'halfUp'));
}

/** A fee as a percentage (basis points) plus a fixed part in minor units. */
export interface FeeRule {
  readonly bps: number;
  readonly fixedMinor: number;
}

/**
 * The fee taken on `amount`: percentage rounded half up, plus the fixed part, never more than
 * `amount` itself (so the net left after a deducted fee is never negative).
 */
export function feeOf(amount: number, rule: FeeRule): number {
  assertNonNegative(rule.fixedMinor, 'fixed fee');
  const fee = percentOf(amount, rule.bps) + rule.fixedMinor;
  return Math.min(fee, amount);
}

/** Parses a rate text such as "7.1234" (up to 6 decimals) into the integer rate × 10^6. */
export function parseRate(text: string): number {
  const match = /^(\d+)(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) throw new MoneyError(`not a rate with at most 6 decimals: "${text}"`);
  const [, whole = '0', fraction = ''] = match;
  const micros = Number(whole) * RATE_SCALE + Number(fraction.padEnd(6, '0'));
  if (micros <= 0) throw new MoneyError('a rate must be positive');
  return assertMinor(micros, 'rate');
}

function assertRate(rateMicros: number): void {
  assertMinor(rateMicros, 'rate');
  if (rateMicros <= 0) throw new MoneyError('a rate must be positive');
}

/** US cents to RMB fen at `cnyPerUsdMicros` (CNY per USD × 10^6), rounded as told. */
export function usdToCny(cents: number, cnyPerUsdMicros: number, rounding: Rounding): number {
  assertMinor(cents, 'cents');
  assertRate(cnyPerUsdMicros);
  return toSafeNumber(divide(BigInt(cents) * BigInt(cnyPerUsdMicros), BigInt(RATE_SCALE), rounding));
}

/** RMB fen to US cents at `cnyPerUsdMicros` (CNY per USD × 10^6), rounded as told. */
export function cnyToUsd(fen: number, cnyPerUsdMicros: number, rounding: Rounding): number {
  assertMinor(fen, 'fen');
  assertRate(cnyPerUsdMicros);
  return toSafeNumber(divide(BigInt(fen) * BigInt(RATE_SCALE), BigInt(cnyPerUsdMicros), rounding));
}
