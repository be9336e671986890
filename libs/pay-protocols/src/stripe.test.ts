import { describe, expect, it } from 'vitest';
import { parseStripeSignatureHeader, stripeSignature, stripeSignatureHeader, verifyStripeSignature } from './stripe.js';

const secret = 'whsec_test_secret';
const payload = '{"id":"evt_1","type":"payment_intent.succeeded"}';
const t = 1_767_225_600; // 2026-01-01T00:00:00Z
// python3: hmac.new(secret, f"{t}.{payload}", sha256).hexdigest()
const EXPECTED = '0739de02968cd6964663b290409abfa00a8c327e21a27dc8b631b96d278d877d';

describe('Stripe-style webhook signature', () => {
  it('is the hex HMAC-SHA256 of "t.payload"', () => {
    expect(stripeSignature(payload, secret, t)).toBe(EXPECTED);
    expect(stripeSignature(Buffer.from(payload), secret, t)).toBe(EXPECTED);
    expect(stripeSignatureHeader({ payload, secret, timestamp: t })).toBe(`t=${t},v1=${EXPECTED}`);
  });

  it('parses several v1 signatures and ignores other schemes', () => {
    expect(parseStripeSignatureHeader(`t=${t},v1=aa,v0=bb,v1=cc`)).toEqual({ timestamp: t, signatures: ['aa', 'cc'] });
  });

  it.each([
    [`t=${t},v1=${EXPECTED}`, t, 'a fresh header'],
    [`t=${t},v1=${EXPECTED}`, t + 300, 'exactly 300 s old'],
    [`t=${t},v1=${'0'.repeat(64)},v1=${EXPECTED}`, t, 'the second of two v1 signatures (secret roll)'],
    [`t=${t}, v1=${EXPECTED}`, t, 'spaces after commas'],
  ])('accepts %s at %d (%s)', (header, nowSeconds) => {
    expect(verifyStripeSignature({ payload, header, secret, nowSeconds })).toEqual({ ok: true, timestamp: t });
  });

  it.each([
    [payload, `t=${t},v1=${EXPECTED}`, secret, t + 301, 'timestampOutsideTolerance', 'a header 301 s old'],
    [payload, `t=${t},v1=${EXPECTED}`, secret, t - 301, 'timestampOutsideTolerance', 'a header from the future'],
    [payload, `t=${t},v1=${EXPECTED}`, 'whsec_other', t, 'signatureMismatch', 'the wrong secret'],
    [payload.replace('evt_1', 'evt_2'), `t=${t},v1=${EXPECTED}`, secret, t, 'signatureMismatch', 'a tampered payload'],
    [payload, `t=${t + 1},v1=${EXPECTED}`, secret, t, 'signatureMismatch', 'a changed timestamp'],
    [payload, `t=${t},v1=${EXPECTED.slice(0, 62)}`, secret, t, 'signatureMismatch', 'a truncated signature'],
    [payload, `t=${t},v0=${EXPECTED}`, secret, t, 'noSignature', 'only a v0 signature'],
    [payload, `v1=${EXPECTED}`, secret, t, 'malformedHeader', 'no timestamp'],
    [payload, '', secret, t, 'malformedHeader', 'an empty header'],
  ])('refuses %s with %s (%s)', (body, header, key, nowSeconds, reason, _label) => {
    expect(verifyStripeSignature({ payload: body, header, secret: key, nowSeconds })).toEqual({ ok: false, reason });
  });
});
