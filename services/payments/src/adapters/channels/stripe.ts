// The card payment provider (Stripe API): a Checkout Session per order (desktop and mobile alike)
// and refunds of its payment intent. Bearer secret key; answers are not signed (TLS).
import { Currency } from '@aipay/contracts';
import type { ChannelAdapter, CreateTradeInput, RefundInput, RefundResult } from './index.js';
import { ChannelError, parseJson, required, send, subjectOf, type Http } from './support.js';

export interface StripeSettings {
  secretKey: string | undefined;
  apiBase: string;
}

interface StripeAnswer {
  id?: string;
  url?: string;
  payment_intent?: string | { id?: string };
  status?: string;
  failure_reason?: string;
  error?: { type?: string; code?: string; message?: string };
}

const describe = (answer: StripeAnswer) => [answer.error?.type, answer.error?.code, answer.error?.message].filter(Boolean).join(' ');

export function stripeAdapter(settings: StripeSettings, http: Http): ChannelAdapter {
  const protocol = 'stripe';

  /**
   * A form POST. `idempotencyKey`: Stripe answers a repeated key with the first answer, so a
   * retried or concurrent call never creates a second session or refund.
   */
  async function post(path: string, form: Record<string, string>, idempotencyKey: string): Promise<{ status: number; answer: StripeAnswer }> {
    const { secretKey } = required(protocol, { secretKey: settings.secretKey });
    const result = await send(http, protocol, `${settings.apiBase.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': idempotencyKey,
      },
      body: new URLSearchParams(form).toString(),
    });
    return { status: result.status, answer: parseJson<StripeAnswer>(protocol, result.text) };
  }

  return {
    protocol,

    async createTrade(input: CreateTradeInput) {
      const { order } = input;
      const form = {
        mode: 'payment',
        client_reference_id: order._id,
        'line_items[0][price_data][currency]': order.payCurrency === Currency.USD ? 'usd' : 'cny',
        'line_items[0][price_data][unit_amount]': String(order.payAmount),
        'line_items[0][price_data][product_data][name]': subjectOf(order),
        'line_items[0][quantity]': '1',
        'metadata[orderNo]': order._id,
        'payment_intent_data[metadata][orderNo]': order._id,
        success_url: input.returnUrl,
        cancel_url: input.returnUrl,
        expires_at: String(Math.floor(order.expireAt.getTime() / 1000)),
      };
      // Every field is fixed by the order, so a repeated key is the same request.
      const { status, answer } = await post('/v1/checkout/sessions', form, `checkout-${order._id}`);
      if (status !== 200) throw new ChannelError(protocol, 'refused', `checkout session: HTTP ${status} ${describe(answer)}`.trim());
      const intent = typeof answer.payment_intent === 'string' ? answer.payment_intent : answer.payment_intent?.id;
      if (!answer.url || !intent) throw new ChannelError(protocol, 'badAnswer', 'checkout session without url or payment_intent');
      return { payUrl: answer.url, tradeRef: intent };
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const { order, refund } = input;
      // The notification's intent is the one that was paid; the session's is the fallback.
      const intent = order.providerTradeNo?.startsWith('pi_') ? order.providerTradeNo : (order.channelTradeRef ?? order.providerTradeNo);
      if (!intent) throw new ChannelError(protocol, 'badAnswer', `order ${order._id} has no payment intent`);
      const { status, answer } = await post(
        '/v1/refunds',
        { payment_intent: intent, amount: String(refund.amount), 'metadata[refundNo]': refund.refundNo },
        refund.refundNo,
      );
      const id = answer.id ? { providerRefundNo: answer.id } : {};
      if (status === 200) {
        if (answer.status === 'succeeded') return { status: 'succeeded', ...id };
        if (answer.status === 'pending' || answer.status === 'requires_action') return { status: 'processing', ...id };
        if (answer.status === 'failed' || answer.status === 'canceled') return { status: 'failed', ...id, message: answer.failure_reason ?? answer.status };
        throw new ChannelError(protocol, 'badAnswer', `refund status ${answer.status ?? 'missing'}`);
      }
      // 400/402/404: this refund cannot be (already refunded, amount too large, unknown intent).
      if ([400, 402, 404].includes(status)) return { status: 'failed', message: describe(answer) || `HTTP ${status}` };
      throw new ChannelError(protocol, 'refused', `refund: HTTP ${status} ${describe(answer)}`.trim());
    },
  };
}
