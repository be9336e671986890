// The refund executor against the real store: user refunds and late-payment refunds sent to the
// channel (played by ScriptedChannels), the transitions, the sweep, and several executors at once;
// a recharge's refund taking the money off the card first (the card stand-in, testing/card.ts).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Currency, OrderType, PayChannel, TransactionType } from '@aipay/contracts';
import { signUnionPay } from '@aipay/pay-protocols';
import { TEST_PRIVATE_KEY_PEM } from '@aipay/pay-protocols/testKeys';
import { ChannelError, type Channels, type RefundInput } from './adapters/channels/index.js';
import { RefundExecutor } from './refunds.js';
import type { NewOrder, OrderDoc } from './store/orders.js';
import { alipayNotification, call, newUser, notifyAlipay, outboxTypes, startHarness, storedOrder, type Harness } from './testing/harness.js';

let h: Harness;

/** A card call's key (`orderNo`) is the order or one of its refunds (refundNo `R` + the order's digits + …). */
const aboutOrder = (key: unknown, orderNo: string) => typeof key === 'string' && (key === orderNo || key.startsWith(`R${orderNo.slice(1)}`));
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.channels.refundAnswer = () => ({ status: 'succeeded', providerRefundNo: 'provider-refund-1' });
});

/**
 * A paid order of $50 on channel 6 (Alipay, 360.00 yuan), made through the store: by default a
 * recharge of a card of its own, which the card stand-in holds with `cardBalance` (the $50 credited
 * and more; null: no card).
 */
async function paidOrder(userId: string, overrides: Partial<NewOrder> = {}, cardBalance: number | null = 10_000): Promise<OrderDoc> {
  const cardId = `card-${randomBytes(6).toString('hex')}`;
  if (cardBalance !== null) h.card.open(cardId, userId, cardBalance);
  const { order } = await h.app.ctx.orders.create(`k-${randomBytes(6).toString('hex')}`, {
    userId,
    orderType: OrderType.recharge,
    businessRef: cardId,
    amount: 5_000,
    currency: Currency.USD,
    usdAmount: 5_000,
    payAmount: 36_000,
    payCurrency: Currency.RMB,
    channelType: PayChannel.fourierAlipay,
    transactionType: TransactionType.alipay,
    payPageType: null,
    expireAt: new Date(Date.now() + 900_000),
    ...overrides,
  });
  const applied = await h.app.ctx.orders.applyNotice({ orderNo: order._id, providerTradeNo: `T${order._id}`, paid: true, amount: order.payAmount });
  expect(applied.result).toBe('paid');
  return (await storedOrder(h, order._id))!;
}

async function askRefund(token: string, orderNo: string, amount: number) {
  const answer = await call(h, { url: '/pay/refund', token, body: { orderNo, amount } });
  await h.app.ctx.refunds.idle();
  return answer;
}

const refundEvents = async (orderNo: string) => ((await storedOrder(h, orderNo))?.outbox ?? []).filter((event) => event.type === 'refund.succeeded');

describe('a refund the user asks for', () => {
  it('is sent right away; succeeded moves a part refund to partiallyRefunded with one refund.succeeded', async () => {
    const { userId, token } = await newUser(h);
    const order = await paidOrder(userId);
    const before = h.eventsStored;
    const answer = await askRefund(token, order._id, 2_000);
    expect(answer.envelope).toMatchObject({ code: 200, data: { refundState: 2, refundNo: `R${order._id.slice(1)}01` } });
    const sent = h.channels.refundCalls.filter((input) => input.order._id === order._id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.refund).toMatchObject({ refundNo: `R${order._id.slice(1)}01`, amount: 14_400, usdAmount: 2_000 });
    const stored = await storedOrder(h, order._id);
    expect(stored?.status).toBe('partiallyRefunded');
    expect(stored?.refunds[0]).toMatchObject({ status: 'succeeded', providerRefundNo: 'provider-refund-1', settledAt: expect.any(Date) });
    expect(await outboxTypes(h, order._id)).toEqual(['payment.succeeded', 'refund.succeeded']);
    expect((await refundEvents(order._id))[0]?.data).toEqual({
      refundNo: `R${order._id.slice(1)}01`,
      orderNo: order._id,
      userId,
      orderType: OrderType.recharge,
      businessRef: order.businessRef,
      amount: 14_400,
      currency: Currency.RMB,
      usdAmount: 2_000,
      full: false,
      reason: 'requested',
      refundedAt: expect.any(String),
    });
    expect(h.eventsStored - before).toBe(1);
  });

  it('refunds the rest in full: refunded, the pay amounts adding up to what was paid', async () => {
    const { userId, token } = await newUser(h);
    const order = await paidOrder(userId);
    await askRefund(token, order._id, 1_001);
    await askRefund(token, order._id, 3_999);
    const stored = await storedOrder(h, order._id);
    expect(stored?.status).toBe('refunded');
    expect(stored?.refunds.map((refund) => refund.amount)).toEqual([7_207, 28_793]);
    const events = await refundEvents(order._id);
    expect(events.map((event) => (event.data as { full: boolean }).full)).toEqual([false, true]);
  });

  it('keeps a recharge fee: the refunds of the whole value add up to what was paid less the fee', async () => {
    const { userId, token } = await newUser(h);
    // $50 at 2 %: ¥360.00 for the value plus ¥7.20 for the $1.00 fee.
    const order = await paidOrder(userId, { payAmount: 36_720, feeAmount: 100, feePayAmount: 720 });
    await askRefund(token, order._id, 1_001);
    await askRefund(token, order._id, 3_999);
    const stored = await storedOrder(h, order._id);
    expect(stored?.status).toBe('refunded');
    expect(stored?.refunds.map((refund) => refund.amount)).toEqual([7_207, 28_793]);
  });

  it('failed goes back to paid (or partiallyRefunded) with the entry failed and no event; the user may ask again', async () => {
    const { userId, token } = await newUser(h);
    const order = await paidOrder(userId);
    h.channels.refundAnswer = () => ({ status: 'failed', message: 'ACQ.TRADE_NOT_ALLOW_REFUND' });
    await askRefund(token, order._id, 2_000);
    let stored = await storedOrder(h, order._id);
    expect(stored?.status).toBe('paid');
    expect(stored?.refunds[0]).toMatchObject({ status: 'failed', message: 'ACQ.TRADE_NOT_ALLOW_REFUND' });
    expect(await refundEvents(order._id)).toHaveLength(0);

    h.channels.refundAnswer = () => ({ status: 'succeeded' });
    await askRefund(token, order._id, 2_000);
    h.channels.refundAnswer = () => ({ status: 'failed' });
    const again = await askRefund(token, order._id, 1_000);
    expect(again.envelope.data.refundNo).toBe(`R${order._id.slice(1)}03`);
    stored = await storedOrder(h, order._id);
    expect(stored?.status).toBe('partiallyRefunded');
    expect(stored?.refunds.map((refund) => refund.status)).toEqual(['failed', 'succeeded', 'failed']);
    expect(await refundEvents(order._id)).toHaveLength(1);
  });
});

describe('the sweep', () => {
  it('leaves processing and provider errors in flight and settles them later, asking first', async () => {
    const { userId, token } = await newUser(h);
    const order = await paidOrder(userId);
    h.channels.refundAnswer = () => ({ status: 'processing' });
    await askRefund(token, order._id, 2_000);
    expect((await storedOrder(h, order._id))?.status).toBe('refunding');

    h.channels.refundAnswer = () => {
      throw new ChannelError('alipay', 'timeout', 'slow');
    };
    await h.app.ctx.refunds.sweep({ minAgeMs: 0 });
    expect((await storedOrder(h, order._id))?.refunds[0]?.status).toBe('requested');

    // A young refund is its kick's business; an old enough one is sent again with inquire.
    const calls: RefundInput[] = [];
    h.channels.refundAnswer = (input) => {
      calls.push(input);
      return { status: 'succeeded' };
    };
    await h.app.ctx.refunds.sweep({ minAgeMs: 60_000 });
    expect(calls.filter((input) => input.order._id === order._id)).toHaveLength(0);
    expect(await h.app.ctx.refunds.sweep({ minAgeMs: 0 })).toBeGreaterThanOrEqual(1);
    expect(calls.find((input) => input.order._id === order._id)?.inquire).toBe(true);
    expect((await storedOrder(h, order._id))?.status).toBe('partiallyRefunded');
    expect(await refundEvents(order._id)).toHaveLength(1);
  });
});

/** Another instance's executor on the same store and card. */
function executor(channels: Channels = h.app.ctx.channels, eventsStored: () => void = () => {}) {
  return new RefundExecutor({ orders: h.app.ctx.orders, channels, card: h.app.ctx.card, log: { info: () => {}, warn: () => {}, error: () => {} }, eventsStored });
}

describe('several executors on the same refund', () => {
  for (const outcome of ['succeeded', 'failed'] as const) {
    it(`apply a ${outcome} answer once (8 executors at once)`, async () => {
      const { userId } = await newUser(h);
      const order = await paidOrder(userId);
      h.channels.refundAnswer = () => ({ status: 'processing' });
      const requested = await h.app.ctx.orders.requestRefund(order, 2_000);
      expect(requested?.status).toBe('refunding');
      let stored = 0;
      const answer = async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { status: outcome };
      };
      const executors = Array.from({ length: 8 }, () =>
        executor({ adapter: (protocol) => ({ ...h.channels.adapter(protocol), refund: answer }) }, () => (stored += 1)),
      );
      const runs = await Promise.all(executors.map((executor, index) => executor.execute(order._id, { inquire: index % 2 === 0 })));
      const applied = runs.filter((run) => run.result === outcome && run.applied);
      expect(applied).toHaveLength(1);
      const after = await storedOrder(h, order._id);
      expect(after?.status).toBe(outcome === 'succeeded' ? 'partiallyRefunded' : 'paid');
      expect(after?.refunds).toHaveLength(1);
      expect(after?.refunds[0]?.status).toBe(outcome);
      expect(await refundEvents(order._id)).toHaveLength(outcome === 'succeeded' ? 1 : 0);
      expect(stored).toBe(outcome === 'succeeded' ? 1 : 0);
      // The recharge came off the card once; a failed refund put it back once.
      const refundNo = after!.refunds[0]!.refundNo;
      expect(h.card.debitsTaken(refundNo)).toBe(1);
      expect(h.card.cards.get(order.businessRef)?.balance).toBe(outcome === 'succeeded' ? 8_000 : 10_000);
      expect(after?.refunds[0]).toMatchObject({ cardDebit: 'done', cardCredit: outcome === 'succeeded' ? null : 'done' });
      // Replays find nothing in flight.
      expect(await executors[0]!.execute(order._id)).toEqual({ result: 'none' });
    });
  }
});

describe('a late payment', () => {
  it('is refunded in full automatically: refunded, one refund.succeeded, no payment.succeeded', async () => {
    const { userId } = await newUser(h);
    const { order } = await h.app.ctx.orders.create(`k-${randomBytes(6).toString('hex')}`, {
      userId,
      orderType: OrderType.recharge,
      businessRef: 'card-2',
      amount: 5_000,
      currency: Currency.USD,
      usdAmount: 5_000,
      payAmount: 36_000,
      payCurrency: Currency.RMB,
      channelType: PayChannel.fourierAlipay,
      transactionType: TransactionType.alipay,
      payPageType: null,
      expireAt: new Date(Date.now() - 1_000),
    });
    expect((await h.app.ctx.orders.closeIfExpired(order._id))?.status).toBe('closed');
    const before = h.eventsStored;
    const body = alipayNotification({ orderNo: order._id, amount: order.payAmount });
    const answers = await Promise.all(Array.from({ length: 5 }, () => notifyAlipay(h, body)));
    expect(answers.every((answer) => answer.body === 'success')).toBe(true);
    await h.app.ctx.refunds.idle();
    const stored = await storedOrder(h, order._id);
    expect(stored?.status).toBe('refunded');
    expect(stored?.refunds).toHaveLength(1);
    expect(stored?.refunds[0]).toMatchObject({ reason: 'latePayment', status: 'succeeded', amount: 36_000, usdAmount: 5_000 });
    expect(await outboxTypes(h, order._id)).toEqual(['payment.failed', 'refund.succeeded']);
    expect((await refundEvents(order._id))[0]?.data).toMatchObject({ reason: 'latePayment', full: true, amount: 36_000, usdAmount: 5_000, currency: Currency.RMB });
    expect(h.eventsStored - before).toBe(1);
    // The money never reached the card: the card is not asked.
    expect(h.card.calls.filter((entry) => aboutOrder(entry.body?.orderNo, order._id))).toEqual([]);
  });
});

describe('UnionPay refund notification', () => {
  it('wakes the executor for the order on a verified report and refuses a forged one', async () => {
    const { userId, token } = await newUser(h);
    const order = await paidOrder(userId, { channelType: PayChannel.allPay, transactionType: TransactionType.union });
    h.channels.refundAnswer = () => ({ status: 'processing' });
    const refundNo = (await askRefund(token, order._id, 2_000)).envelope.data.refundNo as string;
    h.channels.refundAnswer = () => ({ status: 'succeeded' });
    const params: Record<string, string> = { version: '5.1.0', signMethod: '01', txnType: '04', orderId: refundNo, queryId: 'Q-R-1', respCode: '00', txnAmt: '14400' };
    params.signature = signUnionPay(params, TEST_PRIVATE_KEY_PEM);
    const post = (body: string) =>
      h.app.inject({ method: 'POST', url: '/v1/pay/notify/unionpay/refund', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
    const forged = await post(new URLSearchParams({ ...params, txnAmt: '1' }).toString());
    expect(forged.statusCode).toBe(400);
    const good = await post(new URLSearchParams(params).toString());
    expect(good.statusCode).toBe(200);
    expect(good.body).toBe('ok');
    await h.app.ctx.refunds.idle();
    expect((await storedOrder(h, order._id))?.status).toBe('partiallyRefunded');
  });
});

/** The card stand-in's calls about the order: keyed by its orderNo or one of its refundNos. */
const cardCalls = (orderNo: string, path: 'debits' | 'credits') =>
  h.card.calls.filter((entry) => entry.method === 'POST' && entry.path === `/internal/balance/${path}` && aboutOrder(entry.body?.orderNo, orderNo));

describe('a recharge refund takes the money off the card first (001 §5 "at least $1 must stay")', () => {
  it('debits the card (businessRef) by the refundNo, keeping $1, before the channel is asked', async () => {
    const { userId, token } = await newUser(h);
    const order = await paidOrder(userId);
    h.channels.refundAnswer = () => {
      // The channel is asked only once the money is off the card.
      expect(h.card.cards.get(order.businessRef)?.balance).toBe(8_000);
      return { status: 'succeeded' };
    };
    const answer = await askRefund(token, order._id, 2_000);
    const refundNo = answer.envelope.data.refundNo as string;
    expect(answer.envelope).toMatchObject({ code: 200, data: { refundState: 2 } });
    expect(cardCalls(order._id, 'debits').map((entry) => entry.body)).toEqual([
      { userId, cardId: order.businessRef, orderNo: refundNo, amount: 2_000, reason: 'rechargeRefund', keepAtLeast: 100 },
    ]);
    expect(h.channels.refundCalls.filter((input) => input.order._id === order._id)).toHaveLength(1);
    expect(await storedOrder(h, order._id)).toMatchObject({ status: 'partiallyRefunded', refunds: [{ refundNo, status: 'succeeded', cardDebit: 'done', cardCredit: null }] });
    expect(await refundEvents(order._id)).toHaveLength(1);
  });

  it('refuses a refund that would leave less than $1: 400 naming amount, no channel call, no event', async () => {
    const { userId, token } = await newUser(h);
    // The $50 recharge is all the card holds.
    const order = await paidOrder(userId, {}, 5_000);
    const before = h.eventsStored;
    const answer = await askRefund(token, order._id, 4_901);
    expect(answer.statusCode).toBe(400);
    expect(answer.envelope).toMatchObject({
      code: 400,
      msg: 'Refund amount too large: at least $1 must stay in the account',
      data: { field: 'amount', reason: 'mustKeepOneDollar', orderNo: order._id, balance: 5_000 },
    });
    const refundNo = answer.envelope.data.refundNo as string;
    expect(h.channels.refundCalls.filter((input) => input.order._id === order._id)).toEqual([]);
    expect(h.card.cards.get(order.businessRef)?.balance).toBe(5_000);
    expect(h.card.debits.get(refundNo)?.status).toBe('insufficient');
    // The refund ended failed, the order back to paid, nothing stored for the relay.
    let stored = await storedOrder(h, order._id);
    expect(stored).toMatchObject({ status: 'paid', refunds: [{ refundNo, status: 'failed', cardDebit: 'refused', message: 'insufficient' }] });
    expect(stored?.outbox.map((event) => event.type)).toEqual(['payment.succeeded']);
    expect(h.eventsStored).toBe(before);
    // In Chinese too.
    const zh = await h.app.inject({ method: 'POST', url: '/pay/refund', headers: { accessToken: token, language: 'zh' }, payload: { orderNo: order._id, amount: 5_000 } });
    expect(zh.json()).toMatchObject({ code: 400, msg: '退款金额过大：账户中至少需保留 $1', data: { field: 'amount', reason: 'mustKeepOneDollar' } });

    // Exactly $1 left is allowed.
    const ok = await askRefund(token, order._id, 4_900);
    expect(ok.envelope).toMatchObject({ code: 200, data: { refundState: 2 } });
    expect(h.card.cards.get(order.businessRef)?.balance).toBe(100);
    stored = await storedOrder(h, order._id);
    expect(stored?.status).toBe('partiallyRefunded');
    expect(stored?.refunds.map((refund) => [refund.status, refund.cardDebit])).toEqual([
      ['failed', 'refused'],
      ['failed', 'refused'],
      ['succeeded', 'done'],
    ]);
  });

  it('an outstanding-balance top-up (13) is taken off its card too; other orders and late payments are not', async () => {
    const { userId, token } = await newUser(h);
    const topUp = await paidOrder(userId, { orderType: OrderType.outstandingBalanceTopUp }, 5_050);
    const refused = await askRefund(token, topUp._id, 5_000);
    expect(refused.envelope.data).toMatchObject({ field: 'amount', reason: 'mustKeepOneDollar' });
    const sms = await paidOrder(userId, { orderType: OrderType.sms }, null);
    const answer = await askRefund(token, sms._id, 5_000);
    expect(answer.envelope).toMatchObject({ code: 200 });
    expect(cardCalls(sms._id, 'debits')).toEqual([]);
    expect(await storedOrder(h, sms._id)).toMatchObject({ status: 'refunded', refunds: [{ status: 'succeeded', cardDebit: null }] });
  });

  it('answers the card refusing for a frozen card (3019) or a missing card (2302); the refund failed', async () => {
    const { userId, token } = await newUser(h);
    const order = await paidOrder(userId);
    h.card.cards.get(order.businessRef)!.frozen = true;
    const frozen = await askRefund(token, order._id, 1_000);
    expect(frozen.envelope).toMatchObject({ code: 3019, data: { cardId: order.businessRef, orderNo: order._id } });
    expect(frozen.envelope.msg).toContain(order.businessRef);
    const gone = await paidOrder(userId, {}, null);
    expect((await askRefund(token, gone._id, 1_000)).envelope).toMatchObject({ code: 2302, data: { cardId: gone.businessRef } });
    for (const orderNo of [order._id, gone._id]) {
      expect(await storedOrder(h, orderNo)).toMatchObject({ status: 'paid', refunds: [{ status: 'failed', cardDebit: 'refused' }] });
    }
    expect(h.channels.refundCalls.filter((input) => input.order._id === order._id || input.order._id === gone._id)).toEqual([]);
  });

  it('debits once under 5 concurrent requests and 5 executors; one channel refund, one refund.succeeded', async () => {
    const { userId, token } = await newUser(h);
    const order = await paidOrder(userId);
    h.channels.refundAnswer = async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { status: 'succeeded' };
    };
    // The card answers slowly, so the executors find the debit pending and ask it too.
    h.card.delayMs = 30;
    const executors = Array.from({ length: 5 }, () => executor());
    const requests = Array.from({ length: 5 }, () => call(h, { url: '/pay/refund', token, body: { orderNo: order._id, amount: 2_000 } }));
    // The executors keep looking while the requests run: whatever they find in flight, they take on.
    const sweeping = executors.map(async (each) => {
      for (let round = 0; round < 5; round += 1) {
        await each.sweep({ minAgeMs: 0 });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    });
    const answers = await Promise.all(requests);
    await Promise.all(sweeping);
    await h.app.ctx.refunds.idle();
    h.card.delayMs = 0;
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(4);
    const refundNo = answers.find((answer) => answer.statusCode === 200)!.envelope.data.refundNo as string;
    expect(h.card.debitsTaken(refundNo)).toBe(1);
    // However often it was asked (the request, and executors that found it in flight: how many
    // depends on timing), always by the same refundNo, and taken once.
    const asked = cardCalls(order._id, 'debits');
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(new Set(asked.map((entry) => entry.body.orderNo))).toEqual(new Set([refundNo]));
    expect([...h.card.debits.entries()].filter(([key, debit]) => key.startsWith(`R${order._id.slice(1)}`) && debit.status === 'debited')).toHaveLength(1);
    expect(h.card.cards.get(order.businessRef)?.balance).toBe(8_000);
    expect(new Set(h.channels.refundCalls.filter((input) => input.order._id === order._id).map((input) => input.refund.refundNo))).toEqual(new Set([refundNo]));
    expect(await storedOrder(h, order._id)).toMatchObject({ status: 'partiallyRefunded', refunds: [{ refundNo, status: 'succeeded', cardDebit: 'done' }] });
    expect(await refundEvents(order._id)).toHaveLength(1);
  });

  it('a channel refusal puts the money back on the card once (credit by the refundNo), then the order is paid again', async () => {
    const { userId, token } = await newUser(h);
    const order = await paidOrder(userId);
    h.channels.refundAnswer = () => ({ status: 'failed', message: 'ACQ.TRADE_NOT_ALLOW_REFUND' });
    const answer = await askRefund(token, order._id, 2_000);
    const refundNo = answer.envelope.data.refundNo as string;
    expect(h.card.cards.get(order.businessRef)?.balance).toBe(10_000);
    expect(h.card.credits.get(refundNo)).toEqual({ orderNo: refundNo, cardId: order.businessRef, amount: 2_000 });
    expect(cardCalls(order._id, 'credits')).toHaveLength(1);
    expect(await storedOrder(h, order._id)).toMatchObject({
      status: 'paid',
      refunds: [{ refundNo, status: 'failed', message: 'ACQ.TRADE_NOT_ALLOW_REFUND', cardDebit: 'done', cardCredit: 'done' }],
    });
    expect(await refundEvents(order._id)).toHaveLength(0);
    // Nothing left for the sweep.
    await h.app.ctx.refunds.sweep({ minAgeMs: 0 });
    expect(cardCalls(order._id, 'credits')).toHaveLength(1);
    expect(h.card.cards.get(order.businessRef)?.balance).toBe(10_000);
  });

  it('a crash between the recorded failure and the credit, or between the credit and its record: the sweep finishes once', async () => {
    const { userId, token } = await newUser(h);
    const order = await paidOrder(userId);
    // The card goes away as the channel refuses: the failure is recorded, the credit not made.
    h.channels.refundAnswer = () => {
      h.card.down = true;
      return { status: 'failed' };
    };
    const refundNo = (await askRefund(token, order._id, 2_000)).envelope.data.refundNo as string;
    expect(await storedOrder(h, order._id)).toMatchObject({ status: 'refunding', refunds: [{ status: 'failed', cardDebit: 'done', cardCredit: 'pending' }] });
    expect(h.card.cards.get(order.businessRef)?.balance).toBe(8_000);
    // Still refunding: no other refund meanwhile, and a sweep with the card away changes nothing.
    expect((await call(h, { url: '/pay/refund', token, body: { orderNo: order._id, amount: 1_000 } })).statusCode).toBe(409);
    await h.app.ctx.refunds.sweep({ minAgeMs: 0 });
    expect((await storedOrder(h, order._id))?.refunds[0]?.cardCredit).toBe('pending');

    // The card is back and credits, but the record is lost (the process died after the credit).
    h.card.down = false;
    await h.app.ctx.card.credit({ userId, cardId: order.businessRef, orderNo: refundNo, refundNo, amount: 2_000 });
    expect(h.card.cards.get(order.businessRef)?.balance).toBe(10_000);
    const sent = h.channels.refundCalls.filter((input) => input.order._id === order._id).length;
    expect(await h.app.ctx.refunds.sweep({ minAgeMs: 0 })).toBeGreaterThanOrEqual(1);
    // Credited again by the same refundNo: nothing more; the channel is not asked again.
    expect(h.card.cards.get(order.businessRef)?.balance).toBe(10_000);
    expect(h.channels.refundCalls.filter((input) => input.order._id === order._id)).toHaveLength(sent);
    expect(await storedOrder(h, order._id)).toMatchObject({ status: 'paid', refunds: [{ status: 'failed', cardCredit: 'done' }] });
  });

  it('a crash after the refund was recorded and before the debit: the sweep asks the card, then the channel', async () => {
    const { userId } = await newUser(h);
    const order = await paidOrder(userId);
    const recorded = await h.app.ctx.orders.requestRefund(order, 2_000);
    expect(recorded?.refunds[0]).toMatchObject({ status: 'requested', cardDebit: 'pending' });
    expect(await h.app.ctx.refunds.sweep({ minAgeMs: 0 })).toBeGreaterThanOrEqual(1);
    expect(h.card.cards.get(order.businessRef)?.balance).toBe(8_000);
    expect(await storedOrder(h, order._id)).toMatchObject({ status: 'partiallyRefunded', refunds: [{ status: 'succeeded', cardDebit: 'done' }] });
  });

  it('the card down: 503, the refund stays with its debit pending and nothing reaches the channel; the sweep completes it', async () => {
    const { userId, token } = await newUser(h);
    const order = await paidOrder(userId);
    h.card.down = true;
    const answer = await askRefund(token, order._id, 2_000);
    expect(answer.statusCode).toBe(503);
    expect(answer.envelope).toMatchObject({ code: 503, data: { orderNo: order._id, refundState: 2 } });
    const refundNo = answer.envelope.data.refundNo as string;
    expect(await storedOrder(h, order._id)).toMatchObject({ status: 'refunding', refunds: [{ refundNo, status: 'requested', cardDebit: 'pending' }] });
    expect(h.channels.refundCalls.filter((input) => input.order._id === order._id)).toEqual([]);
    // A retry of the request is refused while it is in flight; the sweep with the card still down changes nothing.
    expect((await call(h, { url: '/pay/refund', token, body: { orderNo: order._id, amount: 2_000 } })).statusCode).toBe(409);
    await h.app.ctx.refunds.sweep({ minAgeMs: 0 });
    expect((await storedOrder(h, order._id))?.refunds[0]?.cardDebit).toBe('pending');
    expect(h.channels.refundCalls.filter((input) => input.order._id === order._id)).toEqual([]);

    h.card.down = false;
    expect(await h.app.ctx.refunds.sweep({ minAgeMs: 0 })).toBeGreaterThanOrEqual(1);
    expect(h.card.debitsTaken(refundNo)).toBe(1);
    expect(h.card.cards.get(order.businessRef)?.balance).toBe(8_000);
    expect(await storedOrder(h, order._id)).toMatchObject({ status: 'partiallyRefunded', refunds: [{ refundNo, status: 'succeeded', cardDebit: 'done' }] });
    expect(await refundEvents(order._id)).toHaveLength(1);
  });
});
