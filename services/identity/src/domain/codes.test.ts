import { describe, expect, it } from 'vitest';
import { dayStamp, emailMessage, hashCode, newCode, smsText } from './codes.js';

describe('verification codes (seed 000 §9: 6 digits)', () => {
  it('are 6 digits, leading zeros kept', () => {
    for (let i = 0; i < 500; i += 1) expect(newCode()).toMatch(/^\d{6}$/);
  });

  it('hash bound to purpose and target', () => {
    const a = hashCode('k', 'login', 'mobile:86:13800138000', '123456');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(hashCode('k', 'register', 'mobile:86:13800138000', '123456')).not.toBe(a);
    expect(hashCode('k', 'login', 'mobile:86:13800138001', '123456')).not.toBe(a);
  });

  it('texts in zh and en', () => {
    expect(smsText('123456', 'zh')).toBe('【AI Pay】您的验证码是 123456，5 分钟内有效。');
    expect(smsText('123456', 'en')).toBe('[AI Pay] Your code is 123456, valid for 5 minutes.');
    expect(emailMessage('123456', 'en').subject).toContain('Verification code');
    expect(dayStamp(new Date('2026-01-31T23:00:00Z'))).toBe('20260131');
  });
});
