import { describe, expect, it } from 'vitest';
import { floor2, formatBalance, formatCompact } from './format';

describe('seed 000 §9 "amounts are floored to 2 decimals; balance shown with $ prefix"', () => {
  it.each([
    [19.999, 19.99],
    [0.1 + 0.2, 0.3],
    [1.005, 1],
    [10, 10],
    [2.675, 2.67],
  ])('floor2(%d) = %d', (value, expected) => expect(floor2(value)).toBe(expected));

  it.each([
    [12.3, '$12.30'],
    [0, '$0.00'],
    [99.999, '$99.99'],
    [-5.129, '-$5.12'],
  ])('formatBalance(%d) = %s', (value, expected) => expect(formatBalance(value)).toBe(expected));
});

describe('seed 000 §9 "large numbers show K, M, B with 2 decimals"', () => {
  it.each([
    [999, '999'],
    [1000, '1.00K'],
    [1234, '1.23K'],
    [1_239_999, '1.23M'],
    [1_500_000_000, '1.50B'],
    [-2500, '-2.50K'],
  ])('formatCompact(%d) = %s', (value, expected) => expect(formatCompact(value)).toBe(expected));
});
