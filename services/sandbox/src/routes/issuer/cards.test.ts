// Card details the issuer makes up: Luhn, BINs, expiry and CVV, without Redis.
import { describe, expect, it } from 'vitest';
import { BINS, billingAddress, cardNumber, cvv, expired, expiry, luhnDigit, luhnValid } from './cards.js';

describe('issued card details', () => {
  it('computes the Luhn digit of well-known test numbers', () => {
    expect(luhnDigit('411111111111111')).toBe(1);
    expect(luhnDigit('555555555555444')).toBe(4);
    expect(luhnDigit('424242424242424')).toBe(2);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('41111')).toBe(false);
  });

  it.each(['qbitbudget', 'corpay'] as const)('numbers %s cards on its BINs, 16 digits, Luhn-valid', (platform) => {
    for (let i = 0; i < 200; i += 1) {
      const number = cardNumber(platform);
      expect(number).toHaveLength(16);
      expect(BINS[platform].bins).toContain(number.slice(0, 6));
      expect(luhnValid(number)).toBe(true);
    }
  });

  it('expires at the end of this month, validity years on', () => {
    const at = Date.UTC(2026, 0, 31, 23, 0);
    expect(expiry(2, at)).toBe('01/28');
    expect(expiry(4, at)).toBe('01/30');
    expect(expired('01/28', Date.UTC(2028, 0, 31, 23, 59))).toBe(false);
    expect(expired('01/28', Date.UTC(2028, 1, 1))).toBe(true);
    expect(expired('12/27', Date.UTC(2028, 0, 1))).toBe(true);
  });

  it('gives a 3-digit CVV and the same US billing address for the same card', () => {
    expect(cvv()).toMatch(/^\d{3}$/);
    expect(billingAddress('qbc_1')).toEqual(billingAddress('qbc_1'));
    expect(billingAddress('qbc_1')).toMatchObject({ postalCode: expect.stringMatching(/^\d{5}$/), country: 'US' });
  });
});
