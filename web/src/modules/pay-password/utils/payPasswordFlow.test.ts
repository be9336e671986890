import { describe, expect, it } from 'vitest';
import { initialMode, interpretVerifyResult, isCompletePayPassword, MAX_PAY_PASSWORD_ATTEMPTS } from './payPasswordFlow';

describe('payment password modal (seed 001 §4)', () => {
  it('"max 5 wrong attempts"', () => expect(MAX_PAY_PASSWORD_ATTEMPTS).toBe(5));

  it.each([
    ['input', false, true, 'input', 'opens in input mode'],
    ['input', true, true, 'reset', 'a stored reset-needed flag goes to reset'],
    ['input', false, false, 'set', 'no password goes to set'],
    ['modify', false, true, 'modify', 'modify when a password exists'],
    ['modify', true, false, 'reset', 'the reset flag wins over everything'],
  ] as const)('requested %s, reset flag %s, exists %s → %s (%s)', (requested, flag, exists, expected, _why) => {
    expect(initialMode(requested, flag, exists)).toBe(expected);
  });

  it.each([
    [{ resultType: 0, failCount: 0 }, { kind: 'success' }],
    [{ resultType: 1, failCount: 0 }, { kind: 'notSet' }],
    [{ resultType: 2, failCount: 1 }, { kind: 'wrong', remaining: 4 }],
    [{ resultType: 2, failCount: 4 }, { kind: 'wrong', remaining: 1 }],
    [{ resultType: 2, failCount: 5 }, { kind: 'locked', remaining: 0 }],
    [{ resultType: 3, failCount: 5 }, { kind: 'locked', remaining: 0 }],
  ])('verify result %j → %j ("remaining attempts = 5 minus fail count")', (result, expected) => {
    expect(interpretVerifyResult(result)).toEqual(expected);
  });

  it('"Payment password exactly 6 digits"', () => {
    expect(isCompletePayPassword('123456')).toBe(true);
    expect(isCompletePayPassword('12345')).toBe(false);
    expect(isCompletePayPassword('12345a')).toBe(false);
  });
});
