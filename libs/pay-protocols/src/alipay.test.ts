import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { alipaySigningString, rsa2Verify, signAlipayRequest, signedAlipayRequest, verifyAlipayNotification } from './alipay.js';
import { signAlipayHkRequest, verifyAlipayHkNotification } from './alipayhk.js';
import { TEST_PRIVATE_KEY_PEM, TEST_PUBLIC_KEY_PEM } from './testKeys.js';

const notification = {
  app_id: '2021000000000001',
  charset: 'utf-8',
  gmt_payment: '2026-01-31 12:00:00',
  notify_id: 'ac05099524730693a8b330c5ecf72da9786',
  out_trade_no: 'P20260131000001',
  subject: '充值 recharge',
  total_amount: '102.00',
  trade_no: '2026013122001400000000000001',
  trade_status: 'TRADE_SUCCESS',
  buyer_logon_id: '',
  sign_type: 'RSA2',
};
// openssl dgst -sha256 -sign testKeys.pem over the signing string below.
const NOTIFICATION_SIGNATURE =
  'DukwnSb9qKy4gbxmOnrCONNcoPDEAj/TMc8qZ9UZ7dR7tg5R+GeBSUgvYlxXijP3DaNpLpPRDnvrTIfEEhXqMXrJ6sYsYOyIi3Vc5YbZBdllNvSnEgCctDB/6idGFACWtUm7Ctz1P/c3HL9RZp6+PII20WZMWOGcqM1QMv0zvLKTNRN7qTdBTrsayc437UxX+XCgHIYoQTcTnkx1lLrUcPIEIIPadWOTqLeBoZr47VOcD9J1gAgnItlvjW+9XAGlRJcg9j2cz2T4Ui+gQPLUrImNvr/kAkDilAO+wMLZw8K6JMwtmhIQ2gdPv92Q1ksrVbijQhYQs1zOxmYFMTCyXw==';

const request = {
  app_id: '2021000000000001',
  method: 'alipay.trade.page.pay',
  charset: 'utf-8',
  sign_type: 'RSA2',
  timestamp: '2026-01-31 12:00:00',
  version: '1.0',
  notify_url: undefined,
  biz_content: '{"out_trade_no":"P20260131000001","total_amount":"102.00","subject":"充值","product_code":"FAST_INSTANT_TRADE_PAY"}',
};
const REQUEST_SIGNATURE =
  'n7CU87VUlrAxhYgpUWl4Wtk6sstg4Oo0kXk4udey8z04CwRmGm6iwfhm+7tjE7vwNmnfSLJS1aDmAq+3BECxRRoZ2vysqLPw+gvJguTVO7ArgnVa3aVZo4vo2arN/5zmb7L7keZH1KITE6gKYotRDPH1awtyrIf+4zVBN45kPTsmyX7WWGZZYVIPFJNkonkLvFMnRAMaB65D7/KKRrIi4dRlPGHeBxYykcYs0z+jTcHLo7jfjF8Dq6t9F0Kb2ih7j+A8T6PFkZUxHBrlR/GLiIEn/KjSKCPYNSb8qwSy7xqM6X3aDqmZIQqBedWoUUd7a00kvsBZB4j/rmcmxttyeA==';

describe('Alipay signing string', () => {
  it('sorts by key, skips empty values, excludes sign and sign_type for a notification', () => {
    expect(alipaySigningString({ ...notification, sign: 'x' }, 'notification')).toBe(
      'app_id=2021000000000001&charset=utf-8&gmt_payment=2026-01-31 12:00:00&notify_id=ac05099524730693a8b330c5ecf72da9786' +
        '&out_trade_no=P20260131000001&subject=充值 recharge&total_amount=102.00&trade_no=2026013122001400000000000001&trade_status=TRADE_SUCCESS',
    );
  });

  it('keeps sign_type for a request, excludes only sign', () => {
    const text = alipaySigningString({ ...request, sign: 'x' }, 'request');
    expect(text).toContain('&sign_type=RSA2&');
    expect(text).not.toContain('sign=');
    expect(text).not.toContain('notify_url');
    expect(text.startsWith('app_id=')).toBe(true);
  });
});

describe('Alipay RSA2 fixed vectors (TEST key)', () => {
  it('signs a request exactly as openssl does', () => {
    expect(signAlipayRequest(request, TEST_PRIVATE_KEY_PEM)).toBe(REQUEST_SIGNATURE);
  });

  it('verifies a notification signed by openssl', () => {
    expect(verifyAlipayNotification({ ...notification, sign: NOTIFICATION_SIGNATURE }, TEST_PUBLIC_KEY_PEM)).toBe(true);
  });

  it.each([
    ['a changed amount', { total_amount: '1020.00' }],
    ['a changed status', { trade_status: 'TRADE_CLOSED' }],
    ['an added field', { refund_fee: '1.00' }],
    ['another sign type', { sign_type: 'RSA' }],
    ['a broken signature', { sign: 'not base64 at all!' }],
    ['no signature', { sign: undefined }],
  ])('refuses a notification with %s', (_label, change) => {
    expect(verifyAlipayNotification({ ...notification, sign: NOTIFICATION_SIGNATURE, ...change }, TEST_PUBLIC_KEY_PEM)).toBe(false);
  });
});

describe('Alipay round trip with a generated key pair', () => {
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });

  it('a notification signed by Alipay verifies with the Alipay public key, not the merchant one', () => {
    const sign = signAlipayRequest(notification, alipay.privateKey);
    // sign_type is part of a request's string but not of a notification's: sign without it.
    const { sign_type: _omit, ...withoutType } = notification;
    const signed = { ...notification, sign: signAlipayRequest(withoutType, alipay.privateKey) };
    expect(verifyAlipayNotification(signed, alipay.publicKey)).toBe(true);
    expect(verifyAlipayNotification(signed, merchant.publicKey)).toBe(false);
    expect(verifyAlipayNotification({ ...notification, sign }, alipay.publicKey)).toBe(false);
  });

  it('signedAlipayRequest adds sign_type and a sign over the non-empty fields', () => {
    const out = signedAlipayRequest({ app_id: '1', method: 'alipay.trade.query', empty: '' }, merchant.privateKey);
    expect(out['sign_type']).toBe('RSA2');
    expect(out).not.toHaveProperty('empty');
    const { sign, ...rest } = out;
    expect(rsa2Verify(alipaySigningString(rest, 'request'), sign!, merchant.publicKey)).toBe(true);
    expect(signAlipayRequest(rest, merchant.privateKey)).toBe(sign);
  });
});

describe('AlipayHK: the same RSA2 scheme with its own keys', () => {
  const hk = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keys = { merchantPrivateKey: TEST_PRIVATE_KEY_PEM, alipayHkPublicKey: hk.publicKey };

  it('signs requests with the merchant key (same vector as Alipay)', () => {
    expect(signAlipayHkRequest(request, keys)).toBe(REQUEST_SIGNATURE);
  });

  it('verifies notifications with the AlipayHK key only', () => {
    const { sign_type: _omit, ...withoutType } = notification;
    const sign = signAlipayRequest(withoutType, hk.privateKey);
    expect(verifyAlipayHkNotification({ ...notification, sign }, keys)).toBe(true);
    expect(verifyAlipayHkNotification({ ...notification, sign: NOTIFICATION_SIGNATURE }, keys)).toBe(false);
  });
});
