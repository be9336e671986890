// Alipay / AlipayHK adapter: the test plays the gateway, signing its answers with the provider key.
import { describe, expect, it } from 'vitest';
import { ClientType } from '@aipay/contracts';
import { alipaySigningString, rsa2Sign, rsa2Verify } from '@aipay/pay-protocols';
import { alipayAdapter, rawJsonMember, type AlipaySettings } from './alipay.js';
import { ChannelError } from './index.js';
import { hangingProvider, json, merchant, playProvider, provider, refundInput, rsaPair, testOrder, tradeInput, type SentRequest } from './testing.js';

const settings: AlipaySettings = {
  protocol: 'alipay',
  appId: '2021000000000001',
  privateKey: merchant.privateKey,
  publicKey: provider.publicKey,
  gatewayUrl: 'http://alipay.test/gateway.do',
};

/** The gateway's answer: `{…_response, sign}`, signed over the exact member text. */
function answer(method: string, response: Record<string, string>, tamper?: (text: string) => string): Response {
  const member = JSON.stringify(response);
  const sign = rsa2Sign(member, provider.privateKey);
  const text = `{"${method.replaceAll('.', '_')}_response":${member},"sign":"${sign}"}`;
  return json(tamper ? tamper(text) : text);
}

/** What the gateway checks: our signature over the request with the merchant public key. */
function requestVerifies(params: Record<string, string>): boolean {
  return rsa2Verify(alipaySigningString(params, 'request'), params.sign ?? '', merchant.publicKey);
}

const formOf = (request: SentRequest) => Object.fromEntries(new URLSearchParams(request.body));

describe('rawJsonMember', () => {
  it('cuts the exact text of an object member, braces inside strings included', () => {
    const text = '{"a_response":{"msg":"x}{\\"y","n":{"k":1}} ,"sign":"s"}';
    expect(rawJsonMember(text, 'a_response')).toBe('{"msg":"x}{\\"y","n":{"k":1}}');
    expect(rawJsonMember(text, 'missing')).toBeNull();
  });
});

describe('Alipay precreate (desktop)', () => {
  it('sends a signed precreate and answers the verified qr_code', async () => {
    const order = testOrder({ payAmount: 1_230 });
    const { http, sent } = playProvider(() =>
      answer('alipay.trade.precreate', { code: '10000', msg: 'Success', out_trade_no: order._id, qr_code: 'http://sandbox.test/pay/page/t1' }),
    );
    const trade = await alipayAdapter(settings, http).createTrade(tradeInput(order));
    expect(trade).toEqual({ payUrl: 'http://sandbox.test/pay/page/t1' });
    const params = formOf(sent[0]!);
    expect(sent[0]).toMatchObject({ method: 'POST', url: settings.gatewayUrl });
    expect(params).toMatchObject({ app_id: settings.appId, method: 'alipay.trade.precreate', format: 'JSON', charset: 'utf-8', sign_type: 'RSA2', version: '1.0' });
    expect(params.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(params.notify_url).toBe('https://pay.example.com/v1/pay/notify/test');
    expect(JSON.parse(params.biz_content!)).toMatchObject({ out_trade_no: order._id, total_amount: '12.30', timeout_express: expect.stringMatching(/^1[45]m$/) });
    expect(requestVerifies(params)).toBe(true);
  });

  it('refuses an answer whose signature does not match (tampered qr_code)', async () => {
    const { http } = playProvider(() =>
      answer('alipay.trade.precreate', { code: '10000', msg: 'Success', qr_code: 'http://sandbox.test/a' }, (text) => text.replace('/a"', '/b"')),
    );
    const error = await alipayAdapter(settings, http).createTrade(tradeInput(testOrder())).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChannelError);
    expect(error).toMatchObject({ protocol: 'alipay', reason: 'badSignature' });
  });

  it('turns a refusal, an unreachable gateway and a hanging one into ChannelError', async () => {
    const refused = playProvider(() => answer('alipay.trade.precreate', { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_HAS_SUCCESS' }));
    await expect(alipayAdapter(settings, refused.http).createTrade(tradeInput(testOrder()))).rejects.toMatchObject({ reason: 'refused' });
    const down = playProvider(() => Promise.reject(new TypeError('fetch failed')));
    await expect(alipayAdapter(settings, down.http).createTrade(tradeInput(testOrder()))).rejects.toMatchObject({ reason: 'unreachable' });
    await expect(alipayAdapter(settings, hangingProvider(50)).createTrade(tradeInput(testOrder()))).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('is not configured without its keys', async () => {
    const { http, sent } = playProvider(() => json({}));
    await expect(alipayAdapter({ ...settings, privateKey: undefined }, http).createTrade(tradeInput(testOrder()))).rejects.toMatchObject({
      reason: 'notConfigured',
    });
    expect(sent).toHaveLength(0);
  });
});

describe('Alipay wap.pay (mobile)', () => {
  it('answers a signed gateway link without calling the provider', async () => {
    const order = testOrder();
    const { http, sent } = playProvider(() => json({}));
    const { payUrl } = await alipayAdapter(settings, http).createTrade(tradeInput(order, ClientType.mobile));
    expect(sent).toHaveLength(0);
    const url = new URL(payUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(settings.gatewayUrl);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({ method: 'alipay.trade.wap.pay', return_url: tradeInput(order).returnUrl, notify_url: tradeInput(order).notifyUrl });
    expect(JSON.parse(params.biz_content!)).toMatchObject({ out_trade_no: order._id, total_amount: '360.00', product_code: 'QUICK_WAP_WAY' });
    expect(requestVerifies(params)).toBe(true);
  });
});

describe('Alipay refund', () => {
  const paid = testOrder({ status: 'refunding', providerTradeNo: '2026TRADE' });

  it('sends our refundNo as out_request_no; 10000 is succeeded, fund_change N too', async () => {
    for (const fundChange of ['Y', 'N']) {
      const { http, sent } = playProvider(() => answer('alipay.trade.refund', { code: '10000', msg: 'Success', fund_change: fundChange, trade_no: '2026TRADE' }));
      const input = refundInput(paid);
      expect(await alipayAdapter(settings, http).refund(input)).toMatchObject({ status: 'succeeded', providerRefundNo: '2026TRADE' });
      const params = formOf(sent[0]!);
      expect(params.method).toBe('alipay.trade.refund');
      expect(JSON.parse(params.biz_content!)).toEqual({ out_trade_no: paid._id, refund_amount: '144.00', out_request_no: input.refund.refundNo });
      expect(requestVerifies(params)).toBe(true);
    }
  });

  it('answers failed on a business refusal, processing on a system error, throws on an unsigned answer', async () => {
    const failed = playProvider(() => answer('alipay.trade.refund', { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' }));
    expect(await alipayAdapter(settings, failed.http).refund(refundInput(paid))).toMatchObject({ status: 'failed', message: expect.stringContaining('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL') });
    const busy = playProvider(() => answer('alipay.trade.refund', { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR' }));
    expect(await alipayAdapter(settings, busy.http).refund(refundInput(paid))).toMatchObject({ status: 'processing' });
    const unsigned = playProvider(() => json({ alipay_trade_refund_response: { code: '40004', msg: 'Business Failed' } }));
    await expect(alipayAdapter(settings, unsigned.http).refund(refundInput(paid))).rejects.toBeInstanceOf(ChannelError);
  });
});

describe('AlipayHK', () => {
  it('signs with its own keys and app id at its own gateway', async () => {
    const hk = rsaPair();
    const hkSettings: AlipaySettings = { protocol: 'alipayhk', appId: '2021000000000002', privateKey: hk.privateKey, publicKey: provider.publicKey, gatewayUrl: 'http://hk.test/gateway.do' };
    const { http, sent } = playProvider(() => answer('alipay.trade.precreate', { code: '10000', msg: 'Success', qr_code: 'http://sandbox.test/hk' }));
    expect(await alipayAdapter(hkSettings, http).createTrade(tradeInput(testOrder()))).toEqual({ payUrl: 'http://sandbox.test/hk' });
    const params = formOf(sent[0]!);
    expect(sent[0]!.url).toBe('http://hk.test/gateway.do');
    expect(params.app_id).toBe('2021000000000002');
    expect(rsa2Verify(alipaySigningString(params, 'request'), params.sign!, hk.publicKey)).toBe(true);
  });
});
