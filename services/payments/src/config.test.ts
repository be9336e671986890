import { describe, expect, it } from 'vitest';
import { ConfigError } from '@aipay/kit';
import { loadPaymentsConfig } from './config.js';

const base = { JWT_PUBLIC_KEY: 'pem' };

describe('payments config', () => {
  it('has development defaults', () => {
    const config = loadPaymentsConfig(base);
    expect(config).toMatchObject({ PORT: 8102, MONGO_DB: 'payments', ORDER_TTL_SECONDS: 900, EXCHANGE_RATE: 7_200_000 });
    expect(config.ALIPAY_PUBLIC_KEY).toBeUndefined();
  });

  it('requires the channel keys in production and refuses a bad rate', () => {
    expect(() => loadPaymentsConfig({ ...base, NODE_ENV: 'production' })).toThrow(/ALIPAY_PUBLIC_KEY: required in production/);
    expect(() => loadPaymentsConfig({ ...base, EXCHANGE_RATE: 'seven' })).toThrow(ConfigError);
    expect(() => loadPaymentsConfig({ ...base, WECHAT_API_V3_KEY: 'short' })).toThrow(/WECHAT_API_V3_KEY/);
  });
});
