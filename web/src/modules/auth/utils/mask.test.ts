import { describe, expect, it } from 'vitest';
import { isVerifyOnly, maskEmail, maskMobile } from './mask';

describe('phone and e-mail display', () => {
  it('masks the middle of a phone number and the name of an e-mail', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(maskEmail('user@example.com')).toBe('us***@example.com');
  });
});

describe('seed 000 §4 "If the current email is unverified and equals the typed one, it verifies instead of updating"', () => {
  it.each([
    [{ email: 'a@b.co', emailVerifyStatus: 0 }, 'A@b.co ', true],
    [{ email: 'a@b.co', emailVerifyStatus: 1 }, 'a@b.co', false],
    [{ email: 'a@b.co', emailVerifyStatus: 0 }, 'c@d.co', false],
    [{ email: null, emailVerifyStatus: 0 }, 'c@d.co', false],
  ])('%j typing %j → verify only %s', (user, typed, expected) => expect(isVerifyOnly(user, typed)).toBe(expected));
});
