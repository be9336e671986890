import { describe, expect, it } from 'vitest';
import { OrderType, PayChannel, TransactionType } from './payConstants';
import { extractScriptRedirect, hasForm, hasIllegalSign, isHttpUrl, isNavigableUrl, withRedirectUrl } from './payContent';
import { redirectAction, type RedirectInput } from './redirectRules';

const RETURN = 'https://aipay.example/pay-result?orderNo=P1&redirect=1';
const FORM = '<html><body><form id="f" action="https://gateway.example/frontTransReq.do" method="post"><input name="a" value="1"></form><script>document.forms[0].submit()</script></body></html>';
const base: RedirectInput = { channelType: PayChannel.fourierAlipay, transactionType: TransactionType.alipay, orderType: OrderType.recharge, returnUrl: RETURN };

describe('redirect rules (seed 001 §4 item 6, 002 §4)', () => {
  it('channel 2 with an open-account order: submit the form in the returned HTML', () => {
    const input = { ...base, channelType: PayChannel.cardPaymentProvider, orderType: OrderType.openAccount };
    expect(redirectAction({ ...input, payHtml: FORM })).toEqual({ kind: 'submitForm', html: FORM });
  });

  it('channel 2 with an open-account order: else the redirect URL extracted from its script', () => {
    const input = { ...base, channelType: PayChannel.cardPaymentProvider, orderType: OrderType.openAccount };
    const html = '<script>window.location.href = "https://checkout.example/c/pay/cs_1?x=1&amp;y=2";</script>';
    expect(redirectAction({ ...input, payHtml: html })).toEqual({ kind: 'navigate', url: 'https://checkout.example/c/pay/cs_1?x=1&y=2' });
    expect(redirectAction({ ...input, payUrl: 'https://checkout.example/c/1' })).toEqual({ kind: 'navigate', url: 'https://checkout.example/c/1' });
    expect(redirectAction({ ...input, payHtml: '<p>nothing</p>' })).toEqual({ kind: 'none' });
  });

  it('channel 2 with another order type follows the general rule', () => {
    expect(redirectAction({ ...base, channelType: PayChannel.cardPaymentProvider, payUrl: 'https://checkout.example/c/1' })).toEqual({
      kind: 'navigate',
      url: 'https://checkout.example/c/1',
    });
  });

  it('UnionPay: navigate directly (any navigable URL), else the form', () => {
    const input = { ...base, channelType: PayChannel.allPay, transactionType: TransactionType.union };
    expect(redirectAction({ ...input, payUrl: 'upwrp://pay?tn=1' })).toEqual({ kind: 'navigate', url: 'upwrp://pay?tn=1' });
    expect(redirectAction({ ...input, payHtml: FORM })).toEqual({ kind: 'submitForm', html: FORM });
    expect(redirectAction({ ...input, payUrl: 'javascript:alert(1)' })).toEqual({ kind: 'none' });
  });

  it.each([PayChannel.newPay, PayChannel.newAllPayUnion])('new pay / new all-pay (%i): the URL or the form', (channelType) => {
    const input = { ...base, channelType, transactionType: TransactionType.alipayHK };
    expect(redirectAction({ ...input, payUrl: 'alipayhk://pay?x' })).toEqual({ kind: 'navigate', url: 'alipayhk://pay?x' });
    expect(redirectAction({ ...input, payHtml: FORM })).toEqual({ kind: 'submitForm', html: FORM });
  });

  it('WeChat: replace the location with the pay URL plus redirect_url (encoded)', () => {
    const action = redirectAction({ ...base, channelType: PayChannel.wechat, transactionType: TransactionType.wechat, payUrl: 'https://wx.tenpay.com/h5?prepay_id=wx1' });
    expect(action.kind).toBe('replace');
    const url = new URL((action as { url: string }).url);
    expect(url.searchParams.get('prepay_id')).toBe('wx1');
    expect(url.searchParams.get('redirect_url')).toBe(RETURN);
    expect((action as { url: string }).url).toContain('redirect_url=https%3A%2F%2Faipay.example%2Fpay-result%3ForderNo%3DP1%26redirect%3D1');
  });

  it('otherwise: an https URL navigates', () => {
    expect(redirectAction({ ...base, payUrl: 'https://openapi.alipay.com/gateway.do?x=1' })).toEqual({ kind: 'navigate', url: 'https://openapi.alipay.com/gateway.do?x=1' });
  });

  it('an http URL navigates too (local development sandbox)', () => {
    expect(redirectAction({ ...base, payUrl: 'http://127.0.0.1:8090/alipay/gateway.do?x=1' })).toEqual({ kind: 'navigate', url: 'http://127.0.0.1:8090/alipay/gateway.do?x=1' });
  });

  it('otherwise: no http(s) URL → submit the embedded form; nothing usable → none', () => {
    expect(redirectAction({ ...base, payUrl: 'alipays://platformapi', payHtml: FORM })).toEqual({ kind: 'submitForm', html: FORM });
    expect(redirectAction({ ...base, payHtml: FORM })).toEqual({ kind: 'submitForm', html: FORM });
    expect(redirectAction({ ...base, payUrl: 'alipays://platformapi' })).toEqual({ kind: 'none' });
    expect(redirectAction(base)).toEqual({ kind: 'none' });
  });
});

describe('pay content', () => {
  it('detects the ILLEGAL_SIGN marker (the seeds’ illegal-signature marker)', () => {
    expect(hasIllegalSign('<html><body>错误代码 ILLEGAL_SIGN 验签出错</body></html>')).toBe(true);
    expect(hasIllegalSign('<html>{"code":"ILLEGAL_SIGN"}</html>')).toBe(true);
    expect(hasIllegalSign(FORM)).toBe(false);
    expect(hasIllegalSign('illegal_sign')).toBe(false);
    expect(hasIllegalSign(undefined)).toBe(false);
  });
  it('finds forms', () => {
    expect(hasForm(FORM)).toBe(true);
    expect(hasForm('<FORM action="x">')).toBe(true);
    expect(hasForm('<formula>')).toBe(false);
    expect(hasForm(undefined)).toBe(false);
  });
  it('http(s) URLs and navigable URLs', () => {
    expect(isHttpUrl('https://a.example/x')).toBe(true);
    expect(isHttpUrl('HTTP://127.0.0.1:8090/p')).toBe(true);
    expect(isHttpUrl('weixin://wxpay')).toBe(false);
    expect(isHttpUrl('https://a b')).toBe(false);
    expect(isNavigableUrl('weixin://wxpay/bizpayurl?pr=1')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JavaScript:x', 'data:text/html,x', '/relative', '', undefined]) expect(isNavigableUrl(bad)).toBe(false);
  });
  it('extracts script and meta-refresh redirects (http(s) only)', () => {
    expect(extractScriptRedirect("<script>location.replace('https://a.example/p')</script>")).toBe('https://a.example/p');
    expect(extractScriptRedirect('<script>window.location.assign("https://a.example/q")</script>')).toBe('https://a.example/q');
    expect(extractScriptRedirect('<meta http-equiv="refresh" content="0;url=https://a.example/m">')).toBe('https://a.example/m');
    expect(extractScriptRedirect("<script>location.href='javascript:alert(1)'</script>")).toBeUndefined();
    expect(extractScriptRedirect('<p>none</p>')).toBeUndefined();
  });
  it('appends redirect_url to URLs it cannot parse too', () => {
    expect(withRedirectUrl('weird?x=1', 'https://r.example/?a=1')).toBe('weird?x=1&redirect_url=https%3A%2F%2Fr.example%2F%3Fa%3D1');
  });
});
