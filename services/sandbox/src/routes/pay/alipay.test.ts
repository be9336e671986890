// Alipay and AlipayHK over HTTP: merchant-signed requests in, provider-signed answers and
// notifications out, verified with the merchant-side functions of @aipay/pay-protocols.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rsa2Verify, signedAlipayRequest, verifyAlipayHkNotification, verifyAlipayNotification } from '@aipay/pay-protocols';
import { formOf, merchantListener, payKeys, sandboxEnv, sandboxes, type Sandbox } from './testkit.js';

const keys = payKeys();
const env = sandboxEnv(keys);
const boxes = sandboxes();
afterEach(() => boxes.closeApps());
afterAll(() => boxes.cleanup());

const orderNo = () => `P${Date.now()}${Math.floor(Math.random() * 1e6)}`;

function request(method: string, biz: object, extra: Record<string, string> = {}, protocol: 'alipay' | 'alipayhk' = 'alipay') {
  const { appId, merchant } = keys[protocol];
  return signedAlipayRequest(
    { app_id: appId, method, format: 'JSON', charset: 'utf-8', timestamp: '2026-11-21 10:00:00', version: '1.0', biz_content: JSON.stringify(biz), ...extra },
    merchant.privateKey,
  );
}

async function gateway(app: Sandbox, params: Record<string, string>, protocol = 'alipay') {
  const response = await app.inject({
    method: 'POST',
    url: `/${protocol}/gateway.do`,
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
    payload: new URLSearchParams(params).toString(),
  });
  return { response, json: response.json() as Record<string, Record<string, string>> & { sign?: string } };
}

/** The exact text of the `..._response` node, as the merchant must verify it. */
function nodeText(body: string, name: string): string {
  const start = body.indexOf(`"${name}":`) + name.length + 3;
  return body.slice(start, body.lastIndexOf(',"sign":'));
}

async function precreate(app: Sandbox, order: string, amount = '12.30', notifyUrl?: string, protocol: 'alipay' | 'alipayhk' = 'alipay') {
  const biz = { out_trade_no: order, total_amount: amount, subject: 'VIP month', timeout_express: '15m' };
  const params = request('alipay.trade.precreate', biz, notifyUrl ? { notify_url: notifyUrl } : {}, protocol);
  return gateway(app, params, protocol);
}

describe('Alipay gateway', () => {
  it('answers a signed precreate with a QR code to the cashier page, signed over the node text', async () => {
    const app = await boxes.build(env);
    const order = orderNo();
    const { response, json } = await precreate(app, order);
    const node = json.alipay_trade_precreate_response!;
    expect(node).toMatchObject({ code: '10000', msg: 'Success', out_trade_no: order, qr_code: expect.stringMatching(/^http:\/\/sandbox\.test:8090\/pay\/page\/tr_/) });
    const text = nodeText(response.body, 'alipay_trade_precreate_response');
    expect(JSON.parse(text)).toEqual(node);
    expect(rsa2Verify(text, json.sign as string, keys.alipay.provider.publicKey)).toBe(true);
    expect(rsa2Verify(text, json.sign as string, keys.alipayhk.provider.publicKey)).toBe(false);

    const again = await precreate(app, order);
    expect(again.json.alipay_trade_precreate_response!.qr_code).toBe(node.qr_code);
    const other = await precreate(app, order, '99.00');
    expect(other.json.alipay_trade_precreate_response).toMatchObject({ code: '40004', sub_code: 'ACQ.CONTEXT_INCONSISTENT' });
  });

  it('refuses a tampered request, a wrong app_id and another protocol\'s key', async () => {
    const app = await boxes.build(env);
    const params = request('alipay.trade.precreate', { out_trade_no: orderNo(), total_amount: '1.00', subject: 'x' });
    const tampered = await gateway(app, { ...params, biz_content: params.biz_content!.replace('1.00', '0.01') });
    expect(tampered.json.alipay_trade_precreate_response).toMatchObject({ code: '40002', sub_code: 'isv.invalid-signature' });
    const text = nodeText(tampered.response.body, 'alipay_trade_precreate_response');
    expect(rsa2Verify(text, tampered.json.sign as string, keys.alipay.provider.publicKey)).toBe(true);

    const wrongApp = await gateway(app, { ...params, app_id: '2021999999999999' });
    expect(wrongApp.json.alipay_trade_precreate_response).toMatchObject({ sub_code: 'isv.invalid-app-id' });
    const unsigned = await gateway(app, { ...params, sign: '' });
    expect(unsigned.json.alipay_trade_precreate_response).toMatchObject({ sub_code: 'isv.missing-signature' });
    const hkSigned = request('alipay.trade.precreate', { out_trade_no: orderNo(), total_amount: '1.00', subject: 'x' }, {}, 'alipayhk');
    expect((await gateway(app, { ...hkSigned, app_id: keys.alipay.appId })).json.alipay_trade_precreate_response).toMatchObject({ sub_code: 'isv.invalid-signature' });
    expect((await gateway(app, request('alipay.trade.close', {}))).json.error_response).toMatchObject({ sub_code: 'isv.invalid-method' });
  });

  it('plays AlipayHK with its own keys', async () => {
    const app = await boxes.build(env);
    const { response, json } = await precreate(app, orderNo(), '5.00', undefined, 'alipayhk');
    expect(json.alipay_trade_precreate_response).toMatchObject({ code: '10000' });
    const text = nodeText(response.body, 'alipay_trade_precreate_response');
    expect(rsa2Verify(text, json.sign as string, keys.alipayhk.provider.publicKey)).toBe(true);
    const mainland = request('alipay.trade.precreate', { out_trade_no: orderNo(), total_amount: '1.00', subject: 'x' });
    expect((await gateway(app, mainland, 'alipayhk')).json.alipay_trade_precreate_response).toMatchObject({ sub_code: 'isv.invalid-app-id' });
  });

  it('redirects a signed WAP pay to the cashier page and shows ILLEGAL_SIGN for a bad one', async () => {
    const app = await boxes.build(env);
    const order = orderNo();
    const biz = { out_trade_no: order, total_amount: '8.88', subject: 'VIP', product_code: 'QUICK_WAP_WAY' };
    const params = request('alipay.trade.wap.pay', biz, { return_url: 'http://127.0.0.1:8080/pay-result?orderNo=1&redirect=1', notify_url: 'http://127.0.0.1:9/n' });
    const ok = await app.inject({ method: 'GET', url: `/alipay/gateway.do?${new URLSearchParams(params)}` });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toMatch(/^http:\/\/sandbox\.test:8090\/pay\/page\/tr_/);
    const page = await app.inject({ method: 'GET', url: new URL(ok.headers.location as string).pathname });
    expect(page.body).toContain(order);
    expect(page.body).toContain('¥8.88');

    const bad = await app.inject({ method: 'GET', url: `/alipay/gateway.do?${new URLSearchParams({ ...params, return_url: 'http://evil.test/' })}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toMatch(/text\/html/);
    expect(bad.body).toContain('ILLEGAL_SIGN');
  });

  it('notifies payment: signed, with duplicates, then the stale WAIT_BUYER_PAY', async () => {
    const merchant = await merchantListener({ body: 'success' });
    try {
      const app = await boxes.build({ ...env, PAY_NOTIFY_DUPLICATES: '2' });
      const order = orderNo();
      const { json } = await precreate(app, order, '12.30', `${merchant.url}/v1/pay/notify/alipay`);
      const tradeId = new URL(json.alipay_trade_precreate_response!.qr_code!).pathname.split('/').pop();
      const paid = await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/pay` });
      expect(paid.json().data).toMatchObject({ status: 'paid', orderNo: order });

      const notices = await merchant.waitFor(4);
      const forms = notices.map((notice) => formOf(notice.body));
      expect(notices.every((n) => n.path === '/v1/pay/notify/alipay')).toBe(true);
      expect(forms.map((f) => f.trade_status)).toEqual(['TRADE_SUCCESS', 'TRADE_SUCCESS', 'TRADE_SUCCESS', 'WAIT_BUYER_PAY']);
      for (const form of forms) {
        expect(verifyAlipayNotification(form, keys.alipay.provider.publicKey)).toBe(true);
        expect(form).toMatchObject({ notify_type: 'trade_status_sync', app_id: keys.alipay.appId, out_trade_no: order, total_amount: '12.30', sign_type: 'RSA2', charset: 'utf-8' });
      }
      expect(new Set(forms.slice(0, 3).map((f) => f.notify_id)).size).toBe(1);
      expect(forms[0]!.trade_no).toMatch(/^\d{8}22001\d{15}$/);
      expect(forms[0]!.gmt_payment).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(verifyAlipayNotification({ ...forms[0], total_amount: '0.01' }, keys.alipay.provider.publicKey)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(merchant.received).toHaveLength(4);
    } finally {
      await merchant.close();
    }
  });

  it('redelivers until the merchant answers success, and signs AlipayHK notices with the HK key', async () => {
    const merchant = await merchantListener({}, (n) => ({ status: 200, body: n <= 2 ? 'fail' : 'success' }));
    try {
      const app = await boxes.build({ ...env, PAY_NOTIFY_DUPLICATES: '0', PAY_NOTIFY_OUT_OF_ORDER: 'false' });
      const { json } = await precreate(app, orderNo(), '3.00', merchant.url, 'alipayhk');
      const tradeId = new URL(json.alipay_trade_precreate_response!.qr_code!).pathname.split('/').pop();
      await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/fail` });
      const notices = await merchant.waitFor(3);
      const keysHk = { merchantPrivateKey: keys.alipayhk.merchant.privateKey, alipayHkPublicKey: keys.alipayhk.provider.publicKey };
      for (const notice of notices) {
        expect(verifyAlipayHkNotification(formOf(notice.body), keysHk)).toBe(true);
        expect(formOf(notice.body).trade_status).toBe('TRADE_CLOSED');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(merchant.received).toHaveLength(3);
    } finally {
      await merchant.close();
    }
  });

  it('refunds idempotently by out_request_no and never more than was paid', async () => {
    const app = await boxes.build(env);
    const order = orderNo();
    const refund = (amount: string, refundNo: string, target = order) =>
      gateway(app, request('alipay.trade.refund', { out_trade_no: target, refund_amount: amount, out_request_no: refundNo }));
    const node = async (amount: string, refundNo: string, target = order) => (await refund(amount, refundNo, target)).json.alipay_trade_refund_response!;

    expect(await node('1.00', 'R0', 'nope')).toMatchObject({ code: '40004', sub_code: 'ACQ.TRADE_NOT_EXIST' });
    const { json } = await precreate(app, order, '10.00');
    expect(await node('1.00', 'R0')).toMatchObject({ code: '40004', sub_code: 'ACQ.TRADE_STATUS_ERROR' });
    const tradeId = new URL(json.alipay_trade_precreate_response!.qr_code!).pathname.split('/').pop();
    await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/pay` });

    const first = await refund('4.00', 'R1');
    const firstNode = first.json.alipay_trade_refund_response!;
    expect(firstNode).toMatchObject({ code: '10000', fund_change: 'Y', refund_fee: '4.00', out_trade_no: order });
    expect(rsa2Verify(nodeText(first.response.body, 'alipay_trade_refund_response'), first.json.sign as string, keys.alipay.provider.publicKey)).toBe(true);
    expect(await node('4.00', 'R1')).toMatchObject({ code: '10000', fund_change: 'N', refund_fee: '4.00', trade_no: firstNode.trade_no });
    expect(await node('6.01', 'R2')).toMatchObject({ code: '40004', sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
    expect(await node('6.00', 'R2')).toMatchObject({ code: '10000', fund_change: 'Y', refund_fee: '10.00' });
    expect(await node('0.01', 'R3')).toMatchObject({ sub_code: 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' });
    const trade = (await app.inject({ method: 'GET', url: `/pay/trades/${tradeId}` })).json().data;
    expect(trade.refunds.map((r: { refundNo: string; amount: number }) => [r.refundNo, r.amount])).toEqual([['R1', 400], ['R2', 600]]);
  });

  it('answers with Alipay\'s error shape when its keys are not configured', async () => {
    const app = await boxes.build();
    const { response, json } = await precreate(app, orderNo());
    expect(json.alipay_trade_precreate_response).toMatchObject({ code: '40002', sub_code: 'isv.invalid-app-id', sub_msg: expect.stringContaining('PAY_ALIPAY_') });
    expect(json.sign).toBeUndefined();
    expect(response.statusCode).toBe(200);
    const page = await app.inject({ method: 'GET', url: `/alipayhk/gateway.do?method=alipay.trade.wap.pay` });
    expect(page.headers['content-type']).toMatch(/text\/html/);
  });
});
