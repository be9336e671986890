import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_AGE_MS, SIGNATURE_HEADER, sign, signedHeaders, TIMESTAMP_HEADER, verifySignature } from './signing.js';

const SECRET = 'test-secret';
const BODY = '{"to":"+8613800138000","text":"hi"}';

describe('sandbox request signing', () => {
  it('is the hex HMAC-SHA256 of "timestamp.body"', () => {
    const expected = createHmac('sha256', SECRET).update(`1700000000000.${BODY}`).digest('hex');
    expect(sign(SECRET, 1700000000000, BODY)).toBe(expected);
    expect(signedHeaders(SECRET, BODY, 1700000000000)).toEqual({ [TIMESTAMP_HEADER]: '1700000000000', [SIGNATURE_HEADER]: expected });
  });

  it('accepts its own headers', () => {
    expect(verifySignature(SECRET, signedHeaders(SECRET, BODY), BODY)).toEqual({ ok: true });
  });

  it.each([
    ['another body', () => signedHeaders(SECRET, BODY), BODY.replace('hi', 'ho'), 'bad-signature'],
    ['another secret', () => signedHeaders('other', BODY), BODY, 'bad-signature'],
    ['a truncated signature', () => ({ ...signedHeaders(SECRET, BODY), [SIGNATURE_HEADER]: 'abcd' }), BODY, 'bad-signature'],
    ['a non-hex signature', () => ({ ...signedHeaders(SECRET, BODY), [SIGNATURE_HEADER]: 'z'.repeat(64) }), BODY, 'bad-signature'],
    ['an old timestamp', () => signedHeaders(SECRET, BODY, Date.now() - MAX_AGE_MS - 1000), BODY, 'expired'],
    ['a far-future timestamp', () => signedHeaders(SECRET, BODY, Date.now() + MAX_AGE_MS + 1000), BODY, 'expired'],
    ['a timestamp that is no number', () => ({ ...signedHeaders(SECRET, BODY), [TIMESTAMP_HEADER]: 'yesterday' }), BODY, 'expired'],
    ['no signature', () => ({ [TIMESTAMP_HEADER]: String(Date.now()) }), BODY, 'missing'],
    ['no headers', () => ({}), BODY, 'missing'],
  ])('rejects %s', (_, headers, payload, reason) => {
    expect(verifySignature(SECRET, headers(), payload)).toEqual({ ok: false, reason });
  });
});
