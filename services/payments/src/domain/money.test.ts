import { describe, expect, it } from 'vitest';
import { cnyToUsd, feeOf, floorTo2, formatMinor, MoneyError, parseMajor, parseRate, percentOf, usdToCny } from './money.js';

describe('minor units', () => {
  it.each([
    ['100', 10_000],
    ['12.3', 1_230],
    ['0.05', 5],
    ['-1', -100],
    ['-0', 0],
    [' 9.99 ', 999],
  ])('parses "%s" as %d minor units', (text, minor) => {
    expect(parseMajor(text)).toBe(minor);
  });

  it.each(['', '1.234', '1,00', 'abc', '1e3', '.5'])('refuses "%s"', (text) => {
    expect(() => parseMajor(text)).toThrow(MoneyError);
  });

  it.each([
    [10_000, '100.00'],
    [1_199, '11.99'],
    [5, '0.05'],
    [-5, '-0.05'],
    [0, '0.00'],
  ])('formats %d as "%s"', (minor, text) => {
    expect(formatMinor(minor)).toBe(text);
  });

  it('refuses fractions of a cent', () => {
    expect(() => formatMinor(1.5)).toThrow(MoneyError);
  });
});

// Seeds 001 §5 and 002 §9: "amount formatting floors to 2 decimals".
describe('floorTo2', () => {
  it.each([
    [1.999, 1.99],
    [0.29, 0.29],
    [1.005, 1],
    [11.99, 11.99],
    [2.675, 2.67],
    [100, 100],
    [-1.001, -1.01],
  ])('floors %d to %d', (value, floored) => {
    expect(floorTo2(value)).toBe(floored);
  });

  it('refuses NaN and infinities', () => {
    expect(() => floorTo2(Number.NaN)).toThrow(MoneyError);
    expect(() => floorTo2(Number.POSITIVE_INFINITY)).toThrow(MoneyError);
  });
});

describe('percentage fees in basis points, rounded half up', () => {
  it.each([
    [10_000, 200, 200, 'the general channel: 2% of $100 is $2.00 (001 §9)'],
    [10_000, 350, 350, 'the other text: 3.5% of $100 is $3.50 (001 §9)'],
    [2_025, 200, 41, '2% of $20.25 is 40.5 cents: half rounds up to 41'],
    [2_024, 200, 40, '2% of $20.24 is 40.48 cents: rounds down to 40'],
    [1, 200, 0, '2% of 1 cent rounds to 0'],
    [25, 200, 1, '2% of 25 cents is exactly half a cent: rounds up'],
    [0, 200, 0, 'nothing of nothing'],
  ])('%d × %d bp = %d (%s)', (amount, bps, fee) => {
    expect(percentOf(amount, bps)).toBe(fee);
  });

  it.each([
    [10_000, { bps: 290, fixedMinor: 30 }, 320, 'percentage plus fixed: 2.9% + 30 cents on $100'],
    [20, { bps: 290, fixedMinor: 30 }, 20, 'a fee never exceeds the amount it is taken from'],
    [0, { bps: 0, fixedMinor: 30 }, 0, 'no fee on nothing'],
  ])('feeOf(%d) = %d (%s)', (amount, rule, fee) => {
    expect(feeOf(amount, rule)).toBe(fee);
  });

  it('refuses negative amounts and fractional basis points', () => {
    expect(() => percentOf(-1, 200)).toThrow(MoneyError);
    expect(() => percentOf(100, 2.5)).toThrow(MoneyError);
  });
});

describe('CNY ↔ USD with an integer rate (× 10^6)', () => {
  const rate = parseRate('7.1234');

  it('parses rates exactly', () => {
    expect(rate).toBe(7_123_400);
    expect(parseRate('7')).toBe(7_000_000);
    expect(() => parseRate('0')).toThrow(MoneyError);
    expect(() => parseRate('7.1234567')).toThrow(MoneyError);
  });

  it.each([
    [10_000, 'halfUp', 71_234, '$100 is ¥712.34'],
    [1, 'halfUp', 7, '1 cent is 7.1234 fen: rounds to 7'],
    [1, 'ceil', 8, '1 cent charged in fen rounds up when told to'],
    [1, 'floor', 7, '1 cent floored'],
  ] as const)('usdToCny(%d, %s) = %d (%s)', (cents, rounding, fen, _label) => {
    expect(usdToCny(cents, rate, rounding)).toBe(fen);
  });

  it.each([
    [71_234, 'halfUp', 10_000, '¥712.34 is $100'],
    [100, 'floor', 14, '¥1 is 14.038 cents: floor 14'],
    [100, 'ceil', 15, '¥1 ceil 15'],
    [100, 'halfUp', 14, '¥1 half up 14'],
    [-100, 'floor', -15, 'negative values floor towards minus infinity'],
    [-100, 'halfUp', -14, 'half up is away from zero, 14.04 → 14'],
  ] as const)('cnyToUsd(%d, %s) = %d (%s)', (fen, rounding, cents, _label) => {
    expect(cnyToUsd(fen, rate, rounding)).toBe(cents);
  });

  it('rounds exact halves away from zero', () => {
    // 1 fen at 2 CNY per USD is exactly half a cent.
    expect(cnyToUsd(1, 2_000_000, 'halfUp')).toBe(1);
    expect(cnyToUsd(-1, 2_000_000, 'halfUp')).toBe(-1);
    expect(cnyToUsd(1, 2_000_000, 'floor')).toBe(0);
  });
});
