import { describe, expect, it } from 'vitest';
import {
  sanitizeCodeInput,
  sanitizeInviteCodeInput,
  sanitizePhoneInput,
  validateAgreement,
  validateCode,
  validateConfirmPassword,
  validateEmail,
  validateInviteCode,
  validateLoginPassword,
  validateNewPassword,
  validateNewPhone,
  validatePhone,
  validateRequiredText,
} from './validation';

describe('seed 000 §5 "Email: required; format {email}, else invalid"', () => {
  it.each([
    ['', 'emailRequired'],
    ['   ', 'emailRequired'],
    ['user@example.com', null],
    ['user@example', 'emailInvalid'],
    ['no-at-sign.com', 'emailInvalid'],
    ['a b@example.com', 'emailInvalid'],
  ])('%j → %s', (value, expected) => expect(validateEmail(value)).toBe(expected));
});

describe('seed 000 §5 "China (86): 11 digits, first digit 1, second 3 to 9. Hong Kong and Macao: exactly 8 digits"', () => {
  it.each([
    ['', 86, 'phoneRequired'],
    ['13800138000', 86, null],
    ['19912345678', 86, null],
    ['12800138000', 86, 'phoneInvalid'],
    ['23800138000', 86, 'phoneInvalid'],
    ['1380013800', 86, 'phoneInvalid'],
    ['91234567', 852, null],
    ['9123456', 852, 'phoneInvalid'],
    ['912345678', 853, 'phoneInvalid'],
    ['66123456', 853, null],
  ] as const)('%j in +%i → %s', (value, area, expected) => expect(validatePhone(value, area)).toBe(expected));

  it('"Input is digits only, max 11 (8 for HK/Macao)"', () => {
    expect(sanitizePhoneInput('138-0013 8000 99', 86)).toBe('13800138000');
    expect(sanitizePhoneInput('9123 4567 8', 852)).toBe('91234567');
  });
});

describe('seed 000 §5 "Verification code: required, exactly 6 digits; input strips non-digits and truncates to 6"', () => {
  it.each([
    ['', 'codeRequired'],
    ['12345', 'codeInvalid'],
    ['123456', null],
    ['012345', null],
    ['12345a', 'codeInvalid'],
  ])('%j → %s', (value, expected) => expect(validateCode(value)).toBe(expected));

  it('strips and truncates', () => expect(sanitizeCodeInput('12a3-45678')).toBe('123456'));
});

describe('seed 000 §5 passwords: login "required, trimmed, max 50"; new "minimum 8", confirmation must match', () => {
  it.each([
    ['', 'passwordRequired'],
    ['   ', 'passwordRequired'],
    ['x', null],
    ['a'.repeat(50), null],
    ['a'.repeat(51), 'passwordTooLong'],
  ])('login password %j → %s', (value, expected) => expect(validateLoginPassword(value)).toBe(expected));

  it.each([
    ['', 'passwordRequired'],
    ['1234567', 'passwordTooShort'],
    ['12345678', null],
    ['a'.repeat(50), null],
    ['a'.repeat(51), 'passwordTooLong'],
  ])('new password %j → %s', (value, expected) => expect(validateNewPassword(value)).toBe(expected));

  it.each([
    ['password1', '', 'confirmRequired'],
    ['password1', 'password2', 'passwordMismatch'],
    ['password1', 'password1', null],
  ])('confirm %j / %j → %s', (password, confirm, expected) =>
    expect(validateConfirmPassword(password, confirm)).toBe(expected));
});

describe('seed 000 §5 "Invite code: only digits and uppercase letters, 3 to 10 characters; optional at registration"', () => {
  it.each([
    ['', null],
    ['AB', 'inviteCodeInvalid'],
    ['AB1', null],
    ['ABCDE12345', null],
    ['ABCDE123456', 'inviteCodeInvalid'],
    ['abc123', 'inviteCodeInvalid'],
    ['AB-12', 'inviteCodeInvalid'],
  ])('%j → %s', (value, expected) => expect(validateInviteCode(value)).toBe(expected));

  it('input is trimmed, upper-cased and cut at 10 (seed 002 §5)', () =>
    expect(sanitizeInviteCodeInput(' abc123xyz789 ')).toBe('ABC123XYZ7'));
});

describe('seed 000 §5 other rules', () => {
  it('"Register requires the terms agreement (ticked by default); else agreement required"', () => {
    expect(validateAgreement(true)).toBeNull();
    expect(validateAgreement(false)).toBe('agreementRequired');
  });

  it('"Modify phone: the new number is required, valid, different from the current one"', () => {
    expect(validateNewPhone('', 86, '13800138000')).toBe('phoneRequired');
    expect(validateNewPhone('13800138000', 86, '13800138000')).toBe('samePhone');
    expect(validateNewPhone('13900139000', 86, '13800138000')).toBeNull();
  });

  it('"Complaint: content non-empty"', () => {
    expect(validateRequiredText('  ')).toBe('contentRequired');
    expect(validateRequiredText('it broke')).toBeNull();
  });
});
