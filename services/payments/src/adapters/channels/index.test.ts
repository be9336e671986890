// protocolOf (docs/pay-channels.md "Which protocol a channel speaks"), the adapters built from the
// configuration, and the configuration of the channels.
import { describe, expect, it } from 'vitest';
import { PayChannel, TransactionType } from '@aipay/contracts';
import { loadPaymentsConfig, paymentsConfigSchema } from '../../config.js';
import { chinaCompact, chinaDateTime, chinaRfc3339, escapeHtml } from './support.js';
import { createChannels, PROTOCOLS, protocolOf } from './index.js';
import { merchant, playProvider, testOrder, tradeInput } from './testing.js';

describe('protocolOf', () => {
  it('maps channel 5 to balance (no wallet), channel 2 to stripe and every other channel by wallet', () => {
    expect(protocolOf(PayChannel.balance, null)).toBe('balance');
    expect(() => protocolOf(PayChannel.fourierAlipay, null)).toThrow(/needs a wallet/);
    const channels = Object.values(PayChannel).filter((channel) => channel !== PayChannel.cardPaymentProvider && channel !== PayChannel.balance);
    for (const channel of channels) {
      expect(protocolOf(channel, TransactionType.alipay)).toBe('alipay');
      expect(protocolOf(channel, TransactionType.wechat)).toBe('wechat');
      expect(protocolOf(channel, TransactionType.union)).toBe('unionpay');
      expect(protocolOf(channel, TransactionType.alipayHK)).toBe('alipayhk');
    }
    for (const wallet of Object.values(TransactionType)) expect(protocolOf(PayChannel.cardPaymentProvider, wallet)).toBe('stripe');
  });
});

describe('time and text helpers', () => {
  it('writes China time (UTC+8) in each provider format', () => {
    const at = new Date('2026-01-31T20:05:09.000Z');
    expect(chinaDateTime(at)).toBe('2026-02-01 04:05:09');
    expect(chinaCompact(at)).toBe('20260201040509');
    expect(chinaRfc3339(at)).toBe('2026-02-01T04:05:09+08:00');
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('channel configuration', () => {
  const base = { JWT_PUBLIC_KEY: 'pem' };

  it('points the providers at the sandbox outside production', () => {
    const config = loadPaymentsConfig(base);
    expect(config).toMatchObject({
      ALIPAY_GATEWAY_URL: 'http://127.0.0.1:8090/alipay/gateway.do',
      ALIPAYHK_GATEWAY_URL: 'http://127.0.0.1:8090/alipayhk/gateway.do',
      WECHAT_API_BASE: 'http://127.0.0.1:8090/wechat',
      STRIPE_API_BASE: 'http://127.0.0.1:8090/stripe',
      UNIONPAY_FRONT_URL: 'http://127.0.0.1:8090/unionpay/gateway/api/frontTransReq.do',
      UNIONPAY_BACK_URL: 'http://127.0.0.1:8090/unionpay/gateway/api/backTransReq.do',
      NOTIFY_BASE_URL: 'http://127.0.0.1:8102',
      PUBLIC_WEB_URL: 'http://127.0.0.1:8080',
      REFUND_SWEEP_MS: 15_000,
    });
    expect(config).not.toHaveProperty('PAY_PAGE_BASE');
  });

  it('requires the provider URLs and keys in production', () => {
    const call = () => loadPaymentsConfig({ ...base, NODE_ENV: 'production' });
    for (const key of ['ALIPAY_GATEWAY_URL', 'WECHAT_API_BASE', 'STRIPE_SECRET_KEY', 'UNIONPAY_CERT_ID', 'UNIONPAY_BACK_URL', 'NOTIFY_BASE_URL', 'PUBLIC_WEB_URL', 'WECHAT_APP_ID']) {
      expect(call).toThrow(new RegExp(`${key}: required in production`));
    }
  });

  it('accepts PEM values written on one line with literal \\n', async () => {
    const oneLine = merchant.privateKey.trim().replace(/\n/g, '\\n');
    const config = loadPaymentsConfig({ ...base, UNIONPAY_PRIVATE_KEY: oneLine, UNIONPAY_MER_ID: '1', UNIONPAY_CERT_ID: '2' });
    expect(config.UNIONPAY_PRIVATE_KEY).toContain('\n');
    // Parsed without the loader's help (as the test harness does), the adapter still reads it.
    const raw = paymentsConfigSchema.parse({ ...base, NODE_ENV: 'test', UNIONPAY_PRIVATE_KEY: oneLine, UNIONPAY_MER_ID: '1', UNIONPAY_CERT_ID: '2' });
    const trade = await createChannels(raw).adapter('unionpay').createTrade(tradeInput(testOrder({ transactionType: TransactionType.union })));
    expect(trade.payHtml).toContain('name="signature"');
  });

  it('builds an adapter per protocol; a protocol without keys is notConfigured and sends nothing', async () => {
    const { http, sent } = playProvider(() => new Response('{}'));
    const channels = createChannels(paymentsConfigSchema.parse({ ...base, NODE_ENV: 'test' }), { fetch: http.fetch });
    for (const protocol of PROTOCOLS) {
      expect(channels.adapter(protocol).protocol).toBe(protocol);
      await expect(channels.adapter(protocol).createTrade(tradeInput(testOrder()))).rejects.toMatchObject({ protocol, reason: 'notConfigured' });
    }
    expect(sent).toHaveLength(0);
  });
});
