// WeChat Pay v3 over HTTP: Authorization-signed requests, platform-signed answers and encrypted
// notifications, checked with the merchant-side functions of @aipay/pay-protocols.
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildWechatAuthorization, decryptWechatResource, readWechatHeaders, verifyWechatNotification } from '@aipay/pay-protocols';
import { merchantListener, payKeys, sandboxEnv, sandboxes, type Received, type Sandbox } from './testkit.js';

const keys = payKeys();
const env = sandboxEnv(keys);
const boxes = sandboxes();
afterEach(() => boxes.closeApps());
afterAll(() => boxes.cleanup());

const { wechat } = keys;
const orderNo = () => `W${Date.now()}${Math.floor(Math.random() * 1e6)}`;
const platformKeys = { [wechat.platformSerial]: wechat.platform.publicKey };

/** A merchant call; `signedPath` is what the merchant signed (relative to the API base by default). */
function call(app: Sandbox, method: 'GET' | 'POST', path: string, payload?: object, options: { signedPath?: string; tamper?: boolean; serial?: string } = {}) {
  const body = payload ? JSON.stringify(payload) : '';
  const authorization = buildWechatAuthorization({
    method,
    urlPath: options.signedPath ?? path,
    timestamp: Math.floor(Date.now() / 1000),
    nonce: randomBytes(16).toString('hex'),
    body,
    mchid: wechat.mchId,
    serialNo: options.serial ?? wechat.merchantSerial,
    merchantPrivateKey: wechat.merchant.privateKey,
  });
  return app.inject({
    method,
    url: `/wechat${path}`,
    headers: { authorization, accept: 'application/json', ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { payload: options.tamper ? body.replace(/"total":\d+/, '"total":1') : body } : {}),
  });
}

function verified(response: { headers: Record<string, unknown>; body: string }) {
  const headers = readWechatHeaders(response.headers as Record<string, string>);
  return headers !== null && verifyWechatNotification({ headers, body: response.body, platformKeys, nowSeconds: Date.now() / 1000 }).ok;
}

const order = (no: string, notifyUrl = 'http://127.0.0.1:9/notify', total = 1230) => ({
  appid: wechat.appId,
  mchid: wechat.mchId,
  description: 'VIP month',
  out_trade_no: no,
  time_expire: new Date(Date.now() + 15 * 60_000).toISOString(),
  notify_url: notifyUrl,
  amount: { total, currency: 'CNY' },
});

const tradeIdOf = (codeUrl: string) => new URL(codeUrl).pathname.split('/').pop() as string;

function decrypt(notice: Received) {
  const envelope = JSON.parse(notice.body);
  return { envelope, transaction: JSON.parse(decryptWechatResource(envelope.resource, wechat.apiV3Key)) };
}

describe('WeChat Pay v3', () => {
  it('answers a signed native order with a code_url, signed with the platform key', async () => {
    const app = await boxes.build(env);
    const no = orderNo();
    const response = await call(app, 'POST', '/v3/pay/transactions/native', order(no));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code_url: expect.stringMatching(/^http:\/\/sandbox\.test:8090\/pay\/page\/tr_/) });
    expect(verified(response)).toBe(true);
    expect(response.headers['wechatpay-serial']).toBe(wechat.platformSerial);
    expect(verified({ ...response, body: response.body.replace('tr_', 'tr-') })).toBe(false);

    // The same order again, the request path signed as sent: the same trade.
    const again = await call(app, 'POST', '/v3/pay/transactions/native', order(no), { signedPath: '/wechat/v3/pay/transactions/native' });
    expect(again.json().code_url).toBe(response.json().code_url);
  });

  it('refuses a tampered body, another serial and a missing Authorization with 401 SIGN_ERROR', async () => {
    const app = await boxes.build(env);
    const tampered = await call(app, 'POST', '/v3/pay/transactions/native', order(orderNo()), { tamper: true });
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json()).toMatchObject({ code: 'SIGN_ERROR' });
    expect(verified(tampered)).toBe(true);
    expect((await call(app, 'POST', '/v3/pay/transactions/native', order(orderNo()), { serial: 'ABC' })).statusCode).toBe(401);
    const bare = await app.inject({ method: 'POST', url: '/wechat/v3/pay/transactions/native', payload: order(orderNo()) });
    expect(bare.statusCode).toBe(401);
    const mismatch = await call(app, 'POST', '/v3/pay/transactions/native', { ...order(orderNo()), mchid: '1900000002' });
    expect(mismatch.json()).toMatchObject({ code: 'PARAM_ERROR' });
  });

  it('sends an H5 link that keeps redirect_url for the way back', async () => {
    const app = await boxes.build(env);
    const no = orderNo();
    const h5 = await call(app, 'POST', '/v3/pay/transactions/h5', { ...order(no), scene_info: { payer_client_ip: '127.0.0.1', h5_info: { type: 'Wap' } } });
    const link = new URL(h5.json().h5_url);
    expect(link.pathname).toBe('/wechat/h5');
    link.searchParams.set('redirect_url', 'http://127.0.0.1:8080/pay-result?orderNo=1&redirect=1');
    const opened = await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(opened.statusCode).toBe(302);
    const tradeId = tradeIdOf(opened.headers.location as string);
    const paid = await app.inject({ method: 'POST', url: `/pay/page/${tradeId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'action=pay' });
    expect(paid.body).toContain('href="http://127.0.0.1:8080/pay-result?orderNo=1&#38;redirect=1"');
  });

  it('notifies payment with signed, encrypted copies and then the stale NOTPAY', async () => {
    const merchant = await merchantListener({ status: 204 });
    try {
      const app = await boxes.build({ ...env, PAY_NOTIFY_DUPLICATES: '1' });
      const no = orderNo();
      const created = await call(app, 'POST', '/v3/pay/transactions/native', order(no, `${merchant.url}/v1/pay/notify/wechat`));
      await app.inject({ method: 'POST', url: `/pay/trades/${tradeIdOf(created.json().code_url)}/pay` });
      const notices = await merchant.waitFor(3);
      for (const notice of notices) {
        const headers = readWechatHeaders(notice.headers as Record<string, string>);
        expect(headers && verifyWechatNotification({ headers, body: notice.body, platformKeys, nowSeconds: Date.now() / 1000 }).ok).toBe(true);
      }
      const read = notices.map(decrypt);
      expect(read.map((r) => r.transaction.trade_state)).toEqual(['SUCCESS', 'SUCCESS', 'NOTPAY']);
      expect(read[0]!.envelope).toMatchObject({ event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource', resource: { algorithm: 'AEAD_AES_256_GCM', associated_data: 'transaction', original_type: 'transaction' } });
      expect(read[0]!.envelope.id).toBe(read[1]!.envelope.id);
      expect(read[0]!.transaction).toMatchObject({ out_trade_no: no, mchid: wechat.mchId, appid: wechat.appId, amount: { total: 1230 }, transaction_id: expect.stringMatching(/^42000\d{23}$/) });
      expect(() => decryptWechatResource({ ...read[0]!.envelope.resource, associated_data: 'other' }, wechat.apiV3Key)).toThrow();
    } finally {
      await merchant.close();
    }
  });

  it('redelivers a refused notification until a 2xx', async () => {
    const merchant = await merchantListener({}, (n) => ({ status: n === 1 ? 500 : 200, body: '' }));
    try {
      const app = await boxes.build({ ...env, PAY_NOTIFY_DUPLICATES: '0', PAY_NOTIFY_OUT_OF_ORDER: 'false' });
      const created = await call(app, 'POST', '/v3/pay/transactions/native', order(orderNo(), merchant.url));
      await app.inject({ method: 'POST', url: `/pay/trades/${tradeIdOf(created.json().code_url)}/fail` });
      const notices = await merchant.waitFor(2);
      expect(notices.map((n) => decrypt(n).transaction.trade_state)).toEqual(['CLOSED', 'CLOSED']);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(merchant.received).toHaveLength(2);
    } finally {
      await merchant.close();
    }
  });

  it('refunds idempotently by out_refund_no, within what was paid, and answers the refund query', async () => {
    const app = await boxes.build(env);
    const no = orderNo();
    const refund = (out_refund_no: string, amount: number, target = no) =>
      call(app, 'POST', '/v3/refund/domestic/refunds', { out_trade_no: target, out_refund_no, amount: { refund: amount, total: 1230, currency: 'CNY' } });
    expect((await refund('WR0', 100, 'unknown')).statusCode).toBe(404);
    const created = await call(app, 'POST', '/v3/pay/transactions/native', order(no));
    expect((await refund('WR0', 100)).json()).toMatchObject({ code: 'INVALID_REQUEST' });
    await app.inject({ method: 'POST', url: `/pay/trades/${tradeIdOf(created.json().code_url)}/pay` });

    const first = await refund('WR1', 1000);
    expect(first.statusCode).toBe(200);
    expect(verified(first)).toBe(true);
    expect(first.json()).toMatchObject({ status: 'SUCCESS', out_refund_no: 'WR1', out_trade_no: no, amount: { refund: 1000, total: 1230, currency: 'CNY' } });
    const repeat = await refund('WR1', 1000);
    expect(repeat.json().refund_id).toBe(first.json().refund_id);
    const over = await refund('WR2', 231);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'INVALID_REQUEST', message: expect.stringContaining('超过') });
    expect((await refund('WR2', 230)).json()).toMatchObject({ status: 'SUCCESS', amount: { refund: 230 } });

    const query = await call(app, 'GET', '/v3/refund/domestic/refunds/WR1');
    expect(query.statusCode).toBe(200);
    expect(verified(query)).toBe(true);
    expect(query.json()).toMatchObject({ out_refund_no: 'WR1', status: 'SUCCESS', refund_id: first.json().refund_id });
    expect((await call(app, 'GET', '/v3/refund/domestic/refunds/NOPE')).json()).toMatchObject({ code: 'RESOURCE_NOT_EXISTS' });
  });

  it('answers MCH_NOT_EXISTS when WeChat Pay is not configured', async () => {
    const app = await boxes.build();
    const response = await call(app, 'POST', '/v3/pay/transactions/native', order(orderNo()));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'MCH_NOT_EXISTS', message: expect.stringContaining('PAY_WECHAT_MCH_ID') });
  });
});
