// Seed 000 §5 validation rules, checked on the contract schemas the routes use.
import { describe, expect, it } from 'vitest';
import {
  complaintBodySchema,
  emailSchema,
  inviteCodeSchema,
  loginPasswordSchema,
  payPasswordSchema,
  verifyCodeSchema,
} from '@aipay/contracts';

const passes = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('seed 000 §5: "Email: required; format {email}, else invalid."', () => {
  it.each([
    ['li@example.com', true],
    ['li.wei+pay@mail.example.cn', true],
    ['', false],
    ['li@', false],
    ['not-an-email', false],
  ])('%j → %s', (value, ok) => expect(passes(emailSchema, value)).toBe(ok));
});

describe('seed 000 §5: "Verification code: required, exactly 6 digits"', () => {
  it.each([
    ['123456', true],
    ['12345', false],
    ['1234567', false],
    ['12a456', false],
    ['', false],
  ])('%j → %s', (value, ok) => expect(passes(verifyCodeSchema, value)).toBe(ok));
});

describe('seed 000 §5: "Password on login: required, trimmed, max 50."', () => {
  it.each([
    ['secret', true],
    ['   ', false],
    ['', false],
    ['x'.repeat(50), true],
    ['x'.repeat(51), false],
  ])('%j → %s', (value, ok) => expect(passes(loginPasswordSchema, value)).toBe(ok));
});

describe('seed 000 §5: "Invite code: only digits and uppercase letters, 3 to 10 characters"', () => {
  it.each([
    ['AB1', true],
    ['ABCDEFGH12', true],
    ['AB', false],
    ['ABCDEFGH123', false],
    ['AB-12', false],
  ])('%j → %s', (value, ok) => expect(passes(inviteCodeSchema, value)).toBe(ok));
});

describe('seed 000 §5: "Complaint: content non-empty; email required and valid."', () => {
  it.each([
    [{ content: 'slow refund', email: 'li@example.com' }, true],
    [{ content: '  ', email: 'li@example.com' }, false],
    [{ content: 'x', email: 'bad' }, false],
    [{ content: 'x' }, false],
  ])('%j → %s', (value, ok) => expect(passes(complaintBodySchema, value)).toBe(ok));
});

describe('seed 001 §5: "Payment password: exactly 6 digits"', () => {
  it.each([
    ['123456', true],
    ['12345', false],
    ['abcdef', false],
  ])('%j → %s', (value, ok) => expect(passes(payPasswordSchema, value)).toBe(ok));
});
