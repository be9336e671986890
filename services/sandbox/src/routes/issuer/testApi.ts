// The issuers' test and operator API (unsigned, envelopes): merchant spending on a card, webhooks
// again, the USD reserve, and a look at the cards.
import { z } from 'zod';
import { appError } from '@aipay/kit';
import type { SandboxApp } from '../../http.js';
import { publicCard, transactionView, type IssuerTransaction } from './model.js';
import { ISSUER_PLATFORMS } from './platforms.js';
import { SIMULATE_KINDS, type SimulateRefusal } from './spending.js';
import type { IssuerStore } from './store.js';
import { EVENT_TYPES, webhookId, type IssuerWebhooks } from './webhooks.js';

const platformParams = z.object({ platform: z.enum(ISSUER_PLATFORMS) });
const cardParams = platformParams.extend({ cardId: z.string().min(1).max(100) });
const cents = z.number().int().positive().max(100_000_000);
const simulateBody = z.object({
  kind: z.enum(SIMULATE_KINDS),
  amount: cents.optional(),
  merchant: z
    .union([
      z.string().trim().min(1).max(100),
      z.object({
        name: z.string().trim().min(1).max(100).optional(),
        mcc: z.string().regex(/^\d{4}$/).optional(),
        country: z.string().regex(/^[A-Z]{2}$/).optional(),
        city: z.string().trim().min(1).max(100).optional(),
      }),
    ])
    .optional(),
  currency: z.string().regex(/^[A-Za-z]{3}$/).optional(),
  merchantAmount: cents.optional(),
  transactionId: z.string().min(1).max(100).optional(),
  reason: z.enum(['insufficient_balance', 'card_frozen', 'card_cancelled', 'card_expired', 'do_not_honour']).optional(),
  fee: z.number().int().min(0).max(100_000_000).optional(),
});
const webhooksBody = z.object({ transactionId: z.string().min(1).max(100).optional(), copies: z.number().int().min(1).max(20).optional() }).nullish();
const reserveBody = z.object({ cents: z.number().int().min(0).max(1_000_000_000_000) });
const listQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

const REFUSAL_ERRORS: Record<SimulateRefusal, 'PARAM_INVALID' | 'CONFLICT'> = {
  amountRequired: 'PARAM_INVALID',
  noAuthorisation: 'CONFLICT',
  exceeds: 'CONFLICT',
  cancelled: 'CONFLICT',
};

const ok = <T>(data: T) => ({ code: 200, msg: 'success', data });
const spending = (transaction: IssuerTransaction) => EVENT_TYPES[transaction.type] !== undefined;

export function registerIssuerTestApi(app: SandboxApp, store: IssuerStore, webhooks: IssuerWebhooks): void {
  app.get('/issuer/:platform/reserve', { schema: { params: platformParams } }, async (request) => {
    const { platform } = request.params;
    return ok({ platform, currency: 'USD', available: await store.reserve(platform) });
  });

  // Sets the reserve: 0 plays "opening refused while the issuer's USD reserve is depleted".
  app.post('/issuer/:platform/reserve', { schema: { params: platformParams, body: reserveBody } }, async (request) => {
    const { platform } = request.params;
    await store.setReserve(platform, request.body.cents);
    return ok({ platform, currency: 'USD', available: await store.reserve(platform) });
  });

  app.get('/issuer/:platform/cards', { schema: { params: platformParams, querystring: listQuery } }, async (request) => {
    const cards = await store.list(request.params.platform, request.query.limit);
    return ok(cards.map((card) => ({ ...publicCard(card), number: card.number, cvv: card.cvv })));
  });

  app.get('/issuer/:platform/cards/:cardId', { schema: { params: cardParams } }, async (request) => {
    const card = await store.get(request.params.platform, request.params.cardId);
    if (!card) throw appError('NOT_FOUND');
    return ok(card);
  });

  app.post('/issuer/:platform/cards/:cardId/simulate', { schema: { params: cardParams, body: simulateBody } }, async (request) => {
    const { platform, cardId } = request.params;
    const outcome = await store.simulate(platform, cardId, request.body);
    if (!outcome) throw appError('NOT_FOUND');
    if (!outcome.ok) throw appError(REFUSAL_ERRORS[outcome.reason], { msg: `sandbox: ${outcome.message}`, data: { reason: outcome.reason } });
    webhooks.announce(outcome.next, outcome.transactions);
    return ok({
      card: publicCard(outcome.next),
      transactions: outcome.transactions.map((transaction) => transactionView(outcome.next, transaction)),
      webhookIds: outcome.transactions.map((transaction) => webhookId(platform, transaction.transactionId)),
    });
  });

  // Sends a spending transaction's webhook again now (default: the card's latest), n copies at once.
  app.post('/issuer/:platform/cards/:cardId/webhooks', { schema: { params: cardParams, body: webhooksBody } }, async (request) => {
    const { platform, cardId } = request.params;
    const card = await store.get(platform, cardId);
    if (!card) throw appError('NOT_FOUND');
    const wanted = request.body?.transactionId;
    const transaction = wanted
      ? card.transactions.find((t) => t.transactionId === wanted && spending(t))
      : [...card.transactions].reverse().find(spending);
    if (!transaction) throw appError('NOT_FOUND', { msg: 'sandbox: no spending transaction to notify on this card' });
    const copies = request.body?.copies ?? 1;
    webhooks.resend(card, [transaction], copies);
    return ok({ transactionId: transaction.transactionId, webhookId: webhookId(platform, transaction.transactionId), copies });
  });
}
