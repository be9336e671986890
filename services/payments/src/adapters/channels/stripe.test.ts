// Stripe adapter: checkout sessions and refunds with the secret key and idempotency keys.
import { describe, expect, it } from 'vitest';
import { ClientType, Currency, PayChannel } from '@aipay/contracts';
import { ChannelError } from './index.js';
import { stripeAdapter } from './stripe.js';
import { json, playProvider, refundInput, testOrder, tradeInput } from './testing.js';

const settings = { secretKey: 'sk_test_payments', apiBase: 'http://stripe.test/stripe' };
const cardOrder = (overrides = {}) =>
  testOrder({ channelType: PayChannel.cardPaymentProvider, payAmount: 5_000, payCurrency: Currency.USD, ...overrides });

describe('Stripe checkout session', () => {
  it('creates a session with the order fields and keeps its payment intent', async () => {
    const order = cardOrder();
    const { http, sent } = playProvider(() => json({ id: 'cs_test_1', url: 'http://sandbox.test/pay/page/cs_test_1', payment_intent: 'pi_1' }));
    for (const clientType of [ClientType.desktop, ClientType.mobile]) {
      expect(await stripeAdapter(settings, http).createTrade(tradeInput(order, clientType))).toEqual({ payUrl: 'http://sandbox.test/pay/page/cs_test_1', tradeRef: 'pi_1' });
    }
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'http://stripe.test/stripe/v1/checkout/sessions' });
    expect(sent[0]!.headers).toMatchObject({ authorization: 'Bearer sk_test_payments', 'idempotency-key': `checkout-${order._id}` });
    expect(Object.fromEntries(new URLSearchParams(sent[0]!.body))).toEqual({
      mode: 'payment',
      client_reference_id: order._id,
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '5000',
      'line_items[0][price_data][product_data][name]': `AIPay order ${order._id}`,
      'line_items[0][quantity]': '1',
      'metadata[orderNo]': order._id,
      'payment_intent_data[metadata][orderNo]': order._id,
      success_url: tradeInput(order).returnUrl,
      cancel_url: tradeInput(order).returnUrl,
      expires_at: String(Math.floor(order.expireAt.getTime() / 1000)),
    });
    // Asked twice: the same request under the same idempotency key (one session at the provider).
    expect(sent[1]!.body).toBe(sent[0]!.body);
    expect(sent[1]!.headers['idempotency-key']).toBe(sent[0]!.headers['idempotency-key']);
  });

  it('throws on an error answer', async () => {
    const { http } = playProvider(() => json({ error: { type: 'invalid_request_error', message: 'bad' } }, 400));
    await expect(stripeAdapter(settings, http).createTrade(tradeInput(cardOrder()))).rejects.toMatchObject({ protocol: 'stripe', reason: 'refused' });
  });
});

describe('Stripe refund', () => {
  it('refunds the paid intent with our refundNo as idempotency key', async () => {
    const order = cardOrder({ status: 'refunding', providerTradeNo: 'pi_paid', channelTradeRef: 'pi_session' });
    const input = refundInput(order, { amount: 2_000 });
    const { http, sent } = playProvider(() => json({ id: 're_1', status: 'succeeded' }));
    expect(await stripeAdapter(settings, http).refund(input)).toEqual({ status: 'succeeded', providerRefundNo: 're_1' });
    expect(sent[0]!.url).toBe('http://stripe.test/stripe/v1/refunds');
    expect(sent[0]!.headers['idempotency-key']).toBe(input.refund.refundNo);
    expect(Object.fromEntries(new URLSearchParams(sent[0]!.body))).toEqual({ payment_intent: 'pi_paid', amount: '2000', 'metadata[refundNo]': input.refund.refundNo });
  });

  it('maps pending to processing, failed to failed, a 400 to failed and a 500 to an error', async () => {
    const order = cardOrder({ status: 'refunding', channelTradeRef: 'pi_session' });
    const play = (body: unknown, status = 200) => stripeAdapter(settings, playProvider(() => json(body, status)).http).refund(refundInput(order));
    expect(await play({ id: 're_2', status: 'pending' })).toMatchObject({ status: 'processing' });
    expect(await play({ id: 're_3', status: 'failed', failure_reason: 'expired_or_canceled_card' })).toMatchObject({ status: 'failed', message: 'expired_or_canceled_card' });
    expect(await play({ error: { type: 'invalid_request_error', code: 'charge_already_refunded' } }, 400)).toMatchObject({ status: 'failed' });
    await expect(play({ error: { type: 'api_error' } }, 500)).rejects.toBeInstanceOf(ChannelError);
  });
});
