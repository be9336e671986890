// Stripe's API under `/stripe`: Bearer secret key, form bodies with bracket keys, Idempotency-Key,
// errors as `{error: {type, message, ...}}`.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxApp } from '../../http.js';
import { httpUrl, pageUrl, type PayContext } from './context.js';
import { stripeIntent } from './notices.js';
import { newId, type Trade } from './trades.js';

const PREFIX = '/stripe';
/** Stripe's own limit on a checkout session: 24 hours. */
const SESSION_TTL_MS = 24 * 3600_000;

interface StripeError {
  status: number;
  error: { type: string; message: string; code?: string; param?: string };
}

const invalid = (message: string, param?: string, code?: string, status = 400): StripeError => ({
  status,
  error: { type: 'invalid_request_error', message, ...(code ? { code } : {}), ...(param ? { param } : {}) },
});

/** `prefix[key]=value` fields as `{key: value}` (metadata, payment_intent_data[metadata]). */
function bracketMap(params: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const match = key.startsWith(`${prefix}[`) ? /^\[([^\]]+)\]$/.exec(key.slice(prefix.length)) : null;
    if (match) out[match[1]!] = value;
  }
  return out;
}

const integer = (value: string | undefined) => (value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : undefined);

/** Sum and currency of `line_items[i][price_data][...]` with `line_items[i][quantity]`. */
function lineItems(params: Record<string, string>): { amount: number; currency: string; name?: string } | StripeError {
  let amount = 0;
  let currency: string | undefined;
  let name: string | undefined;
  let i = 0;
  for (; params[`line_items[${i}][price_data][unit_amount]`] !== undefined || params[`line_items[${i}][quantity]`] !== undefined; i += 1) {
    const item = `line_items[${i}]`;
    const unit = integer(params[`${item}[price_data][unit_amount]`]);
    const quantity = integer(params[`${item}[quantity]`] ?? '1');
    const itemCurrency = params[`${item}[price_data][currency]`]?.toLowerCase();
    if (unit === undefined) return invalid('Missing required param: unit_amount.', `${item}[price_data][unit_amount]`, 'parameter_missing');
    if (!quantity) return invalid('Invalid positive integer', `${item}[quantity]`);
    if (!itemCurrency || !/^[a-z]{3}$/.test(itemCurrency)) return invalid('Missing required param: currency.', `${item}[price_data][currency]`, 'parameter_missing');
    if (currency && currency !== itemCurrency) return invalid('All line items must use the same currency.', `${item}[price_data][currency]`);
    currency = itemCurrency;
    name ??= params[`${item}[price_data][product_data][name]`];
    amount += unit * quantity;
  }
  if (i === 0 || !currency) return invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
  if (amount <= 0) return invalid('The Checkout Session\'s total amount due must be greater than 0.', 'line_items');
  return { amount, currency, name };
}

function sessionView(context: PayContext, trade: Trade) {
  const status = trade.status === 'paid' ? 'complete' : trade.status === 'created' ? 'open' : 'expired';
  return {
    id: trade.extra.sessionId,
    object: 'checkout.session',
    mode: 'payment',
    url: status === 'open' ? pageUrl(context, trade.tradeId) : null,
    payment_intent: trade.providerTradeNo,
    amount_total: trade.amount,
    currency: trade.currency.toLowerCase(),
    client_reference_id: trade.orderNo,
    metadata: JSON.parse(trade.extra.sessionMetadata ?? '{}') as Record<string, string>,
    status,
    payment_status: trade.status === 'paid' ? 'paid' : 'unpaid',
    success_url: trade.returnUrl ?? null,
    cancel_url: trade.cancelUrl ?? null,
    expires_at: Math.floor(Date.parse(trade.expiresAt) / 1000),
    created: Math.floor(Date.parse(trade.createdAt) / 1000),
    livemode: false,
  };
}

export function registerStripe(app: SandboxApp, context: PayContext): void {
  const { config, trades } = context;
  const secret = config.PAY_STRIPE_SECRET_KEY;

  const send = (reply: FastifyReply, status: number, payload: object) => reply.status(status).type('application/json; charset=utf-8').send(payload);
  const fail = (reply: FastifyReply, problem: StripeError) => send(reply, problem.status, { error: problem.error });

  /** `Authorization: Bearer sk_...` (or Basic with the key as the user name, as curl -u does). */
  function authorised(request: FastifyRequest): boolean {
    const header = request.headers.authorization ?? '';
    const key = header.startsWith('Bearer ')
      ? header.slice(7).trim()
      : header.startsWith('Basic ')
        ? Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0]
        : '';
    const given = Buffer.from(key ?? '');
    const expected = Buffer.from(secret ?? '');
    return secret !== undefined && given.length === expected.length && timingSafeEqual(given, expected);
  }

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!secret) return fail(reply, invalid('sandbox: Stripe is not configured (set PAY_STRIPE_SECRET_KEY).', undefined, undefined, 401));
    if (!authorised(request)) return fail(reply, invalid('Invalid API Key provided.', undefined, 'api_key_invalid', 401));
  };

  /** Runs `work` once per Idempotency-Key; a repeat replays the answer, other parameters are refused. */
  async function idempotent(request: FastifyRequest, reply: FastifyReply, work: () => Promise<[number, object]>) {
    const key = request.headers['idempotency-key'];
    if (typeof key !== 'string' || !key) {
      const [status, payload] = await work();
      return send(reply, status, payload);
    }
    const fingerprint = createHash('sha256').update(`${request.url}\n${request.rawBody ?? ''}`).digest('hex');
    const cached = await trades.recall(`stripe:${key}`);
    if (cached) {
      const saved = JSON.parse(cached) as { fingerprint: string; status: number; payload: object };
      if (saved.fingerprint !== fingerprint) {
        const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
        return send(reply, 400, { error: { type: 'idempotency_error', message } });
      }
      return send(reply.header('idempotent-replayed', 'true'), saved.status, saved.payload);
    }
    const [status, payload] = await work();
    await trades.remember(`stripe:${key}`, JSON.stringify({ fingerprint, status, payload }));
    return send(reply, status, payload);
  }

  async function createSession(params: Record<string, string>): Promise<[number, object]> {
    if (params.mode !== 'payment') return [400, { error: invalid('sandbox: only mode=payment is played.', 'mode').error }];
    const items = lineItems(params);
    if ('error' in items) return [items.status, { error: items.error }];
    const metadata = bracketMap(params, 'metadata');
    const intentMetadata = bracketMap(params, 'payment_intent_data[metadata]');
    const orderNo = params.client_reference_id ?? metadata.orderNo ?? intentMetadata.orderNo;
    if (!orderNo) return [400, { error: invalid('sandbox: client_reference_id (the order number) is required.', 'client_reference_id').error }];
    const expiresAt = params.expires_at === undefined ? Date.now() + SESSION_TTL_MS : (integer(params.expires_at) ?? 0) * 1000;
    if (expiresAt <= Date.now()) return [400, { error: invalid('The `expires_at` timestamp must be in the future.', 'expires_at').error }];
    const tradeId = newId('tr');
    const { trade, outcome } = await trades.open({
      tradeId,
      protocol: 'stripe',
      orderNo,
      amount: items.amount,
      currency: items.currency.toUpperCase(),
      subject: items.name,
      returnUrl: httpUrl(params.success_url),
      cancelUrl: httpUrl(params.cancel_url),
      expiresAt: new Date(expiresAt).toISOString(),
      extra: {
        sessionId: `cs_test_${tradeId.slice(3)}`,
        sessionMetadata: JSON.stringify(metadata),
        intentMetadata: JSON.stringify(intentMetadata),
      },
    });
    if (outcome === 'paid') return [400, { error: invalid(`sandbox: order ${orderNo} is already paid (${trade.providerTradeNo}).`, 'client_reference_id', 'order_already_paid').error }];
    if (trade.amount !== items.amount || trade.currency !== items.currency.toUpperCase()) {
      return [400, { error: invalid(`sandbox: order ${orderNo} has an open session for another amount.`, 'line_items').error }];
    }
    return [200, sessionView(context, trade)];
  }

  async function createRefund(params: Record<string, string>, idempotencyKey: string | undefined): Promise<[number, object]> {
    const intent = params.payment_intent;
    if (!intent) return [400, { error: invalid('Missing required param: payment_intent.', 'payment_intent', 'parameter_missing').error }];
    const amount = params.amount === undefined ? undefined : integer(params.amount);
    if (amount === 0 || (params.amount !== undefined && amount === undefined)) return [400, { error: invalid('Invalid positive integer', 'amount').error }];
    const trade = await trades.byProviderTradeNo('stripe', intent);
    if (!trade) return [400, { error: invalid(`No such payment_intent: '${intent}'`, 'payment_intent', 'resource_missing').error }];
    const metadata = bracketMap(params, 'metadata');
    const refundNo = metadata.refundNo ?? idempotencyKey ?? newId('rf');
    const outcome = await trades.refund(trade.tradeId, refundNo, amount);
    if (!outcome?.ok) {
      const reason = outcome?.reason ?? 'notPaid';
      if (reason === 'notPaid') return [400, { error: invalid(`This PaymentIntent (${intent}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable').error }];
      if (reason === 'otherTrade') return [400, { error: invalid(`sandbox: refundNo ${refundNo} belongs to another payment.`, 'metadata[refundNo]').error }];
      return [400, { error: invalid(`Refund amount is greater than the unrefunded amount on the charge.`, 'amount', 'amount_too_large').error }];
    }
    const { refund } = outcome;
    return [
      200,
      {
        id: refund.refundId,
        object: 'refund',
        amount: refund.amount,
        currency: trade.currency.toLowerCase(),
        payment_intent: trade.providerTradeNo,
        status: 'succeeded',
        reason: params.reason ?? null,
        metadata: { ...metadata, refundNo: refund.refundNo },
        created: Math.floor(Date.parse(refund.createdAt) / 1000),
      },
    ];
  }

  const form = (request: FastifyRequest) => (request.body && typeof request.body === 'object' ? (request.body as Record<string, string>) : {});

  app.post(`${PREFIX}/v1/checkout/sessions`, { preHandler, schema: { hide: true } }, (request, reply) =>
    idempotent(request, reply, () => createSession(form(request))),
  );
  app.post(`${PREFIX}/v1/refunds`, { preHandler, schema: { hide: true } }, (request, reply) => {
    const key = request.headers['idempotency-key'];
    return idempotent(request, reply, () => createRefund(form(request), typeof key === 'string' && key ? key : undefined));
  });

  app.get(`${PREFIX}/v1/checkout/sessions/:id`, { preHandler, schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const trade = id.startsWith('cs_test_') ? await trades.get(`tr_${id.slice(8)}`) : null;
    if (!trade || trade.extra.sessionId !== id) return fail(reply, invalid(`No such checkout.session: '${id}'`, 'id', 'resource_missing', 404));
    return send(reply, 200, sessionView(context, trade));
  });

  app.get(`${PREFIX}/v1/payment_intents/:id`, { preHandler, schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const trade = await trades.byProviderTradeNo('stripe', id);
    if (!trade) return fail(reply, invalid(`No such payment_intent: '${id}'`, 'id', 'resource_missing', 404));
    return send(reply, 200, stripeIntent(trade));
  });
}
