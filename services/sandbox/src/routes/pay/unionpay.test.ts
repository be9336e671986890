// UnionPay 5.1 over HTTP: the browser's signed front form, signed notifications, and refunds on
// the back gateway answered with a signed form, verified with verifyUnionPay.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { signUnionPay, verifyUnionPay } from '@aipay/pay-protocols';
import { formOf, merchantListener, payKeys, sandboxEnv, sandboxes, type Sandbox } from './testkit.js';

const keys = payKeys();
const env = sandboxEnv(keys);
const boxes = sandboxes();
afterEach(() => boxes.closeApps());
afterAll(() => boxes.cleanup());

const { unionpay } = keys;
const orderNo = () => `U${Date.now()}${Math.floor(Math.random() * 1e6)}`;

function signed(fields: Record<string, string>): Record<string, string> {
  const params = { version: '5.1.0', encoding: 'UTF-8', signMethod: '01', bizType: '000201', accessType: '0', merId: unionpay.merId, certId: unionpay.certId, ...fields };
  return { ...params, signature: signUnionPay(params, unionpay.merchant.privateKey) };
}

const front = (no: string, backUrl: string, amount = '1230') =>
  signed({
    txnType: '01',
    txnSubType: '01',
    channelType: '08',
    orderId: no,
    txnTime: '20261121100000',
    txnAmt: amount,
    currencyCode: '156',
    frontUrl: 'http://127.0.0.1:8080/pay-result?orderNo=1&redirect=1',
    backUrl,
    payTimeout: '20991121101500',
  });

function submit(app: Sandbox, path: string, params: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url: `/unionpay/gateway/api/${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(params).toString(),
  });
}

async function openTrade(app: Sandbox, no: string, backUrl = 'http://127.0.0.1:9/notify', amount = '1230') {
  const response = await submit(app, 'frontTransReq.do', front(no, backUrl, amount));
  expect(response.statusCode).toBe(302);
  return new URL(response.headers.location as string).pathname.split('/').pop() as string;
}

describe('UnionPay', () => {
  it('verifies the front form and redirects to the cashier page; a tampered one gets ILLEGAL_SIGN', async () => {
    const app = await boxes.build(env);
    const no = orderNo();
    const tradeId = await openTrade(app, no);
    expect(await openTrade(app, no)).toBe(tradeId);
    const page = await app.inject({ method: 'GET', url: `/pay/page/${tradeId}` });
    expect(page.body).toContain('UnionPay');
    expect(page.body).toContain(no);

    const tampered = await submit(app, 'frontTransReq.do', { ...front(orderNo(), 'http://127.0.0.1:9/n'), txnAmt: '1' });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.headers['content-type']).toMatch(/text\/html/);
    expect(tampered.body).toContain('ILLEGAL_SIGN');
    const otherMerchant = await submit(app, 'frontTransReq.do', { ...front(orderNo(), 'http://127.0.0.1:9/n'), merId: '777290058110049' });
    expect(otherMerchant.body).toContain('ILLEGAL_SIGN');
  });

  it('notifies the backUrl with forms signed by UnionPay, in copies', async () => {
    const merchant = await merchantListener({ status: 200, body: 'ok' });
    try {
      const app = await boxes.build({ ...env, PAY_NOTIFY_DUPLICATES: '1' });
      const no = orderNo();
      const tradeId = await openTrade(app, no, `${merchant.url}/v1/pay/notify/unionpay`);
      const paid = (await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/pay` })).json().data;
      const notices = await merchant.waitFor(2);
      for (const notice of notices) {
        const form = formOf(notice.body);
        expect(verifyUnionPay(form, unionpay.provider.publicKey)).toBe(true);
        expect(verifyUnionPay(form, unionpay.merchant.publicKey)).toBe(false);
        expect(form).toMatchObject({ orderId: no, queryId: paid.providerTradeNo, respCode: '00', txnAmt: '1230', txnTime: '20261121100000', merId: unionpay.merId, signMethod: '01', version: '5.1.0' });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(merchant.received).toHaveLength(2);
    } finally {
      await merchant.close();
    }
  });

  it('redelivers until the merchant answers 200', async () => {
    const merchant = await merchantListener({}, (n) => ({ status: n <= 2 ? 503 : 200, body: '' }));
    try {
      const app = await boxes.build({ ...env, PAY_NOTIFY_DUPLICATES: '0' });
      const tradeId = await openTrade(app, orderNo(), merchant.url);
      await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/fail` });
      const notices = await merchant.waitFor(3);
      expect(notices.map((n) => formOf(n.body).respCode)).toEqual(['01', '01', '01']);
    } finally {
      await merchant.close();
    }
  });

  it('refunds on the back gateway with a signed answer, idempotent by orderId and bounded', async () => {
    const app = await boxes.build(env);
    const tradeId = await openTrade(app, orderNo(), 'http://127.0.0.1:9/n', '1000');
    const trade = (await app.inject({ method: 'GET', url: `/pay/trades/${tradeId}` })).json().data;
    const refund = async (refundNo: string, amount: string, origQryId = trade.providerTradeNo, tamper = false) => {
      const params = signed({ txnType: '04', txnSubType: '00', channelType: '07', orderId: refundNo, origQryId, txnTime: '20261121110000', txnAmt: amount, backUrl: 'http://127.0.0.1:9/r' });
      const response = await submit(app, 'backTransReq.do', tamper ? { ...params, txnAmt: '999' } : params);
      const answer = formOf(response.body);
      expect(verifyUnionPay(answer, unionpay.provider.publicKey)).toBe(true);
      return answer;
    };
    expect(await refund('UR0', '100')).toMatchObject({ respCode: '35' });
    expect(await refund('UR0', '100', '000000000000000000000')).toMatchObject({ respCode: '34' });
    await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/pay` });
    expect(await refund('UR1', '100', trade.providerTradeNo, true)).toMatchObject({ respCode: '11' });

    const first = await refund('UR1', '700');
    expect(first).toMatchObject({ respCode: '00', orderId: 'UR1', origQryId: trade.providerTradeNo, txnAmt: '700', txnType: '04' });
    expect(await refund('UR1', '700')).toMatchObject({ respCode: '00', queryId: first.queryId });
    expect(await refund('UR2', '301')).toMatchObject({ respCode: '36' });
    expect(await refund('UR2', '300')).toMatchObject({ respCode: '00' });
  });

  it('says it is not configured without its keys', async () => {
    const app = await boxes.build();
    const page = await submit(app, 'frontTransReq.do', front(orderNo(), 'http://127.0.0.1:9/n'));
    expect(page.body).toContain('PAY_UNIONPAY_MER_ID');
    const back = formOf((await submit(app, 'backTransReq.do', { txnType: '04' })).body);
    expect(back).toMatchObject({ respCode: '06' });
    expect(back.signature).toBeUndefined();
  });
});
