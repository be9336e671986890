// Face verification for a held recharge: start and status through identity's internal API (a local
// server playing it), and rechargeIdentity lifting the hold once, against the real store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newUser, startHarness, storedOrder, type Harness } from '../testing/harness.js';
import { insertOrder } from '../testing/orders.js';
import { assertNotHeld } from './orderRules.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

let keys = 0;
/** An unverified user with a $80 recharge this month and a held $50 recharge. */
async function heldRecharge() {
  const user = await newUser(h);
  h.identity.set(user.userId, { verified: false, sessionStatus: 0 });
  await insertOrder(h, user.userId, { usdAmount: 8_000 });
  keys += 1;
  const answer = await call(h, {
    url: '/v1/pay/payOrder',
    token: user.token,
    body: { orderType: 0, businessRef: 'card-1', amount: 5_000, channelType: 6, transactionType: 1, requestKey: `held-${keys}` },
  });
  expect(answer.envelope.code).toBe(2112);
  return { ...user, orderNo: answer.envelope.data.orderNo as string };
}

describe('POST /v1/pay/identityVerify and GET /v1/pay/identityStatus', () => {
  it('starts a session with the return URL and reads its status (0, then 1 verified)', async () => {
    const { userId, token } = await heldRecharge();
    const returnUrl = `${h.config.PUBLIC_WEB_URL}/pay-face-verify-result?orderNo=P1`;
    const started = await call(h, { url: '/v1/pay/identityVerify', token, body: { returnUrl } });
    expect(started.envelope.code).toBe(200);
    const { certifyId, verifyUrl } = started.envelope.data;
    expect(verifyUrl).toContain(certifyId);
    expect(h.identity.calls.at(-1)).toMatchObject({ method: 'POST', path: `/internal/users/${userId}/identityVerify`, tokenOk: true, body: { returnUrl } });

    const processing = await call(h, { method: 'GET', url: '/v1/pay/identityStatus', token });
    expect(processing.envelope.data).toEqual({ certifyId, status: 0, verified: false });
    h.identity.set(userId, { sessionStatus: 1 });
    const passed = await call(h, { method: 'GET', url: '/v1/pay/identityStatus', token });
    expect(passed.envelope.data).toEqual({ certifyId, status: 1, verified: true });
  });

  it('names returnUrl when missing, not http(s) or not our web client; passes identity refusals through (3111 already verified)', async () => {
    const { token } = await newUser(h);
    const missing = await call(h, { url: '/v1/pay/identityVerify', token, body: {} });
    expect(missing.envelope).toMatchObject({ code: 400, msg: 'returnUrl is required', data: { field: 'returnUrl' } });
    const script = await call(h, { url: '/v1/pay/identityVerify', token, body: { returnUrl: 'javascript:alert(1)' } });
    expect(script.envelope).toMatchObject({ code: 400, data: { field: 'returnUrl' } });
    const elsewhere = await call(h, { url: '/v1/pay/identityVerify', token, body: { returnUrl: 'https://phishing.example/pay-face-verify-result' } });
    expect(elsewhere.envelope).toMatchObject({ code: 400, data: { field: 'returnUrl' } });
    const verified = await call(h, { url: '/v1/pay/identityVerify', token, body: { returnUrl: `${h.config.PUBLIC_WEB_URL}/` } });
    expect(verified.envelope).toMatchObject({ code: 3111, msg: 'Already verified' });
  });

  it('needs a login; identity down is 503', async () => {
    expect((await call(h, { method: 'GET', url: '/v1/pay/identityStatus' })).statusCode).toBe(401);
    const { token } = await newUser(h);
    h.identity.down = true;
    try {
      expect((await call(h, { method: 'GET', url: '/v1/pay/identityStatus', token })).envelope.code).toBe(503);
    } finally {
      h.identity.down = false;
    }
  });
});

describe('POST /v1/pay/rechargeIdentity', () => {
  it('answers 2112 again until verified, then lifts the hold once with a fresh payment window', async () => {
    const { userId, token, orderNo } = await heldRecharge();
    const notYet = await call(h, { url: '/v1/pay/rechargeIdentity', token, body: { orderNo } });
    expect(notYet.envelope).toMatchObject({ code: 2112, data: { orderNo } });
    await call(h, { url: '/v1/pay/identityVerify', token, body: { returnUrl: `${h.config.PUBLIC_WEB_URL}/pay-face-verify-result` } });
    h.identity.set(userId, { sessionStatus: 1 });
    await h.app.ctx.orders.models.Order.updateOne({ _id: orderNo }, { $set: { expireAt: new Date(Date.now() + 60_000) } });

    const answers = await Promise.all(Array.from({ length: 5 }, () => call(h, { url: '/v1/pay/rechargeIdentity', token, body: { orderNo } })));
    for (const answer of answers) {
      expect(answer.envelope).toMatchObject({ code: 200, data: { orderNo, identityHold: false, payStatus: 0, orderStatus: 'pending', usdAmount: 5_000 } });
    }
    const order = await storedOrder(h, orderNo);
    expect(order?.identityHold).toBe(false);
    expect(order!.expireAt.getTime()).toBeGreaterThan(Date.now() + (h.config.ORDER_TTL_SECONDS - 10) * 1000);
    expect(answers[0]!.envelope.data.timeExpireTime).toBeGreaterThan(h.config.ORDER_TTL_SECONDS - 10);
    expect(() => assertNotHeld(order!)).not.toThrow();
  });

  it('refuses with 2213 when the verified limit no longer allows the amount', async () => {
    const { userId, token, orderNo } = await heldRecharge();
    h.identity.set(userId, { verified: true });
    await insertOrder(h, userId, { usdAmount: 290_000, channelType: 2 });
    const answer = await call(h, { url: '/v1/pay/rechargeIdentity', token, body: { orderNo } });
    expect(answer.envelope).toMatchObject({ code: 2213, data: { field: 'amount' } });
    expect((await storedOrder(h, orderNo))?.identityHold).toBe(true);
  });

  it('refuses a closed held order (409), an order that is not a recharge (400 orderNo), and other users (403)', async () => {
    const { userId, token, orderNo } = await heldRecharge();
    h.identity.set(userId, { verified: true });
    const stranger = await newUser(h);
    expect((await call(h, { url: '/v1/pay/rechargeIdentity', token: stranger.token, body: { orderNo } })).statusCode).toBe(403);
    await h.app.ctx.orders.models.Order.updateOne({ _id: orderNo }, { $set: { expireAt: new Date(Date.now() - 1000) } });
    const closed = await call(h, { url: '/v1/pay/rechargeIdentity', token, body: { orderNo } });
    expect(closed.envelope).toMatchObject({ code: 409, data: { orderNo, orderStatus: 'failed' } });
    const sms = await insertOrder(h, userId, { orderType: 4, status: 'pending', paidAt: null });
    const notRecharge = await call(h, { url: '/v1/pay/rechargeIdentity', token, body: { orderNo: sms._id } });
    expect(notRecharge.envelope).toMatchObject({ code: 400, data: { field: 'orderNo' } });
    const missing = await call(h, { url: '/v1/pay/rechargeIdentity', token, body: {} });
    expect(missing.envelope).toMatchObject({ code: 400, data: { field: 'orderNo' } });
  });
});

describe('the pay URL of a held recharge', () => {
  it('is refused with 2112 {orderNo} on payUrl and its variants, no trade is created, and given once the hold is lifted', async () => {
    const { userId, token, orderNo } = await heldRecharge();
    const trades = h.channels.tradeCalls.length;
    for (const [url, body] of [
      ['/v1/pay/payUrl', { orderNo }],
      ['/v1/pay/extraOrder/payUrl', { orderNo }],
      ['/aiflex/payParam', { order_id: orderNo }],
    ] as const) {
      const answer = await call(h, { url, token, body });
      expect(answer.envelope, url).toMatchObject({ code: 2112, data: { orderNo } });
    }
    expect(h.channels.tradeCalls.length).toBe(trades);
    h.identity.set(userId, { verified: true });
    expect((await call(h, { url: '/v1/pay/rechargeIdentity', token, body: { orderNo } })).envelope.code).toBe(200);
    const link = await call(h, { url: '/v1/pay/payUrl', token, body: { orderNo } });
    expect(link.envelope).toMatchObject({ code: 200, data: { orderNo } });
  });
});

describe('assertNotHeld (the pay URL check of a held order)', () => {
  it('throws 2112 with the orderNo for a held order and answers the order otherwise', async () => {
    const { orderNo } = await heldRecharge();
    const held = (await storedOrder(h, orderNo))!;
    expect(() => assertNotHeld(held, 'zh')).toThrow(expect.objectContaining({ code: 2112, data: { orderNo }, overrideMsg: '账户未通过人脸身份认证' }));
    expect(assertNotHeld({ ...held, identityHold: false })).toMatchObject({ _id: orderNo });
  });
});
