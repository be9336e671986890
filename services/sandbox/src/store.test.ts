import { describe, expect, it } from 'vitest';
import { extractCode, normaliseRecipient } from './store.js';

describe('inbox helpers', () => {
  it.each([
    ['Your AI Pay code is 482913, valid for 5 minutes.', '482913'],
    ['【AI Pay】验证码：073311，5分钟内有效', '073311'],
    ['Call +8613800138000 or use 123456', '123456'],
    ['Order 1234567 shipped', null],
    ['no code here', null],
  ])('finds the code in %j', (text, code) => {
    expect(extractCode(text)).toBe(code);
  });

  it('compares recipients loosely', () => {
    expect(normaliseRecipient(' +86 138-0013-8000 ')).toBe('+8613800138000');
    expect(normaliseRecipient('Li@Example.COM')).toBe('li@example.com');
  });
});
