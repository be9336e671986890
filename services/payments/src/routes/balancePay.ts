// POST /v1/pay/balancePay (001 §2 "select card to pay", §4 payment password modal, §7 "Payment"): an
// order paid from a card's balance, channel 5. The card service owns balances and their ledger
// (adapters/card.ts); payments keeps none.
//
// 1. The payment password through identity's internal API (identity counts failures and locks).
// 2. The order, once per (user, requestKey): channelType 5, transactionType null, payAmount =
//    usdAmount in USD, no fee, the cardId kept for refunds (they are credited back to it).
// 3. The debit at the card, idempotent by orderNo, applied in ONE conditional update
//    (store/orders.ts applyNotice): debited → paid with payment.succeeded; a refusal (final for the
//    orderNo) → failed with payment.failed. A replay of the requestKey asks the card again and answers
//    the same outcome. The card not reachable → 503, the order stays pending: a replay, or the expiry
//    path (which asks the card before closing), settles it.
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { appError, type AppError, type AppInstance } from '@aipay/kit';
import { Currency, ERRORS, ok, OrderType, orderTypeSchema, PayChannel, payPasswordSchema, type Language } from '@aipay/contracts';
import { invalidField, type Ctx } from '../context.js';
import { CardServiceError, type DebitAnswer, type DebitStatus } from '../adapters/card.js';
import { balanceNotice, type ApplyOutcome, type OrderDoc } from '../store/orders.js';
import { lateMoneyReturned, orderStatusOf, PayOrderStatus } from '../domain/orderStatus.js';
import { MONEY_ARRIVED } from '../domain/limits.js';
import { assertFlexPackageFree } from './orderRules.js';
import { orderView, text } from './pay.js';

/** Seed 001 §5 "max 5 wrong attempts"; §4 "remaining attempts = 5 minus fail count". */
export const PAY_PASSWORD_MAX_FAILURES = 5;

/** Orders that put money onto a card are never paid from a card's balance (ours). */
const NOT_FROM_BALANCE: readonly OrderType[] = [OrderType.recharge, OrderType.outstandingBalanceTopUp];

/** payment.failed's reason for each refusal of the card. */
const FAILURE_REASONS: Record<Exclude<DebitStatus, 'debited'>, string> = {
  insufficient: 'insufficientBalance',
  noCard: 'noCard',
  frozen: 'cardFrozen',
};

export const balancePayBody = z.object({
  orderType: orderTypeSchema,
  businessRef: text(64),
  /** US cents (min 1 rather than positive(): the message then names the real bound). */
  amount: z.number().int().min(1).max(100_000_000),
  requestKey: text(64),
  cardId: text(64),
  /** Exactly 6 digits (001 §5). */
  password: payPasswordSchema,
});
type BalancePayBody = z.infer<typeof balancePayBody>;

/** "Payment password wrong with remaining attempts" (001 §8), the attempts counted like the client does. */
function wrongPassword(language: Language, failCount: number): AppError {
  const remainingAttempts = Math.max(0, PAY_PASSWORD_MAX_FAILURES - failCount);
  const left = language === 'zh' ? `，还可尝试 ${remainingAttempts} 次` : `, ${remainingAttempts} attempts left`;
  return appError('PAY_PASSWORD_WRONG', {
    data: { field: 'password', resultType: 2, failCount, remainingAttempts },
    msg: `${ERRORS.PAY_PASSWORD_WRONG[language]}${left}`,
  });
}

/** The payment password through identity: 1 → set it first (3012), 2 → wrong (3110), 3 → locked (3013). */
async function checkPassword(ctx: Ctx, userId: string, password: string, language: Language): Promise<void> {
  const { resultType, failCount } = await ctx.identity.verifyPayPassword(userId, password);
  switch (resultType) {
    case 0:
      return;
    case 1:
      throw appError('PAY_PASSWORD_NOT_SET', { data: { resultType, failCount } });
    case 2:
      throw wrongPassword(language, failCount);
    case 3:
      throw appError('PAY_PASSWORD_LOCKED', { data: { field: 'password', resultType, failCount, remainingAttempts: 0 } });
  }
}

/** The order of this request key, created once; the key must name this same balance payment. */
async function balanceOrder(ctx: Ctx, userId: string, body: BalancePayBody): Promise<OrderDoc> {
  let order = await ctx.usage.byRequestKey(userId, body.requestKey);
  if (!order) {
    await assertFlexPackageFree(ctx, userId, body);
    const created = await ctx.orders.create(body.requestKey, {
      userId,
      orderType: body.orderType,
      businessRef: body.businessRef,
      amount: body.amount,
      currency: Currency.USD,
      usdAmount: body.amount,
      payAmount: body.amount,
      payCurrency: Currency.USD,
      feeAmount: 0,
      feePayAmount: 0,
      channelType: PayChannel.balance,
      transactionType: null,
      cardId: body.cardId,
      payPageType: null,
      expireAt: new Date(Date.now() + ctx.config.ORDER_TTL_SECONDS * 1000),
      identityHold: false,
    });
    order = created.order;
  }
  const same =
    order.channelType === PayChannel.balance &&
    order.cardId === body.cardId &&
    order.usdAmount === body.amount &&
    order.orderType === body.orderType &&
    order.businessRef === body.businessRef;
  if (!same) throw appError('CONFLICT', { data: { field: 'requestKey', orderNo: order._id, reason: 'requestKeyUsed' } });
  return order;
}

function notPayable(order: OrderDoc, reason: string): AppError {
  return appError('CONFLICT', { data: { orderNo: order._id, orderStatus: orderStatusOf(order.status, lateMoneyReturned(order)), reason } });
}

function cardUnavailable(order: OrderDoc, error: CardServiceError, log: FastifyBaseLogger): AppError {
  log.warn({ err: error, orderNo: order._id, reason: error.reason }, 'balance pay: the card service gave no answer; the order stays pending');
  return appError('SERVICE_UNAVAILABLE', { cause: error, data: { orderNo: order._id, orderStatus: orderStatusOf(order.status) } });
}

/** The card's refusal: no balance (3018), no card (2302), frozen (3019, naming the card). */
function refusal(answer: DebitAnswer, order: OrderDoc, language: Language): AppError {
  const cardId = order.cardId ?? '';
  const data = { field: 'cardId', orderNo: order._id, cardId, ...(answer.balance === undefined ? {} : { balance: answer.balance }) };
  switch (answer.status) {
    case 'noCard':
      return appError('NO_AVAILABLE_CARD', { data });
    case 'frozen':
      return appError('CARD_FROZEN', { data, msg: `${ERRORS.CARD_FROZEN[language]}${language === 'zh' ? `（卡片 ${cardId}）` : ` (card ${cardId})`}` });
    default:
      return appError('CARD_NO_BALANCE', { data });
  }
}

const orderOf = (outcome: ApplyOutcome, fallback: OrderDoc): OrderDoc => ('order' in outcome ? outcome.order : fallback);

/** Asks the card to debit the order (again) and applies its answer once; answers the paid order or throws. */
async function payFromCard(ctx: Ctx, order: OrderDoc, language: Language, log: FastifyBaseLogger): Promise<OrderDoc> {
  // Past its expiry an order is settled by the expiry path, which asks the card first.
  const current = order.status === PayOrderStatus.pending && order.expireAt.getTime() <= Date.now() ? ((await ctx.orders.closeIfExpired(order._id)) ?? order) : order;
  if (current.status === PayOrderStatus.closed) throw notPayable(current, 'expired');
  if (current.status === PayOrderStatus.pending) {
    const left = current.expireAt.getTime() - Date.now();
    if (left <= 0) throw appError('SERVICE_UNAVAILABLE', { data: { orderNo: current._id, orderStatus: orderStatusOf(current.status) } });
    // No new debit so close to the expiry that it could land after the expiry path asked the card.
    if (left <= ctx.config.CARD_TIMEOUT_MS) throw notPayable(current, 'expiring');
  }
  if (!current.cardId) throw new Error(`balance order ${current._id} has no cardId`);

  let answer: DebitAnswer;
  try {
    answer = await ctx.card.debit({ userId: current.userId, cardId: current.cardId, orderNo: current._id, amount: current.payAmount });
  } catch (error) {
    if (error instanceof CardServiceError) throw cardUnavailable(current, error, log);
    throw error;
  }

  if (answer.status === 'debited') {
    const outcome = await ctx.orders.applyNotice(balanceNotice(current, true));
    if (outcome.result === 'paid') ctx.eventsStored();
    const after = orderOf(outcome, current);
    if (outcome.result === 'latePayment') {
      // Debited although the order had failed or closed: the money goes back to the card at once.
      log.error({ orderNo: current._id }, 'balance pay: the card debited an order no longer payable; refunding it');
      ctx.refunds.kick(current._id);
    }
    if (MONEY_ARRIVED.includes(after.status) && !lateMoneyReturned(after)) return after;
    throw notPayable(after, 'latePayment');
  }

  const outcome = await ctx.orders.applyNotice(balanceNotice(current, false, FAILURE_REASONS[answer.status]));
  if (outcome.result === 'failed') ctx.eventsStored();
  const after = orderOf(outcome, current);
  if (MONEY_ARRIVED.includes(after.status)) {
    // The card's answer for an orderNo is final, so this cannot happen; what we hold wins.
    log.error({ orderNo: current._id, status: answer.status }, 'balance pay: the card refused an order held as paid');
    return after;
  }
  throw refusal(answer, after, language);
}

export function balancePayRoutes(app: AppInstance, ctx: Ctx): void {
  app.post('/v1/pay/balancePay', { onRequest: app.authenticate, schema: { body: balancePayBody } }, async (request) => {
    const { body, language } = request;
    const userId = request.user.sub;
    if (NOT_FROM_BALANCE.includes(body.orderType)) throw invalidField('orderType', language);
    // Before any order or debit: a wrong password changes nothing here (identity counts it).
    await checkPassword(ctx, userId, body.password, language);
    const order = await balanceOrder(ctx, userId, body);
    return ok(orderView(await payFromCard(ctx, order, language, request.log)));
  });
}
