// The card service's internal API (docs/payments.md "Balance payments", docs/card.md "Internal
// balance API"): debits and credits of card balances for payments. Never routed by the gateway
// (services/gateway/src/routing.ts refuses `/internal/…`); every call needs the shared secret in
// `x-internal-token`, checked before the input; hidden from /openapi.json.
// `POST /internal/cards` and `GET /internal/cards/:cardId` are TEMPORARY plumbing for development
// and tests until account opening creates cards.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { appError, type AppInstance } from '@aipay/kit';
import { ok } from '@aipay/contracts';
import type { Ctx } from '../context.js';
import { KeyConflictError } from '../store/balance.js';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** True when the header carries the configured token (compared in constant time). */
export function internalTokenOk(expected: string, header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return false;
  return timingSafeEqual(digest(value), digest(expected));
}

const key = () => z.string().trim().min(1, 'required').max(64, 'tooLong');
const cents = () => z.number().int().positive();

const debitBody = z.object({
  userId: key(),
  cardId: key(),
  orderNo: key(),
  amount: cents(),
  /** The debit must leave at least this much on the card (US cents). */
  keepAtLeast: z.number().int().min(0).optional(),
  reason: z.enum(['balancePay', 'rechargeRefund']).optional(),
});
const creditBody = z.object({ userId: key(), cardId: key(), orderNo: key(), refundNo: key(), amount: cents() });
const cardBody = z.object({ userId: key(), cardId: key().optional() });

/** The same key asked with other values → 409 in the envelope. */
async function conflictAs409<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof KeyConflictError) throw appError('CONFLICT', { msg: error.message });
    throw error;
  }
}

export function internalRoutes(app: AppInstance, ctx: Ctx): void {
  const internalOnly = async (request: FastifyRequest) => {
    if (!internalTokenOk(ctx.config.INTERNAL_TOKEN, request.headers[INTERNAL_TOKEN_HEADER])) throw appError('NO_PERMISSION');
  };
  const guarded = { onRequest: internalOnly };

  // Debit a card for a balance payment (or a recharge refund): the first outcome of an orderNo is
  // final and answered to every repeat; `balance` is the available balance after or at the refusal.
  app.post('/internal/balance/debits', { ...guarded, schema: { body: debitBody, hide: true } }, async (request) =>
    ok(await conflictAs409(() => ctx.balance.debit(request.body))),
  );

  app.get(
    '/internal/balance/debits/:orderNo',
    { ...guarded, schema: { params: z.object({ orderNo: key() }), hide: true } },
    async (request) => ok({ status: await ctx.balance.debitStatus(request.params.orderNo) }),
  );

  app.post('/internal/balance/credits', { ...guarded, schema: { body: creditBody, hide: true } }, async (request) =>
    ok({ status: await conflictAs409(() => ctx.balance.credit(request.body)) }),
  );

  // TEMPORARY (until account opening): an empty active card of the user; repeating with the same
  // cardId and user answers the card, another user's cardId is 409.
  app.post('/internal/cards', { ...guarded, schema: { body: cardBody, hide: true } }, async (request) =>
    ok(await conflictAs409(() => ctx.balance.createCard(request.body.userId, request.body.cardId))),
  );

  app.get('/internal/cards/:cardId', { ...guarded, schema: { params: z.object({ cardId: key() }), hide: true } }, async (request) => {
    const card = await ctx.balance.card(request.params.cardId);
    if (!card) throw appError('NOT_FOUND');
    return ok(card);
  });
}
