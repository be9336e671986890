import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signUnionPay, unionPayDigest, unionPaySigningString, verifyUnionPay } from './unionpay.js';
import { TEST_PRIVATE_KEY_PEM, TEST_PUBLIC_KEY_PEM } from './testKeys.js';

const params = {
  version: '5.1.0',
  signMethod: '01',
  txnType: '01',
  txnSubType: '01',
  bizType: '000201',
  accessType: '0',
  merId: '777290058110048',
  orderId: 'P20260131000001',
  txnTime: '20260131120000',
  txnAmt: '10200',
  currencyCode: '156',
  reqReserved: '',
};
// sha256sum of the signing string, then openssl dgst -sha256 -sign over that hex text.
const DIGEST = '3d227244da1b922b9f9d546a7f5c1b446ba0be8e2f8dd248ce5599e2bf67c192';
const SIGNATURE =
  'TMggCvl8YjImDlSkRy5JfcQvVXM0A4p/t8vHmPq14GSqfJ6YsUylcXu+p+fHewUR0Yp+e5NXCPljYGEA3z7HcltNNPYZGYgMEqmFGes/obYTyIPz+DVsr5/wo1KL3wuOdI5hrVNjNF3Wm+16NNJ2ffXzt6Gl3NqpkATHNERg0aLvvyvSwtrQHzoM4GQFn4nhqlMKPlhlSFzT8kyH7PCP3Mw53ZMwj/Bpm+0W5k8kRIk8OFn1VuNq8Kp06X2656lDfJqHqIfV8ox80ES++f8AFrNi9TzUsUZUEEHesjgsAtcA4bxAQJupVxuULoNd2lR+/nZdcgv0F5vN/Z0QjF6GNQ==';

describe('UnionPay 5.1 signMethod 01', () => {
  it('signs the sorted string of every non-empty field but signature', () => {
    expect(unionPaySigningString({ ...params, signature: 'x' })).toBe(
      'accessType=0&bizType=000201&currencyCode=156&merId=777290058110048&orderId=P20260131000001' +
        '&signMethod=01&txnAmt=10200&txnSubType=01&txnTime=20260131120000&txnType=01&version=5.1.0',
    );
    expect(unionPayDigest(params)).toBe(DIGEST);
  });

  it('matches the openssl vector (TEST key)', () => {
    expect(signUnionPay(params, TEST_PRIVATE_KEY_PEM)).toBe(SIGNATURE);
    expect(verifyUnionPay({ ...params, signature: SIGNATURE }, TEST_PUBLIC_KEY_PEM)).toBe(true);
  });

  it.each([
    ['a changed amount', { txnAmt: '10201' }],
    ['a changed order', { orderId: 'P20260131000002' }],
    ['no signature', { signature: undefined }],
    ['garbage', { signature: '@@@' }],
  ])('refuses %s', (_label, change) => {
    expect(verifyUnionPay({ ...params, signature: SIGNATURE, ...change }, TEST_PUBLIC_KEY_PEM)).toBe(false);
  });

  it('round-trips with a generated pair and refuses another key', () => {
    const a = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const b = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const signature = signUnionPay(params, a.privateKey);
    expect(verifyUnionPay({ ...params, signature }, a.publicKey)).toBe(true);
    expect(verifyUnionPay({ ...params, signature }, b.publicKey)).toBe(false);
  });
});
