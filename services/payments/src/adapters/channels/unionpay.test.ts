// UnionPay adapter: the front form (payHtml, escaped, signature verifiable by UnionPay) and the
// refund whose signed answer the test plays with the provider key.
import { describe, expect, it } from 'vitest';
import { ClientType, PayChannel, TransactionType } from '@aipay/contracts';
import { signUnionPay, verifyUnionPay } from '@aipay/pay-protocols';
import { ChannelError } from './index.js';
import { merchant, playProvider, provider, refundInput, testOrder, tradeInput } from './testing.js';
import { autoSubmitForm, unionPayAdapter, type UnionPaySettings } from './unionpay.js';

const settings: UnionPaySettings = {
  merId: '777290058110048',
  privateKey: merchant.privateKey,
  certId: '69629715588',
  publicKey: provider.publicKey,
  frontUrl: 'http://unionpay.test/gateway/api/frontTransReq.do',
  backUrl: 'http://unionpay.test/gateway/api/backTransReq.do',
  refundNotifyUrl: 'https://pay.example.com/v1/pay/notify/unionpay/refund',
};
const unionOrder = (overrides = {}) => testOrder({ channelType: PayChannel.allPay, transactionType: TransactionType.union, ...overrides });

const unescape = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The fields of the form as the browser would post them. */
function formFields(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((match) => [unescape(match[1]!), unescape(match[2]!)]));
}

describe('UnionPay front transaction', () => {
  it('answers an auto-submitting form with signed fields UnionPay can verify', async () => {
    const order = unionOrder();
    const { http, sent } = playProvider(() => new Response(''));
    const desktop = await unionPayAdapter(settings, http).createTrade(tradeInput(order));
    const mobile = await unionPayAdapter(settings, http).createTrade(tradeInput(order, ClientType.mobile));
    expect(sent).toHaveLength(0);
    expect(desktop.payHtml).toContain(`<form id="pay_form" method="post" action="${settings.frontUrl}">`);
    expect(desktop.payHtml).toContain('document.forms[0].submit()');
    const fields = formFields(desktop.payHtml!);
    expect(fields).toMatchObject({
      version: '5.1.0',
      encoding: 'UTF-8',
      signMethod: '01',
      txnType: '01',
      txnSubType: '01',
      bizType: '000201',
      channelType: '07',
      accessType: '0',
      merId: settings.merId,
      orderId: order._id,
      txnTime: '20260301100000',
      txnAmt: '36000',
      currencyCode: '156',
      frontUrl: tradeInput(order).returnUrl,
      backUrl: tradeInput(order).notifyUrl,
      certId: settings.certId,
    });
    expect(fields.payTimeout).toMatch(/^\d{14}$/);
    expect(verifyUnionPay(fields, merchant.publicKey)).toBe(true);
    expect(formFields(mobile.payHtml!).channelType).toBe('08');
  });

  it('escapes every value it writes into the page', () => {
    const html = autoSubmitForm('http://x.test/"><script>alert(1)</script>', { frontUrl: `https://web.test/?a=1&b="'<b>` });
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('action="http://x.test/&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(html).toContain('value="https://web.test/?a=1&amp;b=&quot;&#39;&lt;b&gt;"');
    expect(formFields(html).frontUrl).toBe(`https://web.test/?a=1&b="'<b>`);
  });
});

describe('UnionPay refund', () => {
  const order = unionOrder({ status: 'refunding', providerTradeNo: 'Q202603010001' });

  /** UnionPay's signed answer, form-encoded or written raw (`+` and `/` unescaped). */
  function answer(fields: Record<string, string>, raw = false): Response {
    const signed = { version: '5.1.0', signMethod: '01', merId: settings.merId!, ...fields };
    const params = { ...signed, signature: signUnionPay(signed, provider.privateKey) };
    const text = raw ? Object.entries(params).map(([key, value]) => `${key}=${value}`).join('&') : new URLSearchParams(params).toString();
    return new Response(text, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }

  it('sends a signed txnType 04 with our refundNo and the payment queryId; 00 is succeeded', async () => {
    const input = refundInput(order);
    for (const raw of [false, true]) {
      const { http, sent } = playProvider(() => answer({ respCode: '00', respMsg: 'success', orderId: input.refund.refundNo, queryId: 'Q-REFUND-1' }, raw));
      expect(await unionPayAdapter(settings, http).refund(input)).toEqual({ status: 'succeeded', providerRefundNo: 'Q-REFUND-1' });
      const fields = Object.fromEntries(new URLSearchParams(sent[0]!.body));
      expect(sent[0]!.url).toBe(settings.backUrl);
      expect(fields).toMatchObject({
        txnType: '04',
        txnSubType: '00',
        bizType: '000201',
        orderId: input.refund.refundNo,
        origQryId: 'Q202603010001',
        txnAmt: '14400',
        txnTime: '20260301110000',
        backUrl: settings.refundNotifyUrl,
      });
      expect(verifyUnionPay(fields, merchant.publicKey)).toBe(true);
    }
  });

  it('reads other codes, and refuses an answer whose signature does not verify', async () => {
    const play = (response: Response) => unionPayAdapter(settings, playProvider(() => response).http).refund(refundInput(order));
    expect(await play(answer({ respCode: '05', respMsg: 'in progress' }))).toMatchObject({ status: 'processing' });
    expect(await play(answer({ respCode: '12', respMsg: 'duplicate' }))).toMatchObject({ status: 'failed', message: '12 duplicate' });
    const forged = answer({ respCode: '00' });
    const tampered = new Response((await forged.text()).replace('respCode=00', 'respCode=01'));
    await expect(play(tampered)).rejects.toMatchObject({ reason: 'badSignature' });
    await expect(play(new Response('respCode=00'))).rejects.toBeInstanceOf(ChannelError);
  });
});
