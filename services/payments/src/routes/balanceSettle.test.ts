// Balance orders (channel 5) after the payment call: the expiry path asks the card before closing a
// pending one, and refunds go back to the card through the refund executor (credits idempotent by
// refundNo), against the real store and the card stand-in (testing/card.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RefundExecutor } from '../refunds.js';
import { call, startHarness, storedOrder, type Harness } from '../testing/harness.js';
import { balanceBody, balancePay, balancePayer, cardCallsFor, type BalancePayer } from '../testing/balance.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.card.down = false;
  h.card.failWith = null;
});

/** A balance order left pending (the card was down when it was paid); answers its orderNo and body. */
async function pendingOrder(payer: BalancePayer) {
  const body = balanceBody(payer);
  h.card.down = true;
  const answer = await balancePay(h, payer.token, body);
  h.card.down = false;
  expect(answer.statusCode).toBe(503);
  return { orderNo: answer.envelope.data.orderNo as string, body };
}

const expire = (orderNo: string) => h.app.ctx.orders.models.Order.updateOne({ _id: orderNo }, { $set: { expireAt: new Date(Date.now() - 1_000) } });
const statusQuestions = (orderNo: string) => cardCallsFor(h, orderNo).filter((entry) => entry.method === 'GET');

describe('expiry of a pending balance order', () => {
  it('asks the card first: debited there (our answer was lost) → paid with payment.succeeded, not closed', async () => {
    const payer = await balancePayer(h);
    const { orderNo } = await pendingOrder(payer);
    // The card took the debit but the answer never reached us.
    h.card.debits.set(orderNo, { userId: payer.userId, cardId: payer.cardId, amount: 1_500, status: 'debited', balance: 8_500 });
    await expire(orderNo);
    const status = await call(h, { url: '/v1/pay/tradeStatus', token: payer.token, body: { orderNo } });
    expect(status.envelope.data).toEqual({ orderNo, payStatus: 1, orderStatus: 'success' });
    expect(statusQuestions(orderNo)).toHaveLength(1);
    const order = await storedOrder(h, orderNo);
    expect(order).toMatchObject({ status: 'paid', closedAt: null, providerTradeNo: orderNo });
    expect(order?.outbox.map((event) => event.type)).toEqual(['payment.succeeded']);
    expect(order?.outbox[0]?.data).toMatchObject({ channelType: 5, transactionType: null });
  });

  it('not debited → closed with payment.failed expired; a replay then answers 409 without a debit', async () => {
    const payer = await balancePayer(h);
    const { orderNo, body } = await pendingOrder(payer);
    await expire(orderNo);
    expect(await h.app.ctx.orders.closeExpired()).toBeGreaterThanOrEqual(1);
    expect(statusQuestions(orderNo)).toHaveLength(1);
    const order = await storedOrder(h, orderNo);
    expect(order?.status).toBe('closed');
    expect(order?.outbox.map((event) => [event.type, (event.data as { reason?: string }).reason])).toEqual([['payment.failed', 'expired']]);
    const debitsBefore = cardCallsFor(h, orderNo).filter((entry) => entry.method === 'POST').length;
    const replay = await balancePay(h, payer.token, body);
    expect(replay.envelope).toMatchObject({ code: 409, data: { orderNo, orderStatus: 'failed', reason: 'expired' } });
    expect(cardCallsFor(h, orderNo).filter((entry) => entry.method === 'POST')).toHaveLength(debitsBefore);
    expect(h.card.cards.get(payer.cardId)?.balance).toBe(10_000);
  });

  it('the card unreachable → left pending (never closed on a guess) until the card answers', async () => {
    const payer = await balancePayer(h);
    const { orderNo, body } = await pendingOrder(payer);
    await expire(orderNo);
    h.card.down = true;
    await h.app.ctx.orders.closeExpired();
    const read = await call(h, { url: '/v1/pay/tradeStatus', token: payer.token, body: { orderNo } });
    expect(read.envelope.data).toMatchObject({ payStatus: 0, orderStatus: 'pending' });
    // A replay past expiry goes through the expiry path, which cannot ask the card either: 503.
    expect((await balancePay(h, payer.token, body)).statusCode).toBe(503);
    expect(await storedOrder(h, orderNo)).toMatchObject({ status: 'pending', outbox: [] });
    h.card.down = false;
    await h.app.ctx.orders.closeExpired();
    expect((await storedOrder(h, orderNo))?.status).toBe('closed');
  });

  it('asks for no new debit within CARD_TIMEOUT_MS of the expiry (409 expiring)', async () => {
    const payer = await balancePayer(h);
    const { orderNo, body } = await pendingOrder(payer);
    await h.app.ctx.orders.models.Order.updateOne({ _id: orderNo }, { $set: { expireAt: new Date(Date.now() + 1_000) } });
    const answer = await balancePay(h, payer.token, body);
    expect(answer.envelope).toMatchObject({ code: 409, data: { orderNo, reason: 'expiring' } });
    expect(h.card.debits.has(orderNo)).toBe(false);
  });
});

describe('refunds of balance orders', () => {
  it('a debit the card reports for a failed order is a late payment: answered 409, credited back automatically', async () => {
    const payer = await balancePayer(h, 1_000);
    const body = balanceBody(payer);
    const refused = await balancePay(h, payer.token, body);
    expect(refused.envelope.code).toBe(3018);
    const orderNo = refused.envelope.data.orderNo as string;
    // The card breaks its contract and now reports the debit taken (the card had $20 by then).
    h.card.cards.get(payer.cardId)!.balance = 500;
    h.card.debits.set(orderNo, { userId: payer.userId, cardId: payer.cardId, amount: 1_500, status: 'debited', balance: 500 });
    const replay = await balancePay(h, payer.token, body);
    expect(replay.envelope).toMatchObject({ code: 409, data: { orderNo, orderStatus: 'failed', reason: 'latePayment' } });
    await h.app.ctx.refunds.idle();
    const order = await storedOrder(h, orderNo);
    expect(order?.status).toBe('refunded');
    expect(order?.refunds).toMatchObject([{ reason: 'latePayment', status: 'succeeded', amount: 1_500 }]);
    expect(order?.outbox.map((event) => event.type)).toEqual(['payment.failed', 'refund.succeeded']);
    expect(h.card.cards.get(payer.cardId)?.balance).toBe(2_000);
  });

  it('a user refund is credited back to the card (refundNo), with refund.succeeded', async () => {
    const payer = await balancePayer(h);
    const paid = await balancePay(h, payer.token, balanceBody(payer));
    const orderNo = paid.envelope.data.orderNo as string;
    const answer = await call(h, { url: '/pay/refund', token: payer.token, body: { orderNo, amount: 500 } });
    expect(answer.envelope).toMatchObject({ code: 200, data: { refundState: 2 } });
    await h.app.ctx.refunds.idle();
    const refundNo = answer.envelope.data.refundNo as string;
    expect(h.card.credits.get(refundNo)).toEqual({ orderNo, cardId: payer.cardId, amount: 500 });
    // A balance payment never credited a card: its refund asks no debit.
    expect(h.card.debits.has(refundNo)).toBe(false);
    expect(h.card.cards.get(payer.cardId)?.balance).toBe(10_000 - 1_500 + 500);
    const order = await storedOrder(h, orderNo);
    expect(order?.status).toBe('partiallyRefunded');
    expect(order?.refunds[0]).toMatchObject({ refundNo, status: 'succeeded', providerRefundNo: refundNo, amount: 500, usdAmount: 500 });
    expect(order?.outbox.map((event) => event.type)).toEqual(['payment.succeeded', 'refund.succeeded']);
    expect(order?.outbox[1]?.data).toMatchObject({ refundNo, amount: 500, currency: 2, usdAmount: 500, full: false });
    // None of the scripted providers was asked.
    expect(h.channels.refundCalls.filter((input) => input.order._id === orderNo)).toEqual([]);
  });

  it('credits the card once under 8 concurrent executors; one refund.succeeded', async () => {
    const payer = await balancePayer(h);
    const paid = await balancePay(h, payer.token, balanceBody(payer));
    const order = (await storedOrder(h, paid.envelope.data.orderNo as string))!;
    const requested = await h.app.ctx.orders.requestRefund(order, order.usdAmount);
    expect(requested?.status).toBe('refunding');
    let stored = 0;
    const executors = Array.from(
      { length: 8 },
      () =>
        new RefundExecutor({
          orders: h.app.ctx.orders,
          channels: h.app.ctx.channels,
          card: h.app.ctx.card,
          log: { info: () => {}, warn: () => {}, error: () => {} },
          eventsStored: () => (stored += 1),
        }),
    );
    const runs = await Promise.all(executors.map((executor, index) => executor.execute(order._id, { inquire: index % 2 === 0 })));
    const applied = runs.filter((run) => run.result === 'succeeded' && run.applied);
    expect(applied).toHaveLength(1);
    expect(stored).toBe(1);
    const credits = h.card.calls.filter((entry) => entry.path === '/internal/balance/credits' && entry.body.orderNo === order._id);
    expect(credits.length).toBeGreaterThanOrEqual(1);
    expect(new Set(credits.map((entry) => entry.body.refundNo)).size).toBe(1);
    expect(h.card.cards.get(payer.cardId)?.balance).toBe(10_000);
    const after = await storedOrder(h, order._id);
    expect(after?.status).toBe('refunded');
    expect(after?.outbox.filter((event) => event.type === 'refund.succeeded')).toHaveLength(1);
  });

  it('the card unreachable leaves the refund requested; the sweep credits it later', async () => {
    const payer = await balancePayer(h);
    const paid = await balancePay(h, payer.token, balanceBody(payer));
    const orderNo = paid.envelope.data.orderNo as string;
    h.card.down = true;
    await call(h, { url: '/pay/refund', token: payer.token, body: { orderNo, amount: 1_500 } });
    await h.app.ctx.refunds.idle();
    expect(await storedOrder(h, orderNo)).toMatchObject({ status: 'refunding', refunds: [{ status: 'requested' }] });
    h.card.down = false;
    expect(await h.app.ctx.refunds.sweep({ minAgeMs: 0 })).toBeGreaterThanOrEqual(1);
    expect((await storedOrder(h, orderNo))?.status).toBe('refunded');
    expect(h.card.cards.get(payer.cardId)?.balance).toBe(10_000);
  });
});
