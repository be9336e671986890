import { describe, expect, it } from 'vitest';
import * as entry from './index.js';
import {
  ISSUER_SCHEMES,
  isIssuerPlatform,
  issuerSignature,
  issuerSigningString,
  signIssuerAnswer,
  signIssuerRequest,
  signIssuerWebhook,
  verifyIssuerAnswer,
  verifyIssuerRequest,
  verifyIssuerWebhook,
} from './issuer.js';

const t = 1_767_225_600; // 2026-01-01T00:00:00Z
const qbBody = '{"requestId":"R1","amount":1000}';
const qbPath = '/qbitbudget/v1/cards/qb_123/top-up';
// Computed independently:
// printf '%s' '1767225600.POST./qbitbudget/v1/cards/qb_123/top-up.{"requestId":"R1","amount":1000}' | openssl dgst -sha256 -hmac qb_api_secret -hex
const QB_REQUEST = '5ef6f37d04dbfc81a1a7bf13b844b682f9fff21468c5df1480a887631e9c73fd';
// printf '%s' '1767225600.POST./corpay/api/v2/cards/cp_123/top-up.{"requestId":"R1","amount":1000}' | openssl dgst -sha256 -hmac cp_api_secret -binary | base64
const CP_REQUEST = 'lMaYjURSMQaJAcok482uCGvF1e15hgqd/hnoIUhhVPo=';
// printf '%s' '1767225600.200./qbitbudget/v1/cards/qb_123.{"cardId":"qb_123"}' | openssl dgst -sha256 -hmac qb_webhook_secret -hex
const QB_ANSWER = 'c85d665222cb7bcaf4bbdd3f0dd04533e7bf067d0683315ed6300a8029fb7baa';
// printf '%s' '1767225600.POST.evt_abc.{"id":"evt_abc"}' | openssl dgst -sha256 -hmac cp_webhook_secret -binary | base64
const CP_WEBHOOK = '+UHRtT2M43CJTBY4w5yqSWW0Txev/9T7EE2bYZmX6Ts=';

describe('card issuer signatures', () => {
  it('signs `timestamp.METHOD.path.body`: hex for QbitBudget, base64 for Corpay (fixed vectors)', () => {
    expect(issuerSigningString({ timestamp: t, method: 'post', path: qbPath, body: qbBody })).toBe(`${t}.POST.${qbPath}.${qbBody}`);
    expect(signIssuerRequest('qbitbudget', { secret: 'qb_api_secret', method: 'POST', path: qbPath, body: qbBody, timestamp: t })).toEqual({
      'x-qb-timestamp': String(t),
      'x-qb-signature': QB_REQUEST,
    });
    const cpPath = '/corpay/api/v2/cards/cp_123/top-up';
    expect(signIssuerRequest('corpay', { secret: 'cp_api_secret', method: 'POST', path: cpPath, body: qbBody, timestamp: t })).toEqual({
      'corpay-timestamp': String(t),
      'corpay-signature': CP_REQUEST,
    });
    expect(signIssuerAnswer('qbitbudget', { secret: 'qb_webhook_secret', status: 200, path: '/qbitbudget/v1/cards/qb_123', body: '{"cardId":"qb_123"}', timestamp: t })['x-qb-signature']).toBe(QB_ANSWER);
    expect(signIssuerWebhook('corpay', { secret: 'cp_webhook_secret', webhookId: 'evt_abc', body: '{"id":"evt_abc"}', timestamp: t })).toEqual({
      'corpay-timestamp': String(t),
      'corpay-signature': CP_WEBHOOK,
      'corpay-event-id': 'evt_abc',
    });
    expect(issuerSignature('qbitbudget', 'qb_api_secret', `${t}.POST.${qbPath}.${qbBody}`)).toBe(QB_REQUEST);
  });

  it('keeps the two platforms apart: paths and header names differ', () => {
    expect(ISSUER_SCHEMES.qbitbudget.basePath).not.toBe(ISSUER_SCHEMES.corpay.basePath);
    expect(ISSUER_SCHEMES.qbitbudget.signatureHeader).not.toBe(ISSUER_SCHEMES.corpay.signatureHeader);
    expect(isIssuerPlatform('corpay')).toBe(true);
    expect(isIssuerPlatform('photon')).toBe(false);
  });

  const request = { secret: 'qb_api_secret', method: 'POST', path: qbPath, body: qbBody };
  const headers = { 'X-QB-Timestamp': String(t), 'x-qb-signature': QB_REQUEST };

  it.each([
    [t, 'a fresh request (header names in any case)'],
    [t + 300, 'exactly 300 s old'],
    [t - 300, '300 s in the future'],
  ])('accepts at %d: %s', (now) => {
    expect(verifyIssuerRequest('qbitbudget', { ...request, headers, now })).toEqual({ ok: true, timestamp: t });
  });

  it.each([
    [{ ...request, now: t + 301 }, headers, 'timestampOutsideTolerance', 'expired'],
    [{ ...request, now: t - 301 }, headers, 'timestampOutsideTolerance', 'from the future'],
    [{ ...request, now: t, body: qbBody.replace('1000', '9000') }, headers, 'signatureMismatch', 'a tampered body'],
    [{ ...request, now: t, path: '/qbitbudget/v1/cards/qb_999/top-up' }, headers, 'signatureMismatch', 'another path'],
    [{ ...request, now: t, method: 'PUT' }, headers, 'signatureMismatch', 'another method'],
    [{ ...request, now: t, secret: 'other' }, headers, 'signatureMismatch', 'another secret'],
    [{ ...request, now: t }, { ...headers, 'x-qb-signature': QB_REQUEST.toUpperCase() }, 'signatureMismatch', 'upper-case hex'],
    [{ ...request, now: t }, { ...headers, 'x-qb-signature': `${QB_REQUEST}zz` }, 'signatureMismatch', 'trailing garbage'],
    [{ ...request, now: t }, { 'x-qb-signature': QB_REQUEST }, 'missingHeaders', 'no timestamp'],
    [{ ...request, now: t }, { 'corpay-timestamp': String(t), 'corpay-signature': QB_REQUEST }, 'missingHeaders', "the other platform's headers"],
  ])('refuses case %#', (input, given, reason, _label) => {
    expect(verifyIssuerRequest('qbitbudget', { ...input, headers: given })).toEqual({ ok: false, reason });
  });

  it('verifies answers and webhooks, the webhook id bound into the signature', () => {
    const answer = { secret: 'qb_webhook_secret', status: 200, path: '/qbitbudget/v1/cards/qb_123', body: '{"cardId":"qb_123"}', now: t };
    expect(verifyIssuerAnswer('qbitbudget', { ...answer, headers: { 'x-qb-timestamp': String(t), 'x-qb-signature': QB_ANSWER } }).ok).toBe(true);
    expect(verifyIssuerAnswer('qbitbudget', { ...answer, status: 201, headers: { 'x-qb-timestamp': String(t), 'x-qb-signature': QB_ANSWER } }).ok).toBe(false);

    const webhook = { secret: 'cp_webhook_secret', body: '{"id":"evt_abc"}', now: t };
    const good = { 'corpay-timestamp': String(t), 'corpay-signature': CP_WEBHOOK, 'corpay-event-id': 'evt_abc' };
    expect(verifyIssuerWebhook('corpay', { ...webhook, headers: good })).toEqual({ ok: true, timestamp: t, webhookId: 'evt_abc' });
    expect(verifyIssuerWebhook('corpay', { ...webhook, headers: { ...good, 'corpay-event-id': 'evt_other' } })).toEqual({ ok: false, reason: 'signatureMismatch' });
    expect(verifyIssuerWebhook('corpay', { ...webhook, headers: { ...good, 'corpay-event-id': undefined } })).toEqual({ ok: false, reason: 'missingHeaders' });
    expect(verifyIssuerWebhook('corpay', { ...webhook, now: t + 301, headers: good })).toEqual({ ok: false, reason: 'timestampOutsideTolerance' });
  });

  it('is exported from the package entry', () => {
    for (const name of ['signIssuerRequest', 'verifyIssuerRequest', 'signIssuerAnswer', 'verifyIssuerAnswer', 'signIssuerWebhook', 'verifyIssuerWebhook']) {
      expect(typeof (entry as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});
