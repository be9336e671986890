// The pay-notice view, the transaction status, the extra-order and flex variants of the pay URL and
// status calls, and the card amounts, against the real store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alipayNotification, call, createOrder, newUser, notifyAlipay, startHarness, type Harness } from '../testing/harness.js';
import { insertOrder } from '../testing/orders.js';
import { loadPaymentsConfig } from '../config.js';
import { cardAmounts } from './amounts.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('POST /v1/pay/notice', () => {
  it('shows the own order with the seconds left (0 once paid or expired)', async () => {
    const { token } = await newUser(h);
    const order = await createOrder(h, token);
    const notice = await call(h, { url: '/v1/pay/notice', token, body: { orderNo: order.orderNo } });
    expect(notice.envelope.data).toMatchObject({
      orderNo: order.orderNo,
      orderType: 0,
      amount: 5_000,
      currency: 2,
      usdAmount: 5_000,
      payAmount: 36_720,
      payCurrency: 1,
      channelType: 6,
      transactionType: 1,
      payStatus: 0,
      orderStatus: 'pending',
      identityHold: false,
    });
    expect(notice.envelope.data.timeExpireTime).toBeGreaterThan(h.config.ORDER_TTL_SECONDS - 5);
    await notifyAlipay(h, alipayNotification({ orderNo: order.orderNo, amount: order.payAmount }));
    const paid = await call(h, { url: '/v1/pay/notice', token, body: { orderNo: order.orderNo } });
    expect(paid.envelope.data).toMatchObject({ payStatus: 1, orderStatus: 'success', timeExpireTime: 0 });
  });

  it('is the owner’s only (403, 404) and names a missing orderNo', async () => {
    const owner = await newUser(h);
    const other = await newUser(h);
    const { orderNo } = await createOrder(h, owner.token);
    expect((await call(h, { url: '/v1/pay/notice', token: other.token, body: { orderNo } })).statusCode).toBe(403);
    expect((await call(h, { url: '/v1/pay/notice', token: owner.token, body: { orderNo: 'P202601010000000000' } })).statusCode).toBe(404);
    expect((await call(h, { url: '/v1/pay/notice', token: owner.token, body: {} })).envelope).toMatchObject({ code: 400, data: { field: 'orderNo' } });
    expect((await call(h, { url: '/v1/pay/notice', body: { orderNo } })).statusCode).toBe(401);
  });
});

describe('transaction status (0 unhandled, 1 handling, 2 done, 3 failed)', () => {
  it('is 0 while pending, 1 once paid (until fulfilment is confirmed), 3 when closed; the extra-order variant answers the same', async () => {
    const { userId, token } = await newUser(h);
    const pending = await createOrder(h, token);
    const status = async (url: string, orderNo: string) => (await call(h, { url, token, body: { orderNo } })).envelope.data;
    for (const url of ['/v1/pay/transactionStatus', '/v1/pay/extraOrder/transactionStatus']) {
      expect(await status(url, pending.orderNo)).toEqual({ orderNo: pending.orderNo, transactionStatus: 0 });
    }
    await notifyAlipay(h, alipayNotification({ orderNo: pending.orderNo, amount: pending.payAmount }));
    expect((await status('/v1/pay/transactionStatus', pending.orderNo)).transactionStatus).toBe(1);
    const refunded = await insertOrder(h, userId, { status: 'refunded' });
    expect((await status('/v1/pay/extraOrder/transactionStatus', refunded._id)).transactionStatus).toBe(1);
    const expired = await insertOrder(h, userId, { status: 'pending', paidAt: null, expireAt: new Date(Date.now() - 1000) });
    expect((await status('/v1/pay/transactionStatus', expired._id)).transactionStatus).toBe(3);
    const stranger = await newUser(h);
    expect((await call(h, { url: '/v1/pay/extraOrder/transactionStatus', token: stranger.token, body: { orderNo: pending.orderNo } })).statusCode).toBe(403);
  });
});

describe('extra-order variants of the pay URL and trade status', () => {
  it('answer exactly what the plain calls answer, for the owner only', async () => {
    const { token } = await newUser(h);
    const { orderNo } = await createOrder(h, token);
    const plainStatus = await call(h, { url: '/v1/pay/tradeStatus', token, body: { orderNo } });
    const extraStatus = await call(h, { url: '/v1/pay/extraOrder/tradeStatus', token, body: { orderNo } });
    expect(extraStatus.envelope).toEqual(plainStatus.envelope);
    const plainUrl = await call(h, { url: '/v1/pay/payUrl', token, body: { orderNo } });
    const extraUrl = await call(h, { url: '/v1/pay/extraOrder/payUrl', token, body: { orderNo } });
    expect(plainUrl.envelope.code).toBe(200);
    expect(extraUrl.envelope.code).toBe(200);
    expect(Object.keys(extraUrl.envelope.data ?? {}).sort()).toEqual(Object.keys(plainUrl.envelope.data ?? {}).sort());
    expect(extraUrl.envelope.data?.orderNo).toBe(orderNo);
    const stranger = await newUser(h);
    expect((await call(h, { url: '/v1/pay/extraOrder/tradeStatus', token: stranger.token, body: { orderNo } })).statusCode).toBe(403);
    expect((await call(h, { url: '/v1/pay/extraOrder/payUrl', body: { orderNo } })).statusCode).toBe(401);
  });
});

describe('flex payment calls (002 §7)', () => {
  it('payParam {order_id} answers the pay URL of that order; payStatus its statuses', async () => {
    const { token } = await newUser(h);
    const order = await createOrder(h, token, { orderType: 9, businessRef: 'pkg-1', amount: 999, channelType: 2 });
    const plain = await call(h, { url: '/v1/pay/payUrl', token, body: { orderNo: order.orderNo } });
    const flex = await call(h, { url: '/aiflex/payParam', token, body: { order_id: order.orderNo } });
    expect(plain.envelope.code).toBe(200);
    expect(flex.envelope.code).toBe(200);
    expect(flex.envelope.data?.orderNo).toBe(order.orderNo);
    expect(Object.keys(flex.envelope.data ?? {}).sort()).toEqual(Object.keys(plain.envelope.data ?? {}).sort());
    const missing = await call(h, { url: '/aiflex/payParam', token, body: {} });
    expect(missing.envelope.code).toBe(3014);

    const status = await call(h, { url: '/aiflex/payStatus', token, body: { order_id: order.orderNo } });
    expect(status.envelope).toMatchObject({ code: 200, data: { order_id: order.orderNo, payStatus: 0, orderStatus: 'pending' } });
    expect((await call(h, { url: '/aiflex/payStatus', token, body: {} })).envelope).toMatchObject({ code: 400, data: { field: 'order_id' } });
    const stranger = await newUser(h);
    expect((await call(h, { url: '/aiflex/payStatus', token: stranger.token, body: { order_id: order.orderNo } })).statusCode).toBe(403);
    expect((await call(h, { url: '/aiflex/payParam', body: { order_id: order.orderNo } })).statusCode).toBe(401);
  });
});

describe('GET /common/cardAmount (001 §3 "Payment amounts")', () => {
  it('answers the seeds’ amounts in US cents without a login', async () => {
    const answer = await call(h, { method: 'GET', url: '/common/cardAmount' });
    expect(answer.envelope).toEqual({
      code: 200,
      msg: 'success',
      data: {
        openCardAmount: 1_199, // "$11.99 new" (001 §9)
        twoYearCardAmount: 2_398, // 2 years valid (001 §1) × $11.99
        averageYearAmount: 1_199,
        invitationCodeDiscount: 0, // "a parameter, not shown" (002 §9)
        fee: 300, // "about $3 in older text"
        deposit: 1_000, // ours: not shown
        limitUnverified: 10_000, // $100 (001 §6)
        limitVerified: 300_000, // $3000 (001 §6)
      },
    });
  });

  it('takes every amount from configuration', () => {
    const config = loadPaymentsConfig({
      JWT_PUBLIC_KEY: 'pem',
      OPEN_CARD_AMOUNT: '999',
      TWO_YEAR_CARD_AMOUNT: '1999',
      INVITATION_CODE_DISCOUNT: '200',
      OPENING_FEE: '0',
      CARD_DEPOSIT: '500',
      MONTHLY_LIMIT_UNVERIFIED: '20000',
      MONTHLY_LIMIT_VERIFIED: '500000',
    });
    expect(cardAmounts(config)).toEqual({
      openCardAmount: 999,
      twoYearCardAmount: 1_999,
      averageYearAmount: 999,
      invitationCodeDiscount: 200,
      fee: 0,
      deposit: 500,
      limitUnverified: 20_000,
      limitVerified: 500_000,
    });
  });

  it('has the internal API defaults (shared with identity) and refuses the development token in production', () => {
    const config = loadPaymentsConfig({ JWT_PUBLIC_KEY: 'pem' });
    expect(config).toMatchObject({ IDENTITY_URL: 'http://127.0.0.1:8101', INTERNAL_TOKEN: 'aipay-dev-internal-token', IDENTITY_TIMEOUT_MS: 5_000 });
    expect(() => loadPaymentsConfig({ JWT_PUBLIC_KEY: 'pem', NODE_ENV: 'production' })).toThrow(/INTERNAL_TOKEN: required in production/);
  });
});
