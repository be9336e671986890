// Provider notifications applied at most once: replays, concurrent copies, bad signatures, amount
// mismatches, late payments, and the WeChat and Stripe formats.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUnionPay, stripeSignatureHeader } from '@aipay/pay-protocols';
import { TEST_PRIVATE_KEY_PEM } from '@aipay/pay-protocols/testKeys';
import {
  alipayNotification,
  createOrder,
  newUser,
  notifyAlipay,
  outboxTypes,
  startHarness,
  storedOrder,
  stripeNotification,
  wechatNotification,
  type Harness,
} from '../testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

async function pendingOrder(body: Record<string, unknown> = {}) {
  const { token } = await newUser(h);
  return createOrder(h, token, body);
}

describe('Alipay notification', () => {
  it('is applied once when replayed 100 times in a row', async () => {
    const order = await pendingOrder();
    const body = alipayNotification({ orderNo: order.orderNo, amount: order.payAmount });
    const before = h.eventsStored;
    for (let i = 0; i < 100; i += 1) {
      const answer = await notifyAlipay(h, body);
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('success');
    }
    const stored = await storedOrder(h, order.orderNo);
    expect(stored).toMatchObject({ status: 'paid', providerTradeNo: `2026${order.orderNo}` });
    expect(await outboxTypes(h, order.orderNo)).toEqual(['payment.succeeded']);
    expect(stored?.outbox[0]?.data).toMatchObject({ orderNo: order.orderNo, amount: order.payAmount, currency: 1, usdAmount: 5_000, channelType: 6 });
    expect(h.eventsStored - before).toBe(1);
  });

  it('is applied once when 20 copies arrive at the same time', async () => {
    const order = await pendingOrder();
    const body = alipayNotification({ orderNo: order.orderNo, amount: order.payAmount });
    const before = h.eventsStored;
    const answers = await Promise.all(Array.from({ length: 20 }, () => notifyAlipay(h, body)));
    expect(answers.every((answer) => answer.body === 'success')).toBe(true);
    expect((await storedOrder(h, order.orderNo))?.status).toBe('paid');
    expect(await outboxTypes(h, order.orderNo)).toEqual(['payment.succeeded']);
    expect(h.eventsStored - before).toBe(1);
  });

  it('refuses a bad signature and changes nothing', async () => {
    const order = await pendingOrder();
    const answer = await notifyAlipay(h, alipayNotification({ orderNo: order.orderNo, amount: order.payAmount }, true));
    expect(answer.body).toBe('failure');
    expect((await storedOrder(h, order.orderNo))?.status).toBe('pending');
    expect(await outboxTypes(h, order.orderNo)).toEqual([]);
  });

  it('refuses an amount that differs from the order', async () => {
    const order = await pendingOrder();
    const answer = await notifyAlipay(h, alipayNotification({ orderNo: order.orderNo, amount: order.payAmount - 1 }));
    expect(answer.body).toBe('failure');
    expect((await storedOrder(h, order.orderNo))?.status).toBe('pending');
    expect(await outboxTypes(h, order.orderNo)).toEqual([]);
  });

  it('moves a closed order to refunding on a late payment, once, without payment.succeeded', async () => {
    const order = await pendingOrder();
    await h.app.ctx.orders.models.Order.updateOne({ _id: order.orderNo }, { $set: { expireAt: new Date(Date.now() - 1000) } });
    expect(await h.app.ctx.orders.closeExpired()).toBeGreaterThanOrEqual(1);
    expect((await storedOrder(h, order.orderNo))?.status).toBe('closed');
    const body = alipayNotification({ orderNo: order.orderNo, amount: order.payAmount });
    const answers = await Promise.all(Array.from({ length: 10 }, () => notifyAlipay(h, body)));
    expect(answers.every((answer) => answer.body === 'success')).toBe(true);
    const stored = await storedOrder(h, order.orderNo);
    expect(stored?.status).toBe('refunding');
    expect(stored?.refunds).toHaveLength(1);
    expect(stored?.refunds[0]).toMatchObject({ reason: 'latePayment', amount: order.payAmount, status: 'requested' });
    expect(await outboxTypes(h, order.orderNo)).toEqual(['payment.failed']);
  });

  it('refuses an unknown order', async () => {
    const answer = await notifyAlipay(h, alipayNotification({ orderNo: 'P202601010000000001', amount: 100 }));
    expect(answer.body).toBe('failure');
  });

  it('answers AlipayHK notifications the same way', async () => {
    const order = await pendingOrder({ channelType: 8, transactionType: 4 });
    const answer = await notifyAlipay(h, alipayNotification({ orderNo: order.orderNo, amount: order.payAmount }), 'alipayhk');
    expect(answer.body).toBe('success');
    expect((await storedOrder(h, order.orderNo))?.status).toBe('paid');
  });
});

describe('WeChat Pay notification', () => {
  it('decrypts the resource and applies it once', async () => {
    const order = await pendingOrder({ channelType: 4, transactionType: 2 });
    const notification = wechatNotification({ orderNo: order.orderNo, amount: order.payAmount });
    for (let i = 0; i < 5; i += 1) {
      const answer = await h.app.inject({ method: 'POST', url: '/v1/pay/notify/wechat', headers: notification.headers, payload: notification.body });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ code: 'SUCCESS' });
    }
    expect((await storedOrder(h, order.orderNo))?.status).toBe('paid');
    expect(await outboxTypes(h, order.orderNo)).toEqual(['payment.succeeded']);
  });

  it('refuses a body that does not match the signature', async () => {
    const order = await pendingOrder({ channelType: 4, transactionType: 2 });
    const notification = wechatNotification({ orderNo: order.orderNo, amount: order.payAmount });
    const answer = await h.app.inject({
      method: 'POST',
      url: '/v1/pay/notify/wechat',
      headers: notification.headers,
      payload: notification.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS '),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'FAIL' });
    expect((await storedOrder(h, order.orderNo))?.status).toBe('pending');
  });
});

describe('Stripe-style notification', () => {
  it('verifies the raw body and applies it once', async () => {
    const order = await pendingOrder({ channelType: 2, transactionType: 1 });
    const notification = stripeNotification({ orderNo: order.orderNo, amount: order.payAmount });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => h.app.inject({ method: 'POST', url: '/v1/pay/notify/stripe', headers: notification.headers, payload: notification.body })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect((await storedOrder(h, order.orderNo))?.status).toBe('paid');
    expect(await outboxTypes(h, order.orderNo)).toEqual(['payment.succeeded']);
  });

  it('refuses a wrong secret', async () => {
    const order = await pendingOrder({ channelType: 2, transactionType: 1 });
    const notification = stripeNotification({ orderNo: order.orderNo, amount: order.payAmount });
    const answer = await h.app.inject({
      method: 'POST',
      url: '/v1/pay/notify/stripe',
      headers: {
        ...notification.headers,
        'stripe-signature': stripeSignatureHeader({ payload: notification.body, secret: 'whsec_wrong', timestamp: Math.floor(Date.now() / 1000) }),
      },
      payload: notification.body,
    });
    expect(answer.statusCode).toBe(400);
    expect((await storedOrder(h, order.orderNo))?.status).toBe('pending');
  });
});

describe('UnionPay notification', () => {
  it('verifies the signature, answers ok and applies it once', async () => {
    const order = await pendingOrder({ channelType: 1, transactionType: 3 });
    const params: Record<string, string> = {
      version: '5.1.0',
      signMethod: '01',
      merId: '777290058110048',
      orderId: order.orderNo,
      queryId: `Q${order.orderNo}`,
      respCode: '00',
      txnAmt: String(order.payAmount),
    };
    params.signature = signUnionPay(params, TEST_PRIVATE_KEY_PEM);
    const body = new URLSearchParams(params).toString();
    for (let i = 0; i < 3; i += 1) {
      const answer = await h.app.inject({ method: 'POST', url: '/v1/pay/notify/unionpay', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
      expect(answer.statusCode).toBe(200);
      expect(answer.body).toBe('ok');
    }
    expect((await storedOrder(h, order.orderNo))?.status).toBe('paid');
    expect(await outboxTypes(h, order.orderNo)).toEqual(['payment.succeeded']);
  });
});

describe('POST /pay/refund', () => {
  it('records one refund request on a paid order, refuses a second and a too-large amount', async () => {
    const { userId, token } = await newUser(h);
    // A recharge's refund first takes the money off the card it credited (src/refunds.ts).
    const cardId = `card-${userId}`;
    h.card.open(cardId, userId, 10_000);
    const order = await createOrder(h, token, { businessRef: cardId });
    await notifyAlipay(h, alipayNotification({ orderNo: order.orderNo, amount: order.payAmount }));
    const tooLarge = await h.app.inject({ method: 'POST', url: '/pay/refund', headers: { accessToken: token, language: 'en' }, payload: { orderNo: order.orderNo, amount: 5_001 } });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({ data: { field: 'amount', reason: 'amountTooLarge' } });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => h.app.inject({ method: 'POST', url: '/pay/refund', headers: { accessToken: token, language: 'en' }, payload: { orderNo: order.orderNo, amount: 2_000 } })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const stored = await storedOrder(h, order.orderNo);
    expect(stored?.status).toBe('refunding');
    expect(stored?.refunds).toHaveLength(1);
    expect(stored?.refunds[0]).toMatchObject({ usdAmount: 2_000, amount: 14_400, reason: 'requested', cardDebit: 'done' });
    expect(h.card.cards.get(cardId)?.balance).toBe(8_000);
  });

  it('refuses a refund of an unpaid order', async () => {
    const { token } = await newUser(h);
    const order = await createOrder(h, token);
    const answer = await h.app.inject({ method: 'POST', url: '/pay/refund', headers: { accessToken: token }, payload: { orderNo: order.orderNo, amount: 100 } });
    expect(answer.statusCode).toBe(409);
    expect((await storedOrder(h, order.orderNo))?.status).toBe('pending');
  });
});
