// payOrder and the channel chooser with the payer's region and verification from identity (a local
// server playing identity's internal API), this month's recharges from the real store, the identity
// hold (2112), the monthly limits (2213) and the same flex package (1001).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, startHarness, storedOrder, type Harness } from '../testing/harness.js';
import { insertOrder } from '../testing/orders.js';
import { shanghaiMonth } from '../domain/limits.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

let keys = 0;
function payOrder(token: string, body: Record<string, unknown> = {}) {
  keys += 1;
  return call(h, {
    url: '/v1/pay/payOrder',
    token,
    body: { orderType: 0, businessRef: 'card-1', amount: 5_000, channelType: 6, transactionType: 1, requestKey: `rule-${keys}`, ...body },
  });
}

async function unverifiedUser() {
  const user = await newUser(h);
  h.identity.set(user.userId, { verified: false, sessionStatus: 0 });
  return user;
}

const offers = (answer: { envelope: { data: { channelType: number; transactionType: number }[] } }) =>
  answer.envelope.data.map((offer) => `${offer.channelType}/${offer.transactionType}`);

describe('monthly limit of an unverified user ($100, 001 §6)', () => {
  it('allows up to $100 of paid recharges this month, then creates the order held and answers 2112 with its orderNo', async () => {
    const { userId, token } = await unverifiedUser();
    await insertOrder(h, userId, { usdAmount: 6_000 });
    expect((await payOrder(token, { amount: 4_000 })).envelope.code).toBe(200);
    const held = await payOrder(token, { amount: 4_001, requestKey: 'held-1' });
    expect(held.statusCode).toBe(400);
    expect(held.envelope).toMatchObject({ code: 2112, msg: 'Account has not passed face identity verification' });
    const orderNo = held.envelope.data.orderNo as string;
    expect(await storedOrder(h, orderNo)).toMatchObject({ status: 'pending', identityHold: true, usdAmount: 4_001 });
    // A replay of the request answers the same held order.
    const again = await payOrder(token, { amount: 4_001, requestKey: 'held-1' });
    expect(again.envelope).toMatchObject({ code: 2112, data: { orderNo } });
    expect(h.identity.calls.every((c) => c.tokenOk)).toBe(true);
  });

  it('counts only money that arrived this month (Beijing time), minus refunds that succeeded', async () => {
    const { userId, token } = await unverifiedUser();
    const { start } = shanghaiMonth(new Date());
    await insertOrder(h, userId, { usdAmount: 9_000, paidAt: new Date(start.getTime() - 1000) }); // last month
    await insertOrder(h, userId, { usdAmount: 9_000, status: 'pending', paidAt: null }); // not paid
    await insertOrder(h, userId, { usdAmount: 9_000, status: 'closed', paidAt: null });
    await insertOrder(h, userId, { usdAmount: 9_000, orderType: 4 }); // not a recharge
    await insertOrder(h, userId, {
      usdAmount: 9_000,
      status: 'partiallyRefunded',
      refunds: [{ refundNo: 'R1', amount: 50_400, usdAmount: 7_000, reason: 'requested', status: 'succeeded', createdAt: new Date() }],
    });
    // Counted: 9000 − 7000 = 2000; 2000 + 8000 = $100 exactly.
    expect((await payOrder(token, { amount: 8_000 })).envelope.code).toBe(200);
    expect((await payOrder(token, { amount: 1, channelType: 2 })).envelope.code).toBe(200);
    await insertOrder(h, userId, { usdAmount: 1, status: 'paid' });
    expect((await payOrder(token, { amount: 8_000 })).envelope.code).toBe(2112);
  });

  it('refuses with 2213 naming amount when even the verified limit would be exceeded', async () => {
    const { token } = await unverifiedUser();
    const answer = await payOrder(token, { amount: 300_001, channelType: 2 });
    expect(answer.envelope).toMatchObject({ code: 2213, msg: 'Exceeded the monthly payment limit', data: { field: 'amount', limit: 300_000, used: 0 } });
  });
});

describe('monthly limit of a verified user ($3000, 001 §6)', () => {
  it('refuses a recharge over $3000 this month with 2213 naming amount; other order types are not counted', async () => {
    const { userId, token } = await newUser(h);
    await insertOrder(h, userId, { usdAmount: 295_000, channelType: 2, payCurrency: 2, payAmount: 295_000 });
    expect((await payOrder(token, { amount: 5_000, channelType: 2 })).envelope.code).toBe(200);
    const over = await payOrder(token, { amount: 5_001, channelType: 2 });
    expect(over.envelope).toMatchObject({ code: 2213, data: { field: 'amount', limit: 300_000, used: 295_000, remaining: 5_000 } });
    expect((await payOrder(token, { amount: 5_001, channelType: 2, orderType: 4 })).envelope.code).toBe(200);
  });
});

describe('channel 6 monthly top-up limit ($1,000 on one channel, 001 §9)', () => {
  it('drops channel 6 from the chooser and refuses it in payOrder (2213 naming channelType) once $1,000 would be passed', async () => {
    const { userId, token } = await newUser(h);
    await insertOrder(h, userId, { usdAmount: 95_000 });
    const mobile = { clientType: '2' };
    const within = await call(h, { method: 'GET', url: '/v1/pay/channelList?type=0&orderAmount=5000', token, headers: mobile });
    expect(offers(within)).toContain('6/1');
    const over = await call(h, { method: 'GET', url: '/v1/pay/channelList?type=0&orderAmount=5001', token, headers: mobile });
    expect(offers(over)).not.toContain('6/1');
    expect(offers(over)).toContain('7/1');
    const sms = await call(h, { method: 'GET', url: '/v1/pay/channelList?type=4&orderAmount=5001', token, headers: mobile });
    expect(offers(sms)).toContain('6/1');

    const refused = await payOrder(token, { amount: 5_001 });
    expect(refused.envelope).toMatchObject({ code: 2213, data: { field: 'channelType', channelType: 6, limit: 100_000, used: 95_000, remaining: 5_000 } });
    expect((await payOrder(token, { amount: 5_001, channelType: 7 })).envelope.code).toBe(200);
    expect((await payOrder(token, { amount: 5_000 })).envelope.code).toBe(200);
  });
});

describe('region (001 §6, 002 §5)', () => {
  it('offers Hong Kong and Macao users only Alipay on channel 6 for order types 1 and 2, and payOrder refuses other channels', async () => {
    const { userId, token } = await newUser(h);
    h.identity.set(userId, { areaCode: 852 });
    const opening = await call(h, { method: 'GET', url: '/v1/pay/channelList?type=1&orderAmount=1199', token });
    expect(offers(opening)).toEqual(['6/1']);
    expect(opening.envelope.data[0]).toMatchObject({ isDefault: true });
    const recharge = await call(h, { method: 'GET', url: '/v1/pay/channelList?type=0&orderAmount=5000', token });
    expect(offers(recharge).length).toBeGreaterThan(1);

    const card = await payOrder(token, { orderType: 1, amount: 1_199, channelType: 2 });
    expect(card.envelope).toMatchObject({ code: 400, data: { field: 'channelType' } });
    const union = await payOrder(token, { orderType: 2, amount: 2_000, channelType: 8, transactionType: 3 });
    expect(union.envelope.data.field).toBe('channelType');
    expect((await payOrder(token, { orderType: 1, amount: 1_199 })).envelope.code).toBe(200);
    expect((await payOrder(token, { orderType: 0, amount: 1_199, channelType: 2 })).envelope.code).toBe(200);
  });

  it('a mainland user may open an account through channel 2', async () => {
    const { token } = await newUser(h);
    expect((await payOrder(token, { orderType: 1, amount: 1_199, channelType: 2 })).envelope.code).toBe(200);
    const opening = await call(h, { method: 'GET', url: '/v1/pay/channelList?type=1&orderAmount=1199', token });
    expect(offers(opening)[0]).toBe('2/1');
  });
});

describe('identity not reachable', () => {
  it('answers 503 in the envelope (never a guess) and creates nothing; a user identity does not know holds a bad token', async () => {
    const { userId, token } = await newUser(h);
    h.identity.down = true;
    try {
      const order = await payOrder(token, { businessRef: 'while-down' });
      expect(order.statusCode).toBe(503);
      expect(order.envelope).toMatchObject({ code: 503, data: null });
      const list = await call(h, { method: 'GET', url: '/v1/pay/channelList?type=0&orderAmount=5000', token });
      expect(list.envelope.code).toBe(503);
    } finally {
      h.identity.down = false;
    }
    expect(await h.app.ctx.orders.models.Order.countDocuments({ businessRef: 'while-down' })).toBe(0);
    h.identity.unknown.add(userId);
    expect((await payOrder(token)).envelope.code).toBe(1005);
  });

  it('a wrong internal token is our misconfiguration: 503', async () => {
    const other = await startHarness({ INTERNAL_TOKEN: 'not-the-token-of-identity' });
    try {
      const { token } = await newUser(other);
      const answer = await call(other, { method: 'GET', url: '/v1/pay/channelList?type=0&orderAmount=5000', token });
      expect(answer.envelope.code).toBe(503);
    } finally {
      await other.close();
    }
  });
});

describe('the same flex package (1001, interim rule)', () => {
  const flex = { orderType: 9, businessRef: 'pkg-chatgpt-month', amount: 999, channelType: 2 };
  const days = (n: number) => new Date(Date.now() - n * 24 * 60 * 60 * 1000);

  it('answers 1001 for a package paid within 31 days or pending and unexpired, with that orderNo', async () => {
    const { userId, token } = await newUser(h);
    const paid = await insertOrder(h, userId, { orderType: 9, businessRef: flex.businessRef, usdAmount: 999, paidAt: days(30) });
    const held = await payOrder(token, flex);
    expect(held.envelope).toMatchObject({ code: 1001, msg: 'You already hold the same package', data: { field: 'businessRef', orderNo: paid._id } });
    expect((await payOrder(token, { ...flex, businessRef: 'pkg-claude-month' })).envelope.code).toBe(200);
    const again = await payOrder(token, { ...flex, businessRef: 'pkg-claude-month' });
    expect(again.envelope.code).toBe(1001);
  });

  it('lets the package be bought again after 31 days, after a full refund, or once the pending order expired', async () => {
    const { userId, token } = await newUser(h);
    await insertOrder(h, userId, { orderType: 9, businessRef: 'old', usdAmount: 999, paidAt: days(32) });
    await insertOrder(h, userId, { orderType: 9, businessRef: 'refunded', usdAmount: 999, status: 'refunded' });
    await insertOrder(h, userId, { orderType: 9, businessRef: 'expired', usdAmount: 999, status: 'pending', paidAt: null, expireAt: days(0.01) });
    for (const businessRef of ['old', 'refunded', 'expired']) {
      expect((await payOrder(token, { ...flex, businessRef })).envelope.code, businessRef).toBe(200);
    }
  });
});
