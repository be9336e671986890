import { describe, expect, it } from 'vitest';
import { estimateFee, formatMinor, formatMoney, parseCents, parseRateMicro, usdCentsToCnyFen } from './payMoney';

describe('amounts of the pay pages', () => {
  it('formats minor units exactly', () => {
    expect(formatMinor(1230)).toBe('12.30');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(0)).toBe('0.00');
    expect(formatMinor(-250)).toBe('-2.50');
    expect(formatMoney(10_200)).toBe('$102.00');
    expect(formatMoney(73_440, 1)).toBe('¥734.40');
    expect(formatMoney(-5)).toBe('-$0.05');
  });
  it('reads rates as CNY per USD × 10^6', () => {
    expect(parseRateMicro('7.2')).toBe(7_200_000);
    expect(parseRateMicro('7.123456')).toBe(7_123_456);
    expect(parseRateMicro(7)).toBe(7_000_000);
    expect(parseRateMicro('7.1234567')).toBeUndefined();
    expect(parseRateMicro('abc')).toBeUndefined();
    expect(parseRateMicro(undefined)).toBeUndefined();
  });
  it('converts USD cents to RMB fen rounding up (charging a payer)', () => {
    expect(usdCentsToCnyFen(10_200, 7_200_000)).toBe(73_440);
    expect(usdCentsToCnyFen(1, 7_123_456)).toBe(8);
    expect(usdCentsToCnyFen(100_000_000, 7_123_456)).toBe(712_345_600);
  });
  it('estimates a percentage fee half up plus a fixed part', () => {
    expect(estimateFee(10_000, 2)).toBe(200);
    expect(estimateFee(2025, 2)).toBe(41);
    expect(estimateFee(10_000, 2.9, 30)).toBe(320);
  });
  it('reads a cent amount from a query', () => {
    expect(parseCents('2500')).toBe(2500);
    for (const bad of ['0', '-1', '12.5', '1e3', '', null, undefined, '100000001']) expect(parseCents(bad)).toBeUndefined();
  });
});
