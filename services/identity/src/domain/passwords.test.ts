import { describe, expect, it } from 'vitest';
import { checkNewPassword, hashPassword, verifyPassword } from './passwords.js';

// Seed 000 §5: "New or register password: minimum 8 characters in the newer auth form; confirmation
// required and must match ("passwords do not match"). The older form requires at least 12 characters,
// not only digits, not containing user information (or the mobile number), max 50."
describe('new password rules', () => {
  it.each([
    ['abcd1234', undefined, null, 'newer form: 8 characters'],
    ['abc1234', undefined, 'tooShort', 'newer form: 7 is too short'],
    ['12345678', undefined, null, 'newer form allows only digits'],
    ['x'.repeat(50), undefined, null, 'max 50'],
    ['x'.repeat(51), undefined, 'tooLong', 'over 50'],
    ['abcd1234', 'abcd1234', null, 'confirmation matches'],
    ['abcd1234', 'abcd12345', 'mismatch', 'passwords do not match'],
  ])('new rule: %j (confirm %j) → %s (%s)', (password, confirm, problem, _label) => {
    expect(checkNewPassword(password, { rule: 'new', confirm })).toBe(problem);
  });

  it.each([
    ['abcdefgh1234', null, 'older form: 12 characters'],
    ['abcdefgh123', 'tooShort', 'older form: 11 is too short'],
    ['123456789012', 'onlyDigits', 'not only digits'],
    ['pw13800138000x', 'containsMobile', 'not containing the mobile'],
    ['x'.repeat(51), 'tooLong', 'max 50'],
  ])('legacy rule: %j → %s (%s)', (password, problem, _label) => {
    expect(checkNewPassword(password, { rule: 'legacy', mobile: '13800138000' })).toBe(problem);
  });
});

describe('scrypt hashing', () => {
  it('verifies the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('abcd1234');
    const b = await hashPassword('abcd1234');
    expect(a).not.toBe(b);
    expect(a.startsWith('scrypt$16384$8$1$')).toBe(true);
    expect(await verifyPassword('abcd1234', a)).toBe(true);
    expect(await verifyPassword('abcd1235', a)).toBe(false);
    expect(await verifyPassword('abcd1234', null)).toBe(false);
    expect(await verifyPassword('abcd1234', 'garbage')).toBe(false);
  });
});
