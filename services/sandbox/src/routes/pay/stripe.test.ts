// Stripe over HTTP: Bearer-authenticated form calls, Idempotency-Key, webhooks verified with the
// merchant-side verifyStripeSignature, refunds bounded and idempotent.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { verifyStripeSignature } from '@aipay/pay-protocols';
import { merchantListener, payKeys, sandboxEnv, sandboxes, type Sandbox } from './testkit.js';

const keys = payKeys();
const env = sandboxEnv(keys);
const boxes = sandboxes();
afterEach(() => boxes.closeApps());
afterAll(() => boxes.cleanup());

const orderNo = () => `S${Date.now()}${Math.floor(Math.random() * 1e6)}`;

function post(app: Sandbox, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/stripe${path}`,
    headers: { authorization: `Bearer ${keys.stripe.secretKey}`, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}

const session = (no: string, cents = 999) => ({
  mode: 'payment',
  client_reference_id: no,
  'line_items[0][price_data][currency]': 'usd',
  'line_items[0][price_data][unit_amount]': String(cents),
  'line_items[0][price_data][product_data][name]': 'VIP month',
  'line_items[0][quantity]': '1',
  'metadata[orderNo]': no,
  'payment_intent_data[metadata][orderNo]': no,
  success_url: 'http://127.0.0.1:8080/pay-result?orderNo=1&redirect=1&session={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://127.0.0.1:8080/pay-result?orderNo=1&cancelled=1',
  expires_at: String(Math.floor(Date.now() / 1000) + 3600),
});

const tradeIdOf = (url: string) => new URL(url).pathname.split('/').pop() as string;

describe('Stripe', () => {
  it('creates a checkout session from a form with bracket keys', async () => {
    const app = await boxes.build(env);
    const no = orderNo();
    const response = await post(app, '/v1/checkout/sessions', { ...session(no, 450), 'line_items[0][quantity]': '2' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ id: expect.stringMatching(/^cs_test_/), payment_intent: expect.stringMatching(/^pi_/), amount_total: 900, currency: 'usd', client_reference_id: no, status: 'open' });
    expect(body.url).toMatch(/^http:\/\/sandbox\.test:8090\/pay\/page\/tr_/);
    const again = await post(app, '/v1/checkout/sessions', { ...session(no, 450), 'line_items[0][quantity]': '2' });
    expect(again.json().id).toBe(body.id);
    const fetched = await app.inject({ method: 'GET', url: `/stripe/v1/checkout/sessions/${body.id}`, headers: { authorization: `Bearer ${keys.stripe.secretKey}` } });
    expect(fetched.json()).toMatchObject({ id: body.id, payment_status: 'unpaid' });
  });

  it('refuses a wrong secret key and bad parameters with Stripe\'s error shape', async () => {
    const app = await boxes.build(env);
    const wrong = await post(app, '/v1/checkout/sessions', session(orderNo()), { authorization: 'Bearer sk_test_guess' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { type: 'invalid_request_error', code: 'api_key_invalid', message: expect.any(String) } });
    const missing = await post(app, '/v1/checkout/sessions', { mode: 'payment', client_reference_id: orderNo() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ type: 'invalid_request_error', param: 'line_items' });
    const unconfigured = await (await boxes.build()).inject({ method: 'POST', url: '/stripe/v1/refunds', headers: { authorization: 'Bearer x' } });
    expect(unconfigured.statusCode).toBe(401);
    expect(unconfigured.json().error.message).toContain('PAY_STRIPE_SECRET_KEY');
  });

  it('honours Idempotency-Key: a replay answers the same, other parameters are refused', async () => {
    const app = await boxes.build(env);
    const key = `idem-${orderNo()}`;
    const first = await post(app, '/v1/checkout/sessions', session(orderNo()), { 'idempotency-key': key });
    const replay = await post(app, '/v1/checkout/sessions', session(first.json().client_reference_id), { 'idempotency-key': key });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const other = await post(app, '/v1/checkout/sessions', session(orderNo()), { 'idempotency-key': key });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.type).toBe('idempotency_error');
  });

  it('sends signed webhooks to PAY_STRIPE_WEBHOOK_URL: succeeded with copies, failed', async () => {
    const merchant = await merchantListener({ status: 200 });
    try {
      const app = await boxes.build({ ...env, PAY_STRIPE_WEBHOOK_URL: `${merchant.url}/v1/pay/notify/stripe`, PAY_NOTIFY_DUPLICATES: '1' });
      const no = orderNo();
      const created = (await post(app, '/v1/checkout/sessions', session(no))).json();
      await app.inject({ method: 'POST', url: `/pay/trades/${tradeIdOf(created.url)}/pay` });
      const notices = await merchant.waitFor(2);
      for (const notice of notices) {
        const verdict = verifyStripeSignature({ payload: notice.body, header: notice.headers['stripe-signature'] as string, secret: keys.stripe.webhookSecret, nowSeconds: Date.now() / 1000 });
        expect(verdict.ok).toBe(true);
        expect(notice.path).toBe('/v1/pay/notify/stripe');
      }
      const event = JSON.parse(notices[0]!.body);
      expect(event).toMatchObject({ id: expect.stringMatching(/^evt_/), type: 'payment_intent.succeeded', data: { object: { id: created.payment_intent, amount: 999, amount_received: 999, metadata: { orderNo: no } } } });
      expect(JSON.parse(notices[1]!.body).id).toBe(event.id);
      const wrongSecret = verifyStripeSignature({ payload: notices[0]!.body, header: notices[0]!.headers['stripe-signature'] as string, secret: 'whsec_other', nowSeconds: Date.now() / 1000 });
      expect(wrongSecret.ok).toBe(false);

      const other = (await post(app, '/v1/checkout/sessions', session(orderNo()))).json();
      await app.inject({ method: 'POST', url: `/pay/trades/${tradeIdOf(other.url)}/fail` });
      const [, , failed] = await merchant.waitFor(3);
      expect(JSON.parse(failed!.body)).toMatchObject({ type: 'payment_intent.payment_failed', data: { object: { id: other.payment_intent } } });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(merchant.received).toHaveLength(4);
    } finally {
      await merchant.close();
    }
  });

  it('refunds a paid payment intent, idempotently and within what is left', async () => {
    const app = await boxes.build(env);
    const created = (await post(app, '/v1/checkout/sessions', session(orderNo(), 1000))).json();
    const refund = (amount: string, refundNo: string, headers: Record<string, string> = { 'idempotency-key': refundNo }) =>
      post(app, '/v1/refunds', { payment_intent: created.payment_intent, amount, 'metadata[refundNo]': refundNo }, headers);

    expect((await refund('100', 'SR0')).json().error).toMatchObject({ type: 'invalid_request_error', code: 'charge_not_refundable' });
    const unknown = await post(app, '/v1/refunds', { payment_intent: 'pi_unknown', amount: '1' });
    expect(unknown.json().error).toMatchObject({ code: 'resource_missing', param: 'payment_intent' });
    await app.inject({ method: 'POST', url: `/pay/trades/${tradeIdOf(created.url)}/pay` });

    const first = await refund('600', 'SR1');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: expect.stringMatching(/^re_/), object: 'refund', status: 'succeeded', amount: 600, payment_intent: created.payment_intent, metadata: { refundNo: 'SR1' } });
    expect((await refund('600', 'SR1')).json().id).toBe(first.json().id);
    expect((await refund('600', 'SR1', {})).json().id).toBe(first.json().id);
    const over = await refund('401', 'SR2');
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toMatchObject({ code: 'amount_too_large' });
    const rest = await post(app, '/v1/refunds', { payment_intent: created.payment_intent, 'metadata[refundNo]': 'SR3' });
    expect(rest.json()).toMatchObject({ status: 'succeeded', amount: 400 });
    const intent = await app.inject({ method: 'GET', url: `/stripe/v1/payment_intents/${created.payment_intent}`, headers: { authorization: `Bearer ${keys.stripe.secretKey}` } });
    expect(intent.json()).toMatchObject({ status: 'succeeded', amount_received: 1000 });
  });
});
