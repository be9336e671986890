// WeChat Pay v3 adapter: the test plays the API, checking our Authorization signature with the
// merchant public key and signing its answers with the platform key.
import { sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ClientType } from '@aipay/contracts';
import { wechatNotificationMessage, wechatRequestMessage } from '@aipay/pay-protocols';
import { ChannelError } from './index.js';
import { json, merchant, playProvider, provider, refundInput, testOrder, tradeInput, type SentRequest } from './testing.js';
import { wechatAdapter, type WechatSettings } from './wechat.js';

const settings: WechatSettings = {
  appId: 'wx0000000000000001',
  mchId: '1900000001',
  privateKey: merchant.privateKey,
  serialNo: 'MERCHANTSERIAL',
  platformSerial: 'PLATFORMSERIAL',
  platformPublicKey: provider.publicKey,
  apiBase: 'http://wechat.test/wechat',
};

/** A platform-signed answer (Wechatpay-* headers over `timestamp\nnonce\nbody\n`). */
function signed(body: unknown, status = 200, tamper = false): Response {
  const text = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = 'n0nce';
  const signature = sign('sha256', Buffer.from(wechatNotificationMessage({ timestamp, nonce, body: text })), provider.privateKey).toString('base64');
  return json(tamper ? text.replace('pay', 'qay') : text, status, {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': 'PLATFORMSERIAL',
  });
}

/** What WeChat checks: the Authorization header's signature over the request as received. */
function authorizationVerifies(request: SentRequest): boolean {
  const header = request.headers.authorization ?? '';
  expect(header.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
  const fields = Object.fromEntries([...header.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]]));
  expect(fields).toMatchObject({ mchid: '1900000001', serial_no: 'MERCHANTSERIAL' });
  const url = new URL(request.url);
  const message = wechatRequestMessage({
    method: request.method,
    urlPath: `${url.pathname}${url.search}`,
    timestamp: Number(fields.timestamp),
    nonce: fields.nonce_str ?? '',
    body: request.body,
  });
  return verify('sha256', Buffer.from(message), merchant.publicKey, Buffer.from(fields.signature ?? '', 'base64'));
}

describe('WeChat native and h5 orders', () => {
  it('creates a native order (desktop) and answers the verified code_url', async () => {
    const order = testOrder({ channelType: 4, transactionType: 2 });
    const { http, sent } = playProvider(() => signed({ code_url: 'weixin://wxpay/bizpayurl?pr=abc' }));
    expect(await wechatAdapter(settings, http).createTrade(tradeInput(order))).toEqual({ payUrl: 'weixin://wxpay/bizpayurl?pr=abc' });
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'http://wechat.test/wechat/v3/pay/transactions/native' });
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      appid: settings.appId,
      mchid: settings.mchId,
      out_trade_no: order._id,
      notify_url: tradeInput(order).notifyUrl,
      amount: { total: 36_000, currency: 'CNY' },
      time_expire: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/),
    });
    expect(authorizationVerifies(sent[0]!)).toBe(true);
  });

  it('creates an h5 order (mobile) with the payer address', async () => {
    const order = testOrder({ channelType: 4, transactionType: 2 });
    const { http, sent } = playProvider(() => signed({ h5_url: 'https://wx.tenpay.test/h5?prepay_id=1' }));
    expect(await wechatAdapter(settings, http).createTrade(tradeInput(order, ClientType.mobile))).toEqual({ payUrl: 'https://wx.tenpay.test/h5?prepay_id=1' });
    expect(sent[0]!.url).toBe('http://wechat.test/wechat/v3/pay/transactions/h5');
    expect(JSON.parse(sent[0]!.body).scene_info).toEqual({ payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } });
    expect(authorizationVerifies(sent[0]!)).toBe(true);
  });

  it('refuses a tampered or unsigned answer and an error status', async () => {
    const tampered = playProvider(() => signed({ code_url: 'weixin://wxpay/x' }, 200, true));
    await expect(wechatAdapter(settings, tampered.http).createTrade(tradeInput(testOrder()))).rejects.toMatchObject({ reason: 'badSignature' });
    const unsigned = playProvider(() => json({ code_url: 'weixin://wxpay/x' }));
    await expect(wechatAdapter(settings, unsigned.http).createTrade(tradeInput(testOrder()))).rejects.toMatchObject({ reason: 'badSignature' });
    const refused = playProvider(() => signed({ code: 'ORDERPAID', message: 'paid' }, 403));
    const error = await wechatAdapter(settings, refused.http).createTrade(tradeInput(testOrder())).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ reason: 'refused', message: expect.stringContaining('ORDERPAID') });
  });
});

describe('WeChat refunds', () => {
  const order = testOrder({ channelType: 4, transactionType: 2, status: 'refunding', providerTradeNo: '4200000001' });

  it('posts our refundNo as out_refund_no and reads SUCCESS / PROCESSING / CLOSED', async () => {
    const input = refundInput(order);
    for (const [status, expected] of [['SUCCESS', 'succeeded'], ['PROCESSING', 'processing'], ['CLOSED', 'failed']] as const) {
      const { http, sent } = playProvider(() => signed({ refund_id: '50000001', out_refund_no: input.refund.refundNo, status }));
      expect(await wechatAdapter(settings, http).refund(input)).toMatchObject({ status: expected, providerRefundNo: '50000001' });
      expect(sent[0]!.url).toBe('http://wechat.test/wechat/v3/refund/domestic/refunds');
      expect(JSON.parse(sent[0]!.body)).toEqual({
        out_trade_no: order._id,
        out_refund_no: input.refund.refundNo,
        amount: { refund: 14_400, total: 36_000, currency: 'CNY' },
      });
      expect(authorizationVerifies(sent[0]!)).toBe(true);
    }
  });

  it('asks first when the refund may have been sent (sweep), posting only when WeChat does not know it', async () => {
    const input = { ...refundInput(order), inquire: true };
    const known = playProvider(() => signed({ refund_id: '5001', status: 'SUCCESS' }));
    expect(await wechatAdapter(settings, known.http).refund(input)).toMatchObject({ status: 'succeeded' });
    expect(known.sent.map((request) => request.method)).toEqual(['GET']);
    expect(known.sent[0]!.url).toBe(`http://wechat.test/wechat/v3/refund/domestic/refunds/${input.refund.refundNo}`);
    expect(authorizationVerifies(known.sent[0]!)).toBe(true);
    const unknown = playProvider((request) =>
      request.method === 'GET' ? signed({ code: 'RESOURCE_NOT_EXISTS', message: 'no refund' }, 404) : signed({ refund_id: '5002', status: 'PROCESSING' }),
    );
    expect(await wechatAdapter(settings, unknown.http).refund(input)).toMatchObject({ status: 'processing' });
    expect(unknown.sent.map((request) => request.method)).toEqual(['GET', 'POST']);
  });

  it('answers failed on a definitive refusal and throws when WeChat says try later', async () => {
    const invalid = playProvider(() => signed({ code: 'INVALID_REQUEST', message: 'refund exceeds the order' }, 400));
    expect(await wechatAdapter(settings, invalid.http).refund(refundInput(order))).toMatchObject({ status: 'failed', message: expect.stringContaining('INVALID_REQUEST') });
    const busy = playProvider(() => signed({ code: 'SYSTEM_ERROR', message: 'busy' }, 500));
    await expect(wechatAdapter(settings, busy.http).refund(refundInput(order))).rejects.toBeInstanceOf(ChannelError);
    const noMoney = playProvider(() => signed({ code: 'NOT_ENOUGH', message: 'balance' }, 403));
    await expect(wechatAdapter(settings, noMoney.http).refund(refundInput(order))).rejects.toBeInstanceOf(ChannelError);
  });
});
