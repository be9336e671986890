// POST /v1/pay/payUrl: the trade created at the order's channel (scripted providers), the page type,
// the refusals, and PAY_LINK_FAILED (never a 500) when the provider cannot be reached.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency, OrderType, PayChannel, PayPageType, TransactionType } from '@aipay/contracts';
import type { NewOrder, OrderDoc } from '../store/orders.js';
import { call, newUser, startHarness, storedOrder, type Harness } from '../testing/harness.js';

let h: Harness;
let offline: Harness;
beforeAll(async () => {
  h = await startHarness();
  // The real adapters, every provider URL on a closed port.
  offline = await startHarness({}, { channels: 'real' });
});
afterAll(async () => {
  await h.close();
  await offline.close();
});

async function pendingOrder(harness: Harness, userId: string, overrides: Partial<NewOrder> = {}): Promise<OrderDoc> {
  const { order } = await harness.app.ctx.orders.create(`k-${randomBytes(6).toString('hex')}`, {
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
  return order;
}

describe('POST /v1/pay/payUrl', () => {
  it('answers the trade created at the channel, with the seconds left', async () => {
    const { userId, token } = await newUser(h);
    const order = await pendingOrder(h, userId);
    const answer = await call(h, { url: '/v1/pay/payUrl', token, body: { orderNo: order._id }, headers: { clientType: '2' } });
    expect(answer.envelope).toMatchObject({
      code: 200,
      data: { orderNo: order._id, payUrl: `http://provider.test/pay/page/alipay-${order._id}`, channelType: 6, transactionType: 1 },
    });
    expect(answer.envelope.data.timeExpireTime).toBeGreaterThan(895);
    expect(answer.envelope.data.timeExpireTime).toBeLessThanOrEqual(900);
    const sent = h.channels.tradeCalls.find((input) => input.order._id === order._id);
    expect(sent).toMatchObject({
      clientType: 2,
      notifyUrl: `${h.config.NOTIFY_BASE_URL}/v1/pay/notify/alipay`,
      returnUrl: `${h.config.PUBLIC_WEB_URL}/pay-result?orderNo=${order._id}&redirect=1`,
    });
  });

  it('takes the page type chosen with the order over the clientType header', async () => {
    const { userId, token } = await newUser(h);
    const qr = await pendingOrder(h, userId, { payPageType: PayPageType.qrCode });
    const h5 = await pendingOrder(h, userId, { payPageType: PayPageType.h5 });
    await call(h, { url: '/v1/pay/payUrl', token, body: { orderNo: qr._id }, headers: { clientType: '2' } });
    await call(h, { url: '/v1/pay/payUrl', token, body: { orderNo: h5._id }, headers: { clientType: '1' } });
    expect(h.channels.tradeCalls.find((input) => input.order._id === qr._id)?.clientType).toBe(1);
    expect(h.channels.tradeCalls.find((input) => input.order._id === h5._id)?.clientType).toBe(2);
  });

  it('answers payHtml for UnionPay and keeps the Stripe payment intent for refunds', async () => {
    const { userId, token } = await newUser(h);
    const union = await pendingOrder(h, userId, { channelType: PayChannel.allPay, transactionType: TransactionType.union });
    const unionAnswer = await call(h, { url: '/v1/pay/payUrl', token, body: { orderNo: union._id } });
    expect(unionAnswer.envelope.data.payHtml).toContain('<form');
    expect(unionAnswer.envelope.data).not.toHaveProperty('payUrl');
    const card = await pendingOrder(h, userId, { channelType: PayChannel.cardPaymentProvider, payAmount: 5_000, payCurrency: Currency.USD });
    const cardAnswer = await call(h, { url: '/v1/pay/payUrl', token, body: { orderNo: card._id } });
    expect(cardAnswer.envelope.data.payUrl).toBe(`http://provider.test/pay/page/stripe-${card._id}`);
    expect((await storedOrder(h, card._id))?.channelTradeRef).toBe(`pi_${card._id}`);
  });

  it('refuses an order no longer payable with PAY_LINK_FAILED, and someone else with 403', async () => {
    const { userId, token } = await newUser(h);
    const other = await newUser(h);
    const order = await pendingOrder(h, userId);
    await h.app.ctx.orders.applyNotice({ orderNo: order._id, providerTradeNo: 'T1', paid: true, amount: order.payAmount });
    const calls = h.channels.tradeCalls.length;
    const paid = await call(h, { url: '/v1/pay/payUrl', token, body: { orderNo: order._id } });
    expect(paid.envelope).toMatchObject({ code: 3015, data: { orderNo: order._id, orderStatus: 'success' } });
    const foreign = await call(h, { url: '/v1/pay/payUrl', token: other.token, body: { orderNo: order._id } });
    expect(foreign.statusCode).toBe(403);
    expect(h.channels.tradeCalls.length).toBe(calls);
  });

  it('creates no trade for a recharge held for face verification (2112)', async () => {
    const { userId, token } = await newUser(h);
    const held = await pendingOrder(h, userId, { identityHold: true });
    const answer = await call(h, { url: '/v1/pay/payUrl', token, body: { orderNo: held._id } });
    expect(answer.envelope).toMatchObject({ code: 2112, data: { orderNo: held._id } });
    expect(h.channels.tradeCalls.some((input) => input.order._id === held._id)).toBe(false);
  });

  it('answers PAY_LINK_FAILED naming the channel when the provider is unreachable', async () => {
    const { userId, token } = await newUser(offline);
    const alipay = await pendingOrder(offline, userId);
    const answer = await call(offline, { url: '/v1/pay/payUrl', token, body: { orderNo: alipay._id }, headers: { clientType: '1' } });
    expect(answer.statusCode).toBe(400);
    expect(answer.envelope).toMatchObject({
      code: 3015,
      msg: 'Failed to get pay link: Fourier Alipay',
      data: { orderNo: alipay._id, channelType: 6, transactionType: 1, channel: 'Fourier Alipay', reason: 'unreachable' },
    });
    const wechat = await pendingOrder(offline, userId, { channelType: PayChannel.wechat, transactionType: TransactionType.wechat });
    const noKeys = await call(offline, { url: '/v1/pay/payUrl', token, body: { orderNo: wechat._id } });
    expect(noKeys.envelope).toMatchObject({ code: 3015, data: { channel: 'WeChat', reason: 'notConfigured' } });
    expect((await storedOrder(offline, alipay._id))?.status).toBe('pending');
  });
});
