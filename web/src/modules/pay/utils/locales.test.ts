import { describe, expect, it } from 'vitest';
import { payLocales } from '../locales';
import { OrderType, PayChannel, TransactionType } from './payConstants';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('pay texts', () => {
  it('zh and en have the same keys', () => expect(keys(payLocales.en).sort()).toEqual(keys(payLocales.zh).sort()));
  it('every order type, channel and wallet is named in both languages', () => {
    for (const language of ['zh', 'en'] as const) {
      const texts = payLocales[language];
      for (const value of Object.values(OrderType)) expect(texts.orderType[value], `${language} orderType ${value}`).toBeTruthy();
      for (const value of Object.values(PayChannel)) expect(texts.channel[value], `${language} channel ${value}`).toBeTruthy();
      for (const value of Object.values(TransactionType)) expect(texts.wallet[value], `${language} wallet ${value}`).toBeTruthy();
    }
  });
  it('the seed messages', () => {
    expect(payLocales.en.message.illegalSign).toBe('Payment signature verification failed, retry');
    expect(payLocales.en.message.payLinkMissing).toBe('Missing parameters for getting pay link');
    expect(payLocales.en.message.payLinkFailed).toBe('Failed to get pay link');
    expect(payLocales.en.success.received).toMatch(/within 30 minutes/);
  });
});
