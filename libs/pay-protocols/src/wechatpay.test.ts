import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  WechatDecryptError,
  buildWechatAuthorization,
  decryptWechatResource,
  encryptWechatResource,
  readWechatHeaders,
  signWechatRequest,
  verifyWechatNotification,
  wechatNotificationMessage,
  wechatRequestMessage,
} from './wechatpay.js';
import { TEST_PRIVATE_KEY_PEM } from './testKeys.js';

const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
const request = {
  method: 'POST',
  urlPath: '/v3/pay/transactions/native',
  timestamp: 1_767_225_600,
  nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
  body: '{"appid":"wxd678efh567hg6787","mchid":"1230000109","out_trade_no":"P20260131000001","amount":{"total":71234}}',
};

// openssl dgst -sha256 -sign testKeys.pem over wechatRequestMessage(request).
const REQUEST_SIGNATURE =
  'jEaix7ESbDjil9bXVrqes3Mq85XRDZ+dxI0TsRuIlJ5vtGNOWZOyqCSJNC61395FSARl9oHh/oK3zw5DbCeqnf/58MT07RqiWfd7wNfyB6bfJ9AHUGpXfA5tNapFxoXLIJIsJVvZdIjHQvJf/EN3rfyrftfQzGwvZhT6N61TjcNHq1egQN1T+aeWuUTzG2RIXTbBBvGClX//R5WwdYg7qoQzcpaI23JRdhwl0/14M8Br5OpzqD0VnRbZS27Wu9vQ9SOe5IUJNCdIP3Hri0AmifWdhmFChtaeNWZyLntjWyiv3QAlKmNc/FiBQBaFrxx/R6owoXf4jvMPb1Cufya4NQ==';

describe('WeChat Pay v3 request signature', () => {
  it('builds the message with a trailing newline after the body', () => {
    expect(wechatRequestMessage({ ...request, method: 'GET', body: '' })).toBe(
      'GET\n/v3/pay/transactions/native\n1767225600\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
    );
  });

  it('puts a verifiable signature in the Authorization header', () => {
    const header = buildWechatAuthorization({ ...request, mchid: '1230000109', serialNo: '5157F09EFDC096DE15EBE81A47057A72', merchantPrivateKey: merchant.privateKey });
    const match =
      /^WECHATPAY2-SHA256-RSA2048 mchid="1230000109",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",signature="([^"]+)",timestamp="1767225600",serial_no="5157F09EFDC096DE15EBE81A47057A72"$/.exec(header);
    expect(match).not.toBeNull();
    const signature = Buffer.from(match![1]!, 'base64');
    expect(verify('sha256', Buffer.from(wechatRequestMessage(request)), merchant.publicKey, signature)).toBe(true);
    expect(verify('sha256', Buffer.from(wechatRequestMessage({ ...request, body: '{}' })), merchant.publicKey, signature)).toBe(false);
    expect(signWechatRequest(request, merchant.privateKey)).toBe(match![1]);
  });

  it('matches the openssl vector with the TEST key', () => {
    expect(signWechatRequest(request, TEST_PRIVATE_KEY_PEM)).toBe(REQUEST_SIGNATURE);
  });
});

describe('WeChat Pay v3 notification', () => {
  const body = '{"id":"EV-2018022511223320873","event_type":"TRANSACTION.SUCCESS","resource":{}}';
  const now = 1_767_225_600;
  // Signed as WeChat does: SHA256withRSA of `${timestamp}\n${nonce}\n${body}\n` with its platform key.
  const signed = (text: string, timestamp = String(now)) => ({
    timestamp,
    nonce: 'fdasflkja484',
    serial: 'PLATFORM-SERIAL-1',
    signature: sign('sha256', Buffer.from(wechatNotificationMessage({ timestamp, nonce: 'fdasflkja484', body: text })), platform.privateKey).toString('base64'),
  });
  const platformKeys = { 'PLATFORM-SERIAL-1': platform.publicKey };

  it('verifies a signed notification', () => {
    expect(verifyWechatNotification({ headers: signed(body), body, platformKeys, nowSeconds: now + 60 })).toEqual({ ok: true });
  });

  it.each([
    ['a tampered body', (h: ReturnType<typeof signed>) => ({ headers: h, body: body.replace('SUCCESS', 'REFUND') }), 'badSignature'],
    ['an unknown serial', (h: ReturnType<typeof signed>) => ({ headers: { ...h, serial: 'OTHER' }, body }), 'unknownSerial'],
    ['a stale timestamp', (h: ReturnType<typeof signed>) => ({ headers: h, body, nowSeconds: now + 301 }), 'timestampOutsideTolerance'],
    ['a non-numeric timestamp', (h: ReturnType<typeof signed>) => ({ headers: { ...h, timestamp: 'soon' }, body }), 'timestampOutsideTolerance'],
    ['a changed nonce', (h: ReturnType<typeof signed>) => ({ headers: { ...h, nonce: 'other' }, body }), 'badSignature'],
    ['a garbage signature', (h: ReturnType<typeof signed>) => ({ headers: { ...h, signature: '%%%' }, body }), 'badSignature'],
  ] as const)('refuses %s', (_label, change, reason) => {
    const input = { platformKeys, nowSeconds: now, ...change(signed(body)) };
    expect(verifyWechatNotification(input)).toEqual({ ok: false, reason });
  });

  it('reads the Wechatpay-* headers in any case', () => {
    expect(readWechatHeaders({ 'Wechatpay-Timestamp': '1', 'wechatpay-nonce': 'n', 'WECHATPAY-SIGNATURE': 's', 'wechatpay-serial': ['x'] })).toEqual({
      timestamp: '1',
      nonce: 'n',
      signature: 's',
      serial: 'x',
    });
    expect(readWechatHeaders({ 'wechatpay-timestamp': '1' })).toBeNull();
  });
});

describe('AEAD_AES_256_GCM resource', () => {
  const apiV3Key = '0123456789abcdefghijklmnopqrstuv';
  const plaintext = '{"mchid":"1900000001","out_trade_no":"P20260131000001","trade_state":"SUCCESS","amount":{"total":71234,"currency":"CNY"}}';
  // Python cryptography AESGCM(key).encrypt(b"fdasflkja484", plaintext, b"transaction").
  const VECTOR = {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext:
      'kdUy8AAEd+F97t+v/8pygRXsZH8tC3RjNMxky9nmEGoawi1zMcqwTen7odbDUpPZqiPfn0i5Gb6vBYq9jNsEBnn0XXC/+J3XIFcxu9wSKOpbObc4GUTWOhyqPW6MMHcidg0qssNwaf4Kqu4bj+MbAcnWJwi02JQuc87adSH99LqVDJUS88T7cYg=',
    nonce: 'fdasflkja484',
    associated_data: 'transaction',
    original_type: 'transaction',
  };

  it('decrypts the fixed vector', () => {
    expect(decryptWechatResource(VECTOR, apiV3Key)).toBe(plaintext);
  });

  it('encrypts to the same vector and round-trips', () => {
    const resource = encryptWechatResource({ plaintext, apiV3Key, nonce: 'fdasflkja484', associatedData: 'transaction', originalType: 'transaction' });
    expect(resource).toEqual(VECTOR);
    expect(decryptWechatResource(resource, apiV3Key)).toBe(plaintext);
  });

  it.each([
    ['the wrong key', { ...VECTOR }, 'vutsrqponmlkjihgfedcba9876543210'],
    ['changed associated data', { ...VECTOR, associated_data: 'refund' }, apiV3Key],
    ['a flipped ciphertext byte', { ...VECTOR, ciphertext: `A${VECTOR.ciphertext.slice(1)}` }, apiV3Key],
    ['another algorithm', { ...VECTOR, algorithm: 'AES_128_CBC' }, apiV3Key],
    ['a key of the wrong length', { ...VECTOR }, 'short'],
  ])('refuses %s', (_label, resource, key) => {
    expect(() => decryptWechatResource(resource, key)).toThrow(WechatDecryptError);
  });
});
