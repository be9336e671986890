// The issuers' signed APIs over HTTP against the real Redis: signatures both ways, issuing, money
// in and out idempotent by request id, freeze / unfreeze / cancel, the USD reserve.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { ISSUER_SCHEMES, signIssuerRequest, verifyIssuerAnswer } from '@aipay/pay-protocols';
import { sandboxes } from '../pay/testkit.js';
import { luhnValid } from './cards.js';
import { holder, issuerClient, issuerEnv, issuerSecrets, requestId, type IssuerCall } from './testkit.js';

const secrets = issuerSecrets();
const boxes = sandboxes();
afterEach(() => boxes.closeApps());
afterAll(() => boxes.cleanup());

async function clients(env: Record<string, string> = {}) {
  const app = await boxes.build({ ...issuerEnv(secrets), ...env });
  return { app, qb: issuerClient(app, 'qbitbudget', secrets), cp: issuerClient(app, 'corpay', secrets) };
}

async function issue(call: IssuerCall, extra: object = {}) {
  const answer = await call('POST', '/cards', { requestId: requestId('ISSUE'), holder, ...extra });
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as { cardId: string; number: string; balance: number };
}

describe('card issuer API', () => {
  it('issues a card: Luhn-valid number on the platform BIN, MM/YY expiry, CVV, US billing address; signed answers', async () => {
    const { qb, cp } = await clients();
    const now = new Date();
    const pro = await qb('POST', '/cards', { requestId: requestId(), holder, validityYears: 4, initialAmount: 2500, label: 'Pro' });
    expect(pro.status).toBe(200);
    expect(pro.answerSigned).toBe(true);
    const card = pro.json;
    expect(card).toMatchObject({
      cardId: expect.stringMatching(/^qbc_/),
      platform: 'qbitbudget',
      brand: 'visa',
      status: 'active',
      balance: 2500,
      currency: 'USD',
      validityYears: 4,
      holderName: 'San Zhang',
      cvv: expect.stringMatching(/^\d{3}$/),
      billingAddress: { addressLine1: expect.any(String), city: expect.any(String), postalCode: expect.stringMatching(/^\d{5}$/), stateName: expect.any(String), country: 'US' },
      replayed: false,
    });
    expect(card.number).toMatch(/^(485932|428837)\d{10}$/);
    expect(luhnValid(card.number)).toBe(true);
    const month = String(now.getUTCMonth() + 1).padStart(2, '0');
    expect(card.expiry).toBe(`${month}/${String((now.getUTCFullYear() + 4) % 100).padStart(2, '0')}`);

    const standard = await cp('POST', '/cards', { requestId: requestId(), holder });
    expect(standard.answerSigned).toBe(true);
    expect(standard.json).toMatchObject({ cardId: expect.stringMatching(/^cp_card_/), brand: 'mastercard', validityYears: 2, balance: 0 });
    expect(standard.json.number).toMatch(/^(556347|531993)\d{10}$/);
    expect(luhnValid(standard.json.number)).toBe(true);
    expect(standard.json.expiry).toBe(`${month}/${String((now.getUTCFullYear() + 2) % 100).padStart(2, '0')}`);

    const shown = await qb('GET', `/cards/${card.cardId}`);
    expect(shown.json).toMatchObject({ cardId: card.cardId, last4: card.number.slice(-4), balance: 2500 });
    expect(shown.json.number).toBeUndefined();
    expect(shown.json.cvv).toBeUndefined();
    expect((await qb('GET', `/cards/${card.cardId}/secure`)).json).toMatchObject({ number: card.number, cvv: card.cvv, expiry: card.expiry });
    expect((await cp('GET', `/cards/${card.cardId}`)).status).toBe(404);
  });

  it('issues once per request id', async () => {
    const { qb } = await clients();
    const id = requestId();
    const [a, b] = await Promise.all([qb('POST', '/cards', { requestId: id, holder }), qb('POST', '/cards', { requestId: id, holder })]);
    expect(a.json.cardId).toBe(b.json.cardId);
    expect([a.json.replayed, b.json.replayed].sort()).toEqual([false, true]);
  });

  it('refuses tampered, expired, unsigned and cross-platform requests, and answers in the platform shape', async () => {
    const { app, qb } = await clients();
    const card = await issue(qb);
    const ok = await qb('GET', `/cards/${card.cardId}`);
    expect(ok.status).toBe(200);

    const body = JSON.stringify({ requestId: requestId(), amount: 100 });
    const url = `${ISSUER_SCHEMES.qbitbudget.basePath}/cards/${card.cardId}/top-up`;
    const signed = signIssuerRequest('qbitbudget', { secret: secrets.qbitbudget.apiSecret, method: 'POST', path: url, body });
    const tampered = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...signed }, payload: body.replace('100', '900') });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toEqual({ error: { code: 'invalid_signature', message: 'Signature check failed: signatureMismatch.' } });

    const expired = await qb('GET', `/cards/${card.cardId}`, undefined, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(expired.status).toBe(401);
    expect(expired.json.error.message).toContain('timestampOutsideTolerance');
    expect(expired.answerSigned).toBe(true);

    const unsigned = await app.inject({ method: 'GET', url: `${ISSUER_SCHEMES.qbitbudget.basePath}/reserve` });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json().error.message).toContain('missingHeaders');

    // Corpay's secret and headers on QbitBudget's path.
    const cpUrl = `${ISSUER_SCHEMES.qbitbudget.basePath}/reserve`;
    const cpSigned = signIssuerRequest('corpay', { secret: secrets.corpay.apiSecret, method: 'GET', path: cpUrl, body: '' });
    expect((await app.inject({ method: 'GET', url: cpUrl, headers: cpSigned })).statusCode).toBe(401);

    const broken = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...signed }, payload: '{"requestId":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('invalid_request');
    expect(verifyIssuerAnswer('qbitbudget', { secret: secrets.qbitbudget.webhookSecret, status: 400, path: url, body: broken.body, headers: broken.headers as Record<string, string> }).ok).toBe(true);

    const bad = await qb('POST', `/cards/${card.cardId}/top-up`, { requestId: requestId(), amount: -5 });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('amount') });
  });

  it('answers 401 naming the variable while a platform has no API secret', async () => {
    const app = await boxes.build();
    const answer = await app.inject({ method: 'GET', url: '/corpay/api/v2/reserve' });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error).toMatchObject({ code: 'not_configured', message: expect.stringContaining('PAY_ISSUER_CORPAY_API_SECRET') });
  });

  it('tops up and withdraws idempotently by request id, never below zero', async () => {
    const { qb } = await clients();
    const card = await issue(qb, { initialAmount: 1000 });
    const topUp = { requestId: requestId('TOP'), amount: 500 };
    const first = await qb('POST', `/cards/${card.cardId}/top-up`, topUp);
    expect(first.json).toMatchObject({ transaction: { type: 'topUp', amount: 500, balanceAfter: 1500, requestId: topUp.requestId }, card: { balance: 1500 }, replayed: false });
    const again = await qb('POST', `/cards/${card.cardId}/top-up`, topUp);
    expect(again.json).toMatchObject({ transaction: { transactionId: first.json.transaction.transactionId }, card: { balance: 1500 }, replayed: true });
    const reused = await qb('POST', `/cards/${card.cardId}/withdraw`, topUp);
    expect(reused.status).toBe(409);
    expect(reused.json.error.code).toBe('request_id_reused');

    const withdrawals = await Promise.all(Array.from({ length: 5 }, () => qb('POST', `/cards/${card.cardId}/withdraw`, { requestId: requestId('WD'), amount: 400 })));
    expect(withdrawals.filter((w) => w.status === 200)).toHaveLength(3);
    const refused = withdrawals.filter((w) => w.status === 409);
    expect(refused.every((w) => w.json.error.code === 'insufficient_balance')).toBe(true);
    const after = await qb('GET', `/cards/${card.cardId}/transactions`);
    expect(after.json.balance).toBe(300);
    expect(after.json.transactions.map((t: { type: string }) => t.type)).toEqual(['withdraw', 'withdraw', 'withdraw', 'topUp', 'topUp']);
    const latest = await qb('GET', `/cards/${card.cardId}/transactions?limit=2`);
    expect(latest.answerSigned).toBe(true);
    expect(latest.json.transactions).toHaveLength(2);
  });

  it('freezes, unfreezes and cancels; cancelling returns the balance to the reserve', async () => {
    const { qb } = await clients();
    const card = await issue(qb, { initialAmount: 700 });
    expect((await qb('POST', `/cards/${card.cardId}/freeze`)).json.card.status).toBe('frozen');
    expect((await qb('POST', `/cards/${card.cardId}/freeze`, {})).json.card.status).toBe('frozen');
    expect((await qb('POST', `/cards/${card.cardId}/top-up`, { requestId: requestId(), amount: 100 })).json.card.balance).toBe(800);
    expect((await qb('POST', `/cards/${card.cardId}/unfreeze`)).json.card.status).toBe('active');
    const reserveBefore = (await qb('GET', '/reserve')).json.available;
    const cancelled = await qb('POST', `/cards/${card.cardId}/cancel`, { requestId: requestId('CANCEL') });
    expect(cancelled.json).toMatchObject({ card: { status: 'cancelled', balance: 0 }, released: 800 });
    expect((await qb('GET', '/reserve')).json.available).toBe(reserveBefore + 800);
    expect((await qb('POST', `/cards/${card.cardId}/cancel`)).json).toMatchObject({ released: 0 });
    expect((await qb('POST', `/cards/${card.cardId}/unfreeze`)).json.error.code).toBe('card_cancelled');
    expect((await qb('POST', `/cards/${card.cardId}/top-up`, { requestId: requestId(), amount: 1 })).json.error.code).toBe('card_cancelled');
    expect((await qb('POST', '/cards/qbc_missing/freeze')).status).toBe(404);
  });

  it('draws issuing and top-ups from the USD reserve and refuses to open a card while it is depleted', async () => {
    const { app, qb, cp } = await clients({ PAY_ISSUER_CARD_FEE_CENTS: '100' });
    const setReserve = (cents: number) => app.inject({ method: 'POST', url: '/issuer/qbitbudget/reserve', payload: { cents } });
    expect((await setReserve(1000)).json().data).toEqual({ platform: 'qbitbudget', currency: 'USD', available: 1000 });
    const card = await issue(qb, { initialAmount: 400 });
    expect((await qb('GET', '/reserve')).json).toEqual({ currency: 'USD', available: 500 });
    const topUp = await qb('POST', `/cards/${card.cardId}/top-up`, { requestId: requestId(), amount: 600 });
    expect(topUp.json.error.code).toBe('reserve_depleted');

    const corpayBefore = (await cp('GET', '/reserve')).json.available;
    await setReserve(0);
    const refused = await qb('POST', '/cards', { requestId: requestId(), holder });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'reserve_depleted', available: 0, needed: 100 });
    expect((await cp('GET', '/reserve')).json.available).toBe(corpayBefore);
    expect((await app.inject({ method: 'GET', url: '/issuer/qbitbudget/reserve' })).json().data.available).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/issuer/photon/reserve' })).statusCode).toBe(400);
    await setReserve(10_000_000);
  });
});
