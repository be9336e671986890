// The hosted cashier page, the test / operator API and the notifier's behaviours (drops, resends,
// cancellation on close), played through Stripe checkout sessions.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { merchantListener, payKeys, sandboxEnv, sandboxes, sleep, type Sandbox } from './testkit.js';

const keys = payKeys();
const env = sandboxEnv(keys);
const boxes = sandboxes();
afterEach(() => boxes.closeApps());
afterAll(() => boxes.cleanup());

const orderNo = () => `H${Date.now()}${Math.floor(Math.random() * 1e6)}`;

async function checkout(app: Sandbox, no: string, expiresInSeconds = 3600) {
  const response = await app.inject({
    method: 'POST',
    url: '/stripe/v1/checkout/sessions',
    headers: { authorization: `Bearer ${keys.stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      mode: 'payment',
      client_reference_id: no,
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '999',
      'line_items[0][price_data][product_data][name]': 'VIP month',
      'payment_intent_data[metadata][orderNo]': no,
      success_url: 'http://127.0.0.1:8080/pay-result?orderNo=1&redirect=1&s={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://127.0.0.1:8080/pay-result?orderNo=1&cancelled=1',
      expires_at: String(Math.floor(Date.now() / 1000) + expiresInSeconds),
    }).toString(),
  });
  const session = response.json();
  return { session, tradeId: new URL(session.url).pathname.split('/').pop() as string };
}

const press = (app: Sandbox, tradeId: string, action: string) =>
  app.inject({ method: 'POST', url: `/pay/page/${tradeId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `action=${action}` });

const testid = (html: string, id: string) => new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];

describe('the hosted cashier page', () => {
  it('shows the order, amount, wallet, countdown and the three buttons as plain forms', async () => {
    const app = await boxes.build(env);
    const no = orderNo();
    const { tradeId } = await checkout(app, no, 900);
    const page = await app.inject({ method: 'GET', url: `/pay/page/${tradeId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(testid(page.body, 'sandbox-order-no')).toBe(no);
    expect(testid(page.body, 'sandbox-wallet')).toBe('Card (Stripe)');
    expect(page.body).toMatch(/data-testid="sandbox-amount">\$9\.99<small>USD/);
    expect(page.body).toMatch(/data-testid="sandbox-countdown" data-expires-at="[^"]+">Expires in <span>1[45]:\d\d<\/span>/);
    for (const action of ['pay', 'fail', 'expire']) {
      expect(page.body).toContain(`<form method="post" action="/pay/page/${tradeId}"><input type="hidden" name="action" value="${action}">`);
      expect(page.body).toContain(`data-testid="sandbox-${action}"`);
    }
    expect(page.body).not.toContain('sandbox-result');
    const unknown = await app.inject({ method: 'GET', url: '/pay/page/tr_unknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toMatch(/text\/html/);
  });

  it('pays with the button: the result, the way back, and no second outcome', async () => {
    const app = await boxes.build(env);
    const { session, tradeId } = await checkout(app, orderNo());
    const paid = await press(app, tradeId, 'pay');
    expect(paid.statusCode).toBe(200);
    expect(testid(paid.body, 'sandbox-result')).toBe('paid');
    expect(paid.body).toContain(`data-testid="sandbox-return" href="http://127.0.0.1:8080/pay-result?orderNo=1&#38;redirect=1&#38;s=${session.id}"`);
    const again = await press(app, tradeId, 'fail');
    expect(again.statusCode).toBe(409);
    expect(testid(again.body, 'sandbox-result')).toBe('paid');
    expect(testid(again.body, 'sandbox-notice')).toMatch(/already finished/);
  });

  it('fails with the button and leads back to the cancel page', async () => {
    const app = await boxes.build(env);
    const { tradeId } = await checkout(app, orderNo());
    const failed = await press(app, tradeId, 'fail');
    expect(testid(failed.body, 'sandbox-result')).toBe('failed');
    expect(failed.body).toContain('href="http://127.0.0.1:8080/pay-result?orderNo=1&#38;cancelled=1"');
  });

  it('lets a trade expire: Pay is then refused on the page, but a forced pay goes through and is notified', async () => {
    const merchant = await merchantListener({ status: 200 });
    try {
      const app = await boxes.build({ ...env, PAY_STRIPE_WEBHOOK_URL: merchant.url, PAY_NOTIFY_DUPLICATES: '0' });
      const { tradeId, session } = await checkout(app, orderNo());
      expect(testid((await press(app, tradeId, 'expire')).body, 'sandbox-result')).toBe('expired');
      const refused = await press(app, tradeId, 'pay');
      expect(refused.statusCode).toBe(409);
      expect(testid(refused.body, 'sandbox-notice')).toMatch(/expired/);
      expect(testid(refused.body, 'sandbox-result')).toBe('expired');
      const api = await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/pay`, payload: {} });
      expect(api.statusCode).toBe(409);
      expect(merchant.received).toHaveLength(0);

      const forced = await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/pay`, payload: { force: true } });
      expect(forced.json().data).toMatchObject({ status: 'paid', tradeId });
      const [notice] = await merchant.waitFor(1);
      expect(JSON.parse(notice!.body)).toMatchObject({ type: 'payment_intent.succeeded', data: { object: { id: session.payment_intent } } });
    } finally {
      await merchant.close();
    }
  });

  it('expires by the clock, and the order then gets a new trade; the API lists them newest first', async () => {
    const app = await boxes.build(env);
    const no = orderNo();
    const first = await checkout(app, no, 1);
    await sleep(1100);
    const page = await app.inject({ method: 'GET', url: `/pay/page/${first.tradeId}` });
    expect(testid(page.body, 'sandbox-result')).toBe('expired');
    expect((await press(app, first.tradeId, 'pay')).statusCode).toBe(409);
    const second = await checkout(app, no);
    expect(second.tradeId).not.toBe(first.tradeId);
    const list = (await app.inject({ method: 'GET', url: `/pay/trades?orderNo=${no}` })).json().data;
    expect(list.map((t: { tradeId: string; status: string }) => [t.tradeId, t.status])).toEqual([
      [second.tradeId, 'created'],
      [first.tradeId, 'expired'],
    ]);
    expect(list[0]).toMatchObject({ protocol: 'stripe', orderNo: no, amount: 999, currency: 'USD', pageUrl: `http://sandbox.test:8090/pay/page/${second.tradeId}` });
    expect((await app.inject({ method: 'POST', url: '/pay/trades/tr_unknown/pay' })).statusCode).toBe(404);
  });

  it('escapes what the merchant sent', async () => {
    const app = await boxes.build(env);
    const { tradeId } = await checkout(app, '<script>alert(1)</script>');
    const page = await app.inject({ method: 'GET', url: `/pay/page/${tradeId}` });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
  });
});

describe('the notifier', () => {
  it('sends the last notification again on request, n copies at once', async () => {
    const merchant = await merchantListener({ status: 200 });
    try {
      const app = await boxes.build({ ...env, PAY_STRIPE_WEBHOOK_URL: merchant.url, PAY_NOTIFY_DUPLICATES: '0' });
      const { tradeId } = await checkout(app, orderNo());
      const early = await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/notify`, payload: { copies: 2 } });
      expect(early.statusCode).toBe(409);
      await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/pay` });
      await merchant.waitFor(1);
      const resent = await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/notify`, payload: { copies: 3 } });
      expect(resent.json().data).toEqual({ tradeId, status: 'paid', copies: 3 });
      const notices = await merchant.waitFor(4);
      expect(new Set(notices.map((n) => JSON.parse(n.body).id)).size).toBe(1);
    } finally {
      await merchant.close();
    }
  });

  it('drops deliveries at PAY_NOTIFY_FAILURE_RATE and delivers them again', async () => {
    const merchant = await merchantListener({ status: 200 });
    try {
      const draws = [0.1, 0.1, 0.9];
      const app = await boxes.build(
        { ...env, PAY_STRIPE_WEBHOOK_URL: merchant.url, PAY_NOTIFY_DUPLICATES: '0', PAY_NOTIFY_FAILURE_RATE: '0.5' },
        { random: () => draws.shift() ?? 0.9 },
      );
      const { tradeId } = await checkout(app, orderNo());
      const started = Date.now();
      await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/pay` });
      await merchant.waitFor(1);
      // Two dropped attempts: the delivery waited 20 + 40 ms of back-off after the 10 ms delay.
      expect(Date.now() - started).toBeGreaterThanOrEqual(65);
      await sleep(100);
      expect(merchant.received).toHaveLength(1);
    } finally {
      await merchant.close();
    }
  });

  it('gives up after 6 attempts', async () => {
    const merchant = await merchantListener({ status: 500 });
    try {
      const app = await boxes.build({ ...env, PAY_STRIPE_WEBHOOK_URL: merchant.url, PAY_NOTIFY_DUPLICATES: '0', PAY_NOTIFY_RETRY_MS: '5' });
      const { tradeId } = await checkout(app, orderNo());
      await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/pay` });
      await merchant.waitFor(6);
      await sleep(250);
      expect(merchant.received).toHaveLength(6);
    } finally {
      await merchant.close();
    }
  });

  it('cancels pending notifications when the app closes', async () => {
    const merchant = await merchantListener({ status: 200 });
    try {
      const app = await boxes.build({ ...env, PAY_STRIPE_WEBHOOK_URL: merchant.url, PAY_NOTIFY_DELAY_MS: '150' });
      const { tradeId } = await checkout(app, orderNo());
      await app.inject({ method: 'POST', url: `/pay/trades/${tradeId}/pay` });
      await boxes.closeApps();
      await sleep(250);
      expect(merchant.received).toHaveLength(0);
    } finally {
      await merchant.close();
    }
  });
});
