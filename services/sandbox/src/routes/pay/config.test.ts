// The payment providers' configuration: optional keys, one-line PEMs, the notifier's knobs.
import { describe, expect, it } from 'vitest';
import { loadSandboxConfig } from '../../config.js';
import { alipayKeys, unionPayKeys, wechatKeys } from './keys.js';
import { rsaPair } from './testkit.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const pair = rsaPair();

describe('payment provider configuration', () => {
  it('starts without any provider key, with the notifier defaults', () => {
    const config = loadSandboxConfig({ REDIS_URL });
    expect(config).toMatchObject({
      PAY_NOTIFY_DELAY_MS: 300,
      PAY_NOTIFY_DUPLICATES: 1,
      PAY_NOTIFY_OUT_OF_ORDER: true,
      PAY_NOTIFY_FAILURE_RATE: 0,
      PAY_NOTIFY_RETRY_MS: 1000,
    });
    expect(alipayKeys(config, 'alipay')).toBeNull();
    expect(wechatKeys(config)).toBeNull();
    expect(unionPayKeys(config)).toBeNull();
  });

  it('accepts PEMs with literal \\n and treats empty values as unset', () => {
    const oneLine = pair.privateKey.replace(/\n/g, '\\n');
    const config = loadSandboxConfig({
      REDIS_URL,
      PAY_ALIPAY_APP_ID: '2021000000000001',
      PAY_ALIPAY_PRIVATE_KEY: oneLine,
      PAY_ALIPAY_MERCHANT_PUBLIC_KEY: pair.publicKey,
      PAY_UNIONPAY_MER_ID: '',
      PAY_NOTIFY_OUT_OF_ORDER: 'false',
    });
    expect(config.PAY_ALIPAY_PRIVATE_KEY).toBe(pair.privateKey.trim());
    expect(alipayKeys(config, 'alipay')).toMatchObject({ appId: '2021000000000001' });
    expect(config.PAY_UNIONPAY_MER_ID).toBeUndefined();
    expect(config.PAY_NOTIFY_OUT_OF_ORDER).toBe(false);
  });

  it('names bad values', () => {
    expect(() => loadSandboxConfig({ REDIS_URL, PAY_WECHAT_API_V3_KEY: 'short' })).toThrow(/PAY_WECHAT_API_V3_KEY: must be 32 bytes/);
    expect(() => loadSandboxConfig({ REDIS_URL, PAY_ALIPAY_PRIVATE_KEY: 'not a key' })).toThrow(/PAY_ALIPAY_PRIVATE_KEY: must be a PEM key/);
    expect(() => loadSandboxConfig({ REDIS_URL, PAY_NOTIFY_FAILURE_RATE: '2' })).toThrow(/PAY_NOTIFY_FAILURE_RATE/);
    expect(() => loadSandboxConfig({ REDIS_URL, PAY_STRIPE_WEBHOOK_URL: 'ftp://x' })).toThrow(/PAY_STRIPE_WEBHOOK_URL/);
  });
});
