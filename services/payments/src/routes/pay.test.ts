// Order creation, status, pay URL, chooser and input errors against the real stores.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrder, newUser, startHarness, storedOrder, type Harness } from '../testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('POST /v1/pay/payOrder', () => {
  it('creates one order for ten concurrent requests with the same requestKey', async () => {
    const { token } = await newUser(h);
    const body = { orderType: 0, businessRef: 'card-9', amount: 5_000, channelType: 6, transactionType: 1, requestKey: 'same-key' };
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(h, { url: '/v1/pay/payOrder', token, body })));
    const numbers = new Set(answers.map((answer) => answer.envelope.data?.orderNo as string));
    expect(answers.every((answer) => answer.envelope.code === 200)).toBe(true);
    expect(numbers.size).toBe(1);
    const [orderNo] = [...numbers];
    expect(orderNo).toMatch(/^P\d{8}\d{10}$/);
    expect(await h.app.ctx.orders.models.Order.countDocuments({ businessRef: 'card-9' })).toBe(1);
    const order = await storedOrder(h, orderNo!);
    // $50 at 7.2 CNY per USD on an RMB channel: 360.00 yuan in fen.
    // $50 recharge at 2 % on channel 6: ¥360.00 plus the $1.00 fee as ¥7.20.
    expect(order).toMatchObject({ status: 'pending', usdAmount: 5_000, feeAmount: 100, feePayAmount: 720, payAmount: 36_720, payCurrency: 1 });
  });

  it('charges US cents on the card payment provider (channel 2)', async () => {
    const { token } = await newUser(h);
    const order = await createOrder(h, token, { channelType: 2, transactionType: 1, amount: 12_345 });
    // A recharge there pays 2.9 % + $0.30 on top: 358 + 30 cents.
    expect(order).toMatchObject({ usdAmount: 12_345, feeAmount: 388, payAmount: 12_733, payCurrency: 2 });
    const other = await createOrder(h, token, { orderType: 4, channelType: 2, transactionType: 1, amount: 12_345, requestKey: 'sms-1' });
    expect(other).toMatchObject({ usdAmount: 12_345, feeAmount: 0, payAmount: 12_345, payCurrency: 2 });
  });

  it('answers 400 naming the field for bad input', async () => {
    const { token } = await newUser(h);
    const missing = await call(h, { url: '/v1/pay/payOrder', token, body: { orderType: 0, businessRef: 'x', amount: 100, channelType: 6, transactionType: 1 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.envelope.data.field).toBe('requestKey');
    const badAmount = await call(h, { url: '/v1/pay/payOrder', token, body: { orderType: 0, businessRef: 'x', amount: -1, channelType: 6, transactionType: 1, requestKey: 'a' } });
    expect(badAmount.envelope.data.field).toBe('amount');
    const wrongWallet = await call(h, { url: '/v1/pay/payOrder', token, body: { orderType: 0, businessRef: 'x', amount: 100, channelType: 6, transactionType: 2, requestKey: 'b' } });
    expect(wrongWallet.statusCode).toBe(400);
    expect(wrongWallet.envelope.data.field).toBe('transactionType');
  });

  it('needs a login', async () => {
    const answer = await call(h, { url: '/v1/pay/payOrder', body: {} });
    expect(answer.statusCode).toBe(401);
  });
});

describe('trade status', () => {
  it('answers the owner, 403 for another user, 404 for an unknown order', async () => {
    const owner = await newUser(h);
    const other = await newUser(h);
    const { orderNo } = await createOrder(h, owner.token);
    const own = await call(h, { url: '/v1/pay/tradeStatus', token: owner.token, body: { orderNo } });
    expect(own.envelope).toMatchObject({ code: 200, data: { orderNo, payStatus: 0, orderStatus: 'pending' } });
    const foreign = await call(h, { url: '/v1/pay/tradeStatus', token: other.token, body: { orderNo } });
    expect(foreign.statusCode).toBe(403);
    const unknown = await call(h, { url: '/v1/pay/tradeStatus', token: owner.token, body: { orderNo: 'P202601010000000000' } });
    expect(unknown.statusCode).toBe(404);
    const open = await call(h, { url: '/v1/unAuth/order/tradeStatus', body: { orderNo } });
    expect(open.envelope.data).toEqual({ orderNo, payStatus: 0, orderStatus: 'pending' });
  });

  it('closes an expired order lazily when read', async () => {
    const { token } = await newUser(h);
    const { orderNo } = await createOrder(h, token);
    await h.app.ctx.orders.models.Order.updateOne({ _id: orderNo }, { $set: { expireAt: new Date(Date.now() - 1000) } });
    const status = await call(h, { url: '/v1/pay/tradeStatus', token, body: { orderNo } });
    expect(status.envelope.data).toMatchObject({ payStatus: 2, orderStatus: 'failed' });
    const order = await storedOrder(h, orderNo);
    expect(order?.status).toBe('closed');
    expect(order?.outbox.map((event) => event.type)).toEqual(['payment.failed']);
  });
});

describe('POST /v1/pay/payUrl', () => {
  it('refuses missing parameters with PAY_LINK_PARAMS_MISSING', async () => {
    const { token } = await newUser(h);
    const answer = await call(h, { url: '/v1/pay/payUrl', token, body: {} });
    expect(answer.envelope.code).toBe(3014);
  });
});

describe('GET /v1/pay/channelList', () => {
  it('offers QR pages on desktop and H5 pages on mobile, default first', async () => {
    const { token } = await newUser(h);
    const desktop = await call(h, { method: 'GET', url: '/v1/pay/channelList?type=0&orderAmount=5000', token, headers: { clientType: '1' } });
    const mobile = await call(h, { method: 'GET', url: '/v1/pay/channelList?type=0&orderAmount=5000', token, headers: { clientType: '2' } });
    expect(desktop.envelope.data.length).toBeGreaterThan(0);
    expect(desktop.envelope.data.every((offer: { pageType: number }) => offer.pageType === 1)).toBe(true);
    expect(mobile.envelope.data.every((offer: { pageType: number }) => offer.pageType === 2)).toBe(true);
    expect(desktop.envelope.data[0]).toMatchObject({ channelType: 2, transactionType: 1, isDefault: true });
    expect(mobile.envelope.data[0]).toMatchObject({ channelType: 6, transactionType: 1, isDefault: true });
  });

  it('answers 400 naming the field for a bad query', async () => {
    const { token } = await newUser(h);
    const answer = await call(h, { method: 'GET', url: '/v1/pay/channelList?type=0&orderAmount=abc', token });
    expect(answer.statusCode).toBe(400);
    expect(answer.envelope.data.field).toBe('orderAmount');
  });
});

describe('fees and rates', () => {
  it('answers the recharge fee and the exchange rate', async () => {
    const { token } = await newUser(h);
    const fee = await call(h, { url: '/v1/pay/rechargeFee', token, body: { cardId: 'c1', channelType: 6, amount: 10_000 } });
    expect(fee.envelope.data).toMatchObject({ rechargeFee: 2, fee: 200, total: 10_200, credited: 10_000 });
    const rate = await call(h, { method: 'GET', url: '/common/exchangeRate' });
    expect(rate.envelope.data.rate).toBe('7.2');
  });
});
