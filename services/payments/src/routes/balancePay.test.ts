// POST /v1/pay/balancePay against the real store, identity's internal API (testing/identity.ts) and
// the card service's balance API (testing/card.ts, a real HTTP server): paying once, the payment
// password, the card's refusals, the card unreachable, replays and bad input.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { paymentFailedEvent, paymentSucceededEvent } from '@aipay/contracts';
import { call, startHarness, storedOrder, type Harness } from '../testing/harness.js';
import { balanceBody, balancePay, balancePayer, cardCallsFor, PAY_PASSWORD } from '../testing/balance.js';

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
  h.identity.down = false;
});

const debitCalls = () => h.card.calls.filter((entry) => entry.method === 'POST' && entry.path === '/internal/balance/debits');

describe('paying from the card balance', () => {
  it('pays once for 10 concurrent identical requests: one debit at the card, one payment.succeeded', async () => {
    const payer = await balancePayer(h, 10_000);
    const body = balanceBody(payer);
    const before = h.eventsStored;
    const answers = await Promise.all(Array.from({ length: 10 }, () => balancePay(h, payer.token, body)));
    expect(answers.map((answer) => answer.envelope.code)).toEqual(Array(10).fill(200));
    const numbers = new Set(answers.map((answer) => answer.envelope.data.orderNo as string));
    expect(numbers.size).toBe(1);
    const [orderNo] = [...numbers] as [string];
    expect(answers[0]!.envelope.data).toMatchObject({
      orderNo,
      orderType: 4,
      amount: 1_500,
      currency: 2,
      usdAmount: 1_500,
      feeAmount: 0,
      payAmount: 1_500,
      payCurrency: 2,
      channelType: 5,
      transactionType: null,
      payStatus: 1,
      orderStatus: 'success',
    });
    // The card debited once (every copy asked it, idempotent by orderNo); payments keeps no balance.
    expect(h.card.cards.get(payer.cardId)?.balance).toBe(8_500);
    expect(h.card.debitsTaken(orderNo)).toBe(1);
    expect(cardCallsFor(h, orderNo).every((entry) => entry.tokenOk && entry.body.amount === 1_500 && entry.body.userId === payer.userId)).toBe(true);
    const order = await storedOrder(h, orderNo);
    expect(order).toMatchObject({ status: 'paid', channelType: 5, transactionType: null, cardId: payer.cardId, providerTradeNo: orderNo });
    expect(order?.outbox.map((event) => event.type)).toEqual(['payment.succeeded']);
    const event = paymentSucceededEvent.data.parse(order!.outbox[0]!.data);
    expect(event).toMatchObject({ orderNo, userId: payer.userId, channelType: 5, transactionType: null, amount: 1_500, currency: 2, usdAmount: 1_500, fee: 0 });
    expect(h.eventsStored - before).toBe(1);
    expect(await h.app.ctx.orders.models.Order.countDocuments({ userId: payer.userId })).toBe(1);

    // A later replay asks the card again and answers the same payment; nothing moves.
    const replay = await balancePay(h, payer.token, body);
    expect(replay.envelope).toMatchObject({ code: 200, data: { orderNo, payStatus: 1 } });
    expect(h.card.cards.get(payer.cardId)?.balance).toBe(8_500);
    expect((await storedOrder(h, orderNo))?.outbox).toHaveLength(1);
  });

  it('answers the order status calls like any order, and gives a balance order no pay URL', async () => {
    const payer = await balancePayer(h);
    h.card.down = true;
    const pending = await balancePay(h, payer.token, balanceBody(payer));
    expect(pending.statusCode).toBe(503);
    const orderNo = pending.envelope.data.orderNo as string;
    const link = await call(h, { url: '/v1/pay/payUrl', token: payer.token, body: { orderNo } });
    expect(link.envelope).toMatchObject({ code: 3015, data: { orderNo, channelType: 5 } });
    expect(link.envelope.msg).toContain('Balance');
    const status = await call(h, { url: '/v1/pay/tradeStatus', token: payer.token, body: { orderNo } });
    expect(status.envelope.data).toEqual({ orderNo, payStatus: 0, orderStatus: 'pending' });
    // payOrder never takes channel 5.
    const viaPayOrder = await call(h, {
      url: '/v1/pay/payOrder',
      token: payer.token,
      body: { orderType: 4, businessRef: 'x', amount: 100, channelType: 5, transactionType: 1, requestKey: 'po-5' },
    });
    expect(viaPayOrder.envelope).toMatchObject({ code: 400, data: { field: 'channelType' } });
  });
});

describe('the payment password', () => {
  it('a wrong password debits nothing and creates no order; 5 − failCount attempts left; the 5th locks (3013)', async () => {
    const payer = await balancePayer(h);
    const body = balanceBody(payer, { password: '111111' });
    const first = await balancePay(h, payer.token, body);
    expect(first.envelope).toMatchObject({ code: 3110, msg: 'Wrong payment password, 4 attempts left', data: { resultType: 2, failCount: 1, remainingAttempts: 4 } });
    const zh = await balancePay(h, payer.token, body, 'zh');
    expect(zh.envelope).toMatchObject({ code: 3110, msg: '支付密码错误，还可尝试 3 次', data: { failCount: 2, remainingAttempts: 3 } });
    for (let i = 0; i < 2; i += 1) await balancePay(h, payer.token, body);
    const locked = await balancePay(h, payer.token, body);
    expect(locked.envelope).toMatchObject({ code: 3013, msg: 'Exceeded the maximum allowed failed attempts. Please reset your password.', data: { resultType: 3, failCount: 5, remainingAttempts: 0 } });
    // Locked: even the right password is refused until a reset at identity.
    const right = await balancePay(h, payer.token, { ...body, password: PAY_PASSWORD });
    expect(right.envelope.code).toBe(3013);
    expect(h.card.calls.filter((entry) => entry.body?.userId === payer.userId)).toEqual([]);
    expect(await h.app.ctx.orders.models.Order.countDocuments({ userId: payer.userId })).toBe(0);
    expect(h.card.cards.get(payer.cardId)?.balance).toBe(10_000);
  });

  it('not set → 3012 "set a payment password first"; identity unreachable → 503; both before any order', async () => {
    const payer = await balancePayer(h);
    h.identity.set(payer.userId, { payPassword: null });
    const notSet = await balancePay(h, payer.token, balanceBody(payer));
    expect(notSet.envelope).toMatchObject({ code: 3012, msg: 'Set a payment password first', data: { resultType: 1 } });
    h.identity.down = true;
    const down = await balancePay(h, payer.token, balanceBody(payer));
    expect(down.statusCode).toBe(503);
    expect(await h.app.ctx.orders.models.Order.countDocuments({ userId: payer.userId })).toBe(0);
    expect(h.card.calls.filter((entry) => entry.body?.userId === payer.userId)).toEqual([]);
  });
});

describe('the card refuses', () => {
  it('insufficient balance: the order fails (payment.failed insufficientBalance) with "recharge first"; a replay answers the same', async () => {
    const payer = await balancePayer(h, 1_000);
    const body = balanceBody(payer);
    const answer = await balancePay(h, payer.token, body);
    expect(answer.envelope).toMatchObject({ code: 3018, msg: 'Card has no balance, recharge first', data: { cardId: payer.cardId, balance: 1_000 } });
    const orderNo = answer.envelope.data.orderNo as string;
    const order = await storedOrder(h, orderNo);
    expect(order?.status).toBe('failed');
    expect(order?.outbox.map((event) => event.type)).toEqual(['payment.failed']);
    expect(paymentFailedEvent.data.parse(order!.outbox[0]!.data)).toMatchObject({ orderNo, reason: 'insufficientBalance', channelType: 5, transactionType: null });
    const zh = await balancePay(h, payer.token, body, 'zh');
    expect(zh.envelope).toMatchObject({ code: 3018, msg: '卡片余额不足，请先充值', data: { orderNo } });
    // Recharged meanwhile: the same request key still answers its first outcome (the card's answer is final).
    h.card.cards.get(payer.cardId)!.balance = 50_000;
    expect((await balancePay(h, payer.token, body)).envelope).toMatchObject({ code: 3018, data: { orderNo } });
    expect(debitCalls().filter((entry) => entry.body.orderNo === orderNo)).toHaveLength(3);
    expect(h.card.debitsTaken(orderNo)).toBe(0);
    expect((await storedOrder(h, orderNo))?.outbox).toHaveLength(1);
    // A new attempt (new request key) is a new order, and pays.
    expect((await balancePay(h, payer.token, balanceBody(payer))).envelope).toMatchObject({ code: 200, data: { payStatus: 1 } });
  });

  it('no such card of the user → 2302; a frozen card → 3019 naming the card; both orders fail', async () => {
    const payer = await balancePayer(h);
    const other = await balancePayer(h);
    const foreign = await balancePay(h, payer.token, balanceBody(payer, { cardId: other.cardId }));
    expect(foreign.envelope).toMatchObject({ code: 2302, msg: 'No card is available', data: { field: 'cardId', cardId: other.cardId } });
    expect(h.card.cards.get(other.cardId)?.balance).toBe(10_000);
    h.card.cards.get(payer.cardId)!.frozen = true;
    const frozen = await balancePay(h, payer.token, balanceBody(payer));
    expect(frozen.envelope).toMatchObject({ code: 3019, msg: `The card is frozen, unfreeze it first (card ${payer.cardId})`, data: { cardId: payer.cardId } });
    const zh = await balancePay(h, payer.token, balanceBody(payer), 'zh');
    expect(zh.envelope.msg).toBe(`卡片已冻结，请先解冻（卡片 ${payer.cardId}）`);
    const reasons = [];
    for (const answer of [foreign, frozen]) {
      const order = await storedOrder(h, answer.envelope.data.orderNo as string);
      expect(order?.status).toBe('failed');
      reasons.push((order?.outbox[0]?.data as { reason?: string } | undefined)?.reason);
    }
    expect(reasons).toEqual(['noCard', 'cardFrozen']);
  });
});

describe('the card service unreachable', () => {
  it('answers 503 with the order pending, then a retry of the same request pays it once', async () => {
    const payer = await balancePayer(h);
    const body = balanceBody(payer);
    h.card.down = true;
    const down = await balancePay(h, payer.token, body);
    expect(down.statusCode).toBe(503);
    expect(down.envelope).toMatchObject({ code: 503, data: { orderStatus: 'pending' } });
    const orderNo = down.envelope.data.orderNo as string;
    h.card.down = false;
    h.card.failWith = 500;
    expect((await balancePay(h, payer.token, body)).statusCode).toBe(503);
    expect((await storedOrder(h, orderNo))).toMatchObject({ status: 'pending', outbox: [] });
    h.card.failWith = null;
    const retry = await balancePay(h, payer.token, body);
    expect(retry.envelope).toMatchObject({ code: 200, data: { orderNo, payStatus: 1 } });
    expect(h.card.cards.get(payer.cardId)?.balance).toBe(8_500);
    expect((await storedOrder(h, orderNo))?.outbox.map((event) => event.type)).toEqual(['payment.succeeded']);
  });
});

describe('bad input', () => {
  it('answers 400 naming the field, in zh and en, before asking identity or the card', async () => {
    const payer = await balancePayer(h);
    const cases: [Record<string, unknown>, string, string, string][] = [
      [{ password: '12345' }, 'password', 'password is invalid', 'password 格式不正确'],
      [{ password: '12a456' }, 'password', 'password is invalid', 'password 格式不正确'],
      [{ cardId: undefined }, 'cardId', 'cardId is required', 'cardId 不能为空'],
      [{ requestKey: undefined }, 'requestKey', 'requestKey is required', 'requestKey 不能为空'],
      [{ amount: 0 }, 'amount', 'amount must be at least 1', 'amount 不能小于 1'],
      [{ orderType: 0 }, 'orderType', 'orderType is invalid', 'orderType 格式不正确'],
    ];
    for (const [change, field, en, zh] of cases) {
      const body = balanceBody(payer, change);
      const english = await balancePay(h, payer.token, body, 'en');
      expect(english.statusCode, field).toBe(400);
      expect(english.envelope, field).toMatchObject({ code: 400, msg: en, data: { field } });
      const chinese = await balancePay(h, payer.token, body, 'zh');
      expect(chinese.envelope, field).toMatchObject({ code: 400, msg: zh, data: { field } });
    }
    expect(h.identity.user(payer.userId).payFailCount).toBe(0);
    expect(h.card.calls.filter((entry) => entry.body?.userId === payer.userId)).toEqual([]);
    expect((await call(h, { url: '/v1/pay/balancePay', body: balanceBody(payer) })).statusCode).toBe(401);
  });

  it('a request key names one balance payment: other terms under it are a conflict (409), nothing debited', async () => {
    const payer = await balancePayer(h);
    const body = balanceBody(payer);
    expect((await balancePay(h, payer.token, body)).envelope.code).toBe(200);
    const changed = await balancePay(h, payer.token, { ...body, amount: 2_000 });
    expect(changed.envelope).toMatchObject({ code: 409, data: { field: 'requestKey' } });
    expect(h.card.cards.get(payer.cardId)?.balance).toBe(8_500);
  });
});
