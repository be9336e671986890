import { describe, it, expect } from 'vitest';
import { ERRORS, FIELD_MESSAGES, errorMessage, fieldMessage, type ErrorName } from './errors.js';

const entries = Object.entries(ERRORS) as Array<[ErrorName, (typeof ERRORS)[ErrorName]]>;

describe('error catalogue', () => {
  // Every numbered code of the seeds' error catalogues (000 §8, 001 §8, 002 §8).
  const seedCodes: Array<[number, string, string]> = [
    [401, '000 §8', 'token overdue'],
    [1005, '000 §8', 'token error'],
    [403, '000 §8', 'no permission'],
    [1009, '000 §8', 'verification code wrong (toast)'],
    [2408, '000 §8', 'verification code wrong (modal)'],
    [2112, '000 §8, 001 §8', 'face identity not passed'],
    [2137, '000 §8, 001 §8', 'member expired'],
    [2500, '000 §8', 'captcha slide failure'],
    [2213, '001 §8', 'recharge warning dialog'],
    [2211, '001 §8', 'recharge warning dialog'],
    [1017, '001 §8', 'recharge warning dialog'],
    [2302, '001 §8', 'no card available'],
    [2410, '001 §8', 'withdraw not available'],
    [1001, '001 §8, 002 §7', 'same flex package already held'],
    [2113, '002 §5, §8', 'invite code used'],
  ];
  it.each(seedCodes)('code %i (seed %s, %s) is in the catalogue with zh and en texts', (code) => {
    const found = entries.filter(([, def]) => def.code === code);
    expect(found.length).toBeGreaterThan(0);
    for (const [, def] of found) {
      expect(def.zh.trim()).not.toBe('');
      expect(def.en.trim()).not.toBe('');
    }
  });

  it.each(entries)('%s has non-empty zh and en, an integer code and an error HTTP status', (_name, def) => {
    expect(def.zh.trim().length).toBeGreaterThan(0);
    expect(def.en.trim().length).toBeGreaterThan(0);
    expect(Number.isInteger(def.code)).toBe(true);
    expect(def.status).toBeGreaterThanOrEqual(400);
    expect(def.status).toBeLessThan(600);
  });

  it('never uses a success code (200 or 0) for an error', () => {
    for (const [name, def] of entries) expect([200, 0], name).not.toContain(def.code);
  });

  it('zh texts are Chinese and en texts are not', () => {
    for (const [name, def] of entries) {
      expect(def.zh, name).toMatch(/[\u4e00-\u9fff]/);
      expect(def.en, name).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('codes 401 and 1005 are session errors sent with HTTP 401; 403 with 403', () => {
    expect(ERRORS.TOKEN_OVERDUE).toMatchObject({ code: 401, status: 401 });
    expect(ERRORS.TOKEN_ERROR).toMatchObject({ code: 1005, status: 401 });
    expect(ERRORS.NO_PERMISSION).toMatchObject({ code: 403, status: 403 });
  });

  it.each([
    ['FACE_IDENTITY_REQUIRED', 2112],
    ['MEMBER_EXPIRED', 2137],
    ['NO_AVAILABLE_CARD', 2302],
    ['INVITE_CODE_USED', 2113],
    ['WITHDRAW_NOT_AVAILABLE', 2410],
    ['FLEX_PACKAGE_HELD', 1001],
    ['CAPTCHA_SLIDE_FAILED', 2500],
    ['VERIFY_CODE_WRONG', 1009],
    ['VERIFY_CODE_WRONG_MODAL', 2408],
  ] as const)('%s is code %i', (name, code) => {
    expect(ERRORS[name].code).toBe(code);
  });

  it('gives each code one meaning, except 1005 which also carries "logged in elsewhere"', () => {
    const byCode = new Map<number, ErrorName[]>();
    for (const [name, def] of entries) byCode.set(def.code, [...(byCode.get(def.code) ?? []), name]);
    const shared = [...byCode.entries()].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([[1005, ['TOKEN_ERROR', 'LOGGED_IN_ELSEWHERE']]]);
  });

  it('keeps our own codes (for unnumbered seed messages) in 3001-3999', () => {
    const seedNumbers = new Set([401, 1005, 403, 1009, 2408, 2112, 2137, 2213, 2211, 1017, 2302, 2113, 2410, 2500, 1001]);
    const transport = new Set([400, 404, 409, 429, 500, 503, 504]);
    for (const [name, def] of entries) {
      if (seedNumbers.has(def.code) || transport.has(def.code)) continue;
      expect(def.code, name).toBeGreaterThanOrEqual(3001);
      expect(def.code, name).toBeLessThanOrEqual(3999);
    }
  });

  it('quotes the seed messages that have an exact text', () => {
    expect(ERRORS.PAY_PASSWORD_LOCKED.en).toBe('Exceeded the maximum allowed failed attempts. Please reset your password.');
    expect(ERRORS.RECHARGE_ORDER_INCOMPLETE.en).toBe(
      'The system detected that the order is incomplete, please complete the recharge first',
    );
    expect(ERRORS.PAY_LINK_PARAMS_MISSING.en.toLowerCase()).toBe('missing parameters for getting pay link');
  });
});

describe('errorMessage', () => {
  it('answers in the requested language', () => {
    expect(errorMessage('TOKEN_OVERDUE', 'zh')).toBe('登录状态已过期，请重新登录');
    expect(errorMessage('TOKEN_OVERDUE', 'en')).toBe('Login status expired, please log in again');
    expect(errorMessage('NO_AVAILABLE_CARD', 'en')).not.toBe(errorMessage('NO_AVAILABLE_CARD', 'zh'));
  });
});

describe('fieldMessage', () => {
  it('fills the placeholders', () => {
    expect(fieldMessage('tooLong', 'en', { field: 'password', max: 50 })).toBe('password must be at most 50 long');
    expect(fieldMessage('required', 'zh', { field: 'mobile' })).toBe('mobile 不能为空');
  });
  it('leaves a missing value empty rather than printing undefined', () => {
    expect(fieldMessage('tooShort', 'en', { field: 'code' })).toBe('code must be at least  long');
  });
  it('has zh and en for every key, each naming the field', () => {
    for (const [key, texts] of Object.entries(FIELD_MESSAGES)) {
      expect(texts.zh, key).toContain('{field}');
      expect(texts.en, key).toContain('{field}');
    }
  });
});
