import { describe, expect, it } from 'vitest';
import * as protocols from './index.js';

describe('package entry', () => {
  it('exports every provider scheme, both the signing and the verifying side', () => {
    for (const name of [
      'signedAlipayRequest',
      'verifyAlipayNotification',
      'signedAlipayHkRequest',
      'verifyAlipayHkNotification',
      'buildWechatAuthorization',
      'verifyWechatNotification',
      'encryptWechatResource',
      'decryptWechatResource',
      'stripeSignatureHeader',
      'verifyStripeSignature',
      'signUnionPay',
      'verifyUnionPay',
    ]) {
      expect(typeof (protocols as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});
