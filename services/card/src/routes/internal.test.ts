// The internal balance API as payments calls it (docs/payments.md "Balance payments"; the stand-in
// payments tested against is services/payments/src/testing/card.ts): debits by orderNo with the
// first outcome final, keepAtLeast and reason, the debit status, credits by refundNo never above
// the debit, x-internal-token, and the temporary card plumbing, against the real store.
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { internal, openCard, startHarness, uid, type Harness } from '../testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const debit = (body: Record<string, unknown>) => internal(h, 'POST', '/internal/balance/debits', body);
const credit = (body: Record<string, unknown>) => internal(h, 'POST', '/internal/balance/credits', body);
const status = (orderNo: string) => internal(h, 'GET', `/internal/balance/debits/${orderNo}`);
const available = async (cardId: string) => (await h.app.ctx.ledger.read(cardId))!.balances.available;

describe('the internal token', () => {
  it('is required on every call (403 without it or with another), before the input is read; hidden from /openapi.json', async () => {
    for (const token of [null, 'wrong-token', `${h.token}x`]) {
      expect((await internal(h, 'POST', '/internal/balance/debits', {}, token)).statusCode).toBe(403);
      expect((await internal(h, 'GET', '/internal/balance/debits/P1', undefined, token)).statusCode).toBe(403);
      expect((await internal(h, 'POST', '/internal/balance/credits', {}, token)).statusCode).toBe(403);
      expect((await internal(h, 'POST', '/internal/cards', {}, token)).envelope.code).toBe(403);
      expect((await internal(h, 'GET', '/internal/cards/x', undefined, token)).envelope.code).toBe(403);
    }
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/internal'))).toEqual([]);
  });
});

describe('POST /internal/cards (temporary plumbing)', () => {
  it('creates an empty active card, answers it again for the same user, 409 for another user', async () => {
    const userId = uid('u');
    const created = await internal(h, 'POST', '/internal/cards', { userId, cardId: 'card-fixed-1' });
    expect(created.envelope).toMatchObject({ code: 200, data: { cardId: 'card-fixed-1', userId, status: 'active', balances: { available: 0, reward: 0, abnormal: 0 } } });
    expect((await internal(h, 'POST', '/internal/cards', { userId, cardId: 'card-fixed-1' })).envelope.code).toBe(200);
    expect((await internal(h, 'POST', '/internal/cards', { userId: 'other', cardId: 'card-fixed-1' })).statusCode).toBe(409);
    expect((await internal(h, 'POST', '/internal/cards', { userId })).envelope.data.cardId).toMatch(/^crd_[0-9a-f]{20}$/);
    expect((await internal(h, 'GET', '/internal/cards/card-fixed-1')).envelope.data).toMatchObject({ userId, status: 'active' });
    expect((await internal(h, 'GET', '/internal/cards/nope')).statusCode).toBe(404);
  });
});

describe('POST /internal/balance/debits', () => {
  it('debits once and answers the balance after; a repeat answers the same and debits nothing', async () => {
    const { userId, cardId } = await openCard(h, 5000);
    const body = { userId, cardId, orderNo: uid('P'), amount: 1200 };
    expect((await debit(body)).envelope).toEqual({ code: 200, msg: 'success', data: { status: 'debited', balance: 3800 } });
    expect((await debit(body)).envelope.data).toEqual({ status: 'debited', balance: 3800 });
    expect(await available(cardId)).toBe(3800);
    expect((await status(body.orderNo)).envelope.data).toEqual({ status: 'debited' });
    const card = (await h.app.ctx.ledger.read(cardId))!;
    expect(card.journal.at(-1)).toMatchObject({ opId: `balancePay:${body.orderNo}`, kind: 'balancePay', recordType: 3, amount: 1200, ref: { orderNo: body.orderNo } });
  });

  it('10 concurrent identical debits take the money once and all answer debited', async () => {
    const { userId, cardId } = await openCard(h, 1000);
    const body = { userId, cardId, orderNo: uid('P'), amount: 700 };
    const answers = await Promise.all(Array.from({ length: 10 }, () => debit(body)));
    expect(answers.map((answer) => answer.envelope.data.status)).toEqual(Array(10).fill('debited'));
    expect(new Set(answers.map((answer) => answer.envelope.data.balance))).toEqual(new Set([300]));
    expect(await available(cardId)).toBe(300);
    expect((await h.app.ctx.ledger.invariant(cardId)).operations).toBe(2);
  });

  it('refuses beyond the balance for good (a later recharge changes nothing), with the balance', async () => {
    const { userId, cardId } = await openCard(h, 500);
    const body = { userId, cardId, orderNo: uid('P'), amount: 501 };
    expect((await debit(body)).envelope.data).toEqual({ status: 'insufficient', balance: 500 });
    await h.app.ctx.ledger.apply(cardId, { kind: 'recharge', key: uid('P'), amount: 10_000 });
    expect((await debit(body)).envelope.data).toEqual({ status: 'insufficient', balance: 500 });
    expect((await status(body.orderNo)).envelope.data).toEqual({ status: 'none' });
    expect(await available(cardId)).toBe(10_500);
  });

  it('keeps keepAtLeast on the card; a recharge refund is a withdrawal (record type 8)', async () => {
    const { userId, cardId } = await openCard(h, 1000);
    const refused = await debit({ userId, cardId, orderNo: uid('R'), amount: 600, keepAtLeast: 401, reason: 'rechargeRefund' });
    expect(refused.envelope.data).toEqual({ status: 'insufficient', balance: 1000 });
    const orderNo = uid('R');
    expect((await debit({ userId, cardId, orderNo, amount: 600, keepAtLeast: 400, reason: 'rechargeRefund' })).envelope.data).toEqual({ status: 'debited', balance: 400 });
    expect((await h.app.ctx.ledger.lookup(cardId, `rechargeRefund:${orderNo}`))).toMatchObject({ kind: 'rechargeRefund', recordType: 8 });
  });

  it('answers noCard for an unknown, another user’s or a cancelled card, frozen for a frozen card', async () => {
    const { userId, cardId } = await openCard(h, 1000);
    expect((await debit({ userId, cardId: 'no-such-card', orderNo: uid('P'), amount: 1 })).envelope.data).toEqual({ status: 'noCard' });
    expect((await debit({ userId: 'someone-else', cardId, orderNo: uid('P'), amount: 1 })).envelope.data).toEqual({ status: 'noCard' });
    await h.app.ctx.models.Card.updateOne({ _id: cardId }, { status: 'frozen' });
    const frozen = { userId, cardId, orderNo: uid('P'), amount: 1 };
    expect((await debit(frozen)).envelope.data).toEqual({ status: 'frozen', balance: 1000 });
    await h.app.ctx.models.Card.updateOne({ _id: cardId }, { status: 'active' });
    expect((await debit(frozen)).envelope.data).toEqual({ status: 'frozen', balance: 1000 });
    expect(await available(cardId)).toBe(1000);
    await h.app.ctx.models.Card.updateOne({ _id: cardId }, { status: 'cancelled' });
    expect((await debit({ userId, cardId, orderNo: uid('P'), amount: 1 })).envelope.data).toEqual({ status: 'noCard' });
  });

  it('answers 409 for the same orderNo with other values, 400 naming a bad field', async () => {
    const { userId, cardId } = await openCard(h, 1000);
    const body = { userId, cardId, orderNo: uid('P'), amount: 100 };
    await debit(body);
    for (const other of [{ amount: 101 }, { userId: 'x' }, { cardId: 'y' }, { keepAtLeast: 5 }, { reason: 'rechargeRefund' }]) {
      const answer = await debit({ ...body, ...other });
      expect(answer.statusCode).toBe(409);
      expect(answer.envelope.code).toBe(409);
    }
    for (const [field, bad] of [['amount', 0], ['amount', 1.5], ['orderNo', ''], ['keepAtLeast', -1], ['reason', 'gift']] as const) {
      const answer = await debit({ ...body, orderNo: uid('P'), [field]: bad });
      expect(answer.statusCode).toBe(400);
      expect(answer.envelope.data.field).toBe(field);
    }
    expect(await available(cardId)).toBe(900);
  });

  it('finishes a debit a crash left pending: before the ledger (applies it) and after it (answers it)', async () => {
    const { userId, cardId } = await openCard(h, 1000);
    const pending = (orderNo: string) =>
      h.app.ctx.models.Debit.create({ _id: orderNo, userId, cardId, amount: 100, keepAtLeast: 0, reason: 'balancePay', status: 'pending', createdAt: new Date() });
    const before = uid('P');
    await pending(before);
    expect((await status(before)).envelope.data).toEqual({ status: 'none' });
    expect((await debit({ userId, cardId, orderNo: before, amount: 100 })).envelope.data).toEqual({ status: 'debited', balance: 900 });
    const after = uid('P');
    await pending(after);
    await h.app.ctx.ledger.apply(cardId, { kind: 'balancePay', key: after, amount: 100 });
    expect((await status(after)).envelope.data).toEqual({ status: 'debited' });
    expect((await debit({ userId, cardId, orderNo: after, amount: 100 })).envelope.data).toEqual({ status: 'debited', balance: 800 });
    expect(await available(cardId)).toBe(800);
    expect((await status('never-asked')).envelope.data).toEqual({ status: 'none' });
  });
});

describe('POST /internal/balance/credits', () => {
  async function debited(amount = 1000) {
    const { userId, cardId } = await openCard(h, 2000);
    const orderNo = uid('P');
    expect((await debit({ userId, cardId, orderNo, amount })).envelope.data.status).toBe('debited');
    return { userId, cardId, orderNo };
  }

  it('credits once per refundNo (8 concurrent copies → one credit)', async () => {
    const order = await debited();
    const body = { ...order, refundNo: uid('R'), amount: 400 };
    const answers = await Promise.all(Array.from({ length: 8 }, () => credit(body)));
    expect(answers.map((answer) => answer.envelope)).toEqual(Array(8).fill({ code: 200, msg: 'success', data: { status: 'credited' } }));
    expect(await available(order.cardId)).toBe(1400);
    expect((await credit(body)).envelope.data).toEqual({ status: 'credited' });
    expect(await available(order.cardId)).toBe(1400);
    expect((await h.app.ctx.ledger.lookup(order.cardId, `balanceRefund:${body.refundNo}`))).toMatchObject({ recordType: 4, amount: 400 });
  });

  it('never credits more than was debited for the order, even concurrently', async () => {
    const order = await debited(1000);
    const answers = await Promise.all(Array.from({ length: 5 }, () => credit({ ...order, refundNo: uid('R'), amount: 300 })));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(2);
    expect(await available(order.cardId)).toBe(1900);
    expect((await credit({ ...order, refundNo: uid('R'), amount: 100 })).statusCode).toBe(200);
    expect((await credit({ ...order, refundNo: uid('R'), amount: 1 })).statusCode).toBe(409);
    expect((await h.app.ctx.ledger.invariant(order.cardId)).ok).toBe(true);
  });

  it('answers 409 for no debit (refused, unknown, another card or user) and for a refundNo reused with other values', async () => {
    const order = await debited();
    const { userId, cardId } = await openCard(h, 10);
    const refused = { userId, cardId, orderNo: uid('P'), amount: 11 };
    expect((await debit(refused)).envelope.data.status).toBe('insufficient');
    expect((await credit({ ...refused, refundNo: uid('R') })).statusCode).toBe(409);
    expect((await credit({ ...order, orderNo: 'unknown-order', refundNo: uid('R'), amount: 1 })).statusCode).toBe(409);
    expect((await credit({ ...order, cardId, refundNo: uid('R'), amount: 1 })).statusCode).toBe(409);
    expect((await credit({ ...order, userId, refundNo: uid('R'), amount: 1 })).statusCode).toBe(409);
    const refundNo = uid('R');
    expect((await credit({ ...order, refundNo, amount: 10 })).statusCode).toBe(200);
    expect((await credit({ ...order, refundNo, amount: 11 })).statusCode).toBe(409);
    expect(await available(order.cardId)).toBe(1010);
    expect(await available(cardId)).toBe(10);
  });
});

describe('over HTTP, as payments’ client reads it', () => {
  it('answers the envelope with HTTP 200 / 403 / 409', async () => {
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const post = (path: string, body: unknown, token = h.token) =>
      fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-internal-token': token }, body: JSON.stringify(body) });
    const { userId, cardId } = await openCard(h, 300);
    const body = { userId, cardId, orderNo: uid('P'), amount: 100 };
    const ok = await post('/internal/balance/debits', body);
    expect([ok.status, await ok.json()]).toEqual([200, { code: 200, msg: 'success', data: { status: 'debited', balance: 200 } }]);
    const conflict = await post('/internal/balance/debits', { ...body, amount: 99 });
    expect([conflict.status, ((await conflict.json()) as { code: number }).code]).toEqual([409, 409]);
    const refused = await post('/internal/balance/debits', body, 'not-the-token');
    expect([refused.status, ((await refused.json()) as { code: number }).code]).toEqual([403, 403]);
    const read = await fetch(`${url}/internal/balance/debits/${body.orderNo}`, { headers: { 'x-internal-token': h.token } });
    expect(await read.json()).toEqual({ code: 200, msg: 'success', data: { status: 'debited' } });
  });
});
