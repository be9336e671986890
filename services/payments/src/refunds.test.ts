// The refund executor against the real store: user refunds and late-payment refunds sent to the
// channel (played by ScriptedChannels), the transitions, the sweep, and several executors at once.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Currency, OrderType, PayChannel, TransactionType } from '@aipay/contracts';
import { signUnionPay } from '@aipay/pay-protocols';
import { TEST_PRIVATE_KEY_PEM } from '@aipay/pay-protocols/testKeys';
import { ChannelError, type RefundInput } from './adapters/channels/index.js';
import { RefundExecutor } from './refunds.js';
import type { NewOrder, OrderDoc } from './store/orders.js';
import { alipayNotification, call, newUser, notifyAlipay, outboxTypes, startHarness, storedOrder, type Harness } from './testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.channels.refundAnswer = () => ({ status: 'succeeded', providerRefundNo: 'provider-refund-1' });
});

/** A paid order of $50 on channel 6 (Alipay, 360.00 yuan), made through the store. */
async function paidOrder(userId: string, overrides: Partial<NewOrder> = {}): Promise<OrderDoc> {
  const { order } = await h.app.ctx.orders.create(`k-${randomBytes(6).toString('hex')}`, {
    userId,
    orderType: OrderType.recharge,
    businessRef: 'card-1',
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
      businessRef: 'card-1',
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
      const executors = Array.from(
        { length: 8 },
        () =>
          new RefundExecutor({
            orders: h.app.ctx.orders,
            channels: { adapter: (protocol) => ({ ...h.channels.adapter(protocol), refund: answer }) },
            log: { info: () => {}, warn: () => {}, error: () => {} },
            eventsStored: () => (stored += 1),
          }),
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
