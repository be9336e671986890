// The user-facing payment routes (seed 001 §8, 002 §7 "Payment"): create an order, the channel
// chooser, the pay URL, the trade status (logged in or not), the recharge fee and the exchange rate.
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { appError, type AppError, type AppInstance } from '@aipay/kit';
import {
  Currency,
  currencySchema,
  ERRORS,
  ok,
  OrderType,
  orderTypeSchema,
  PayChannel,
  payChannelSchema,
  payPageTypeSchema,
  transactionTypeSchema,
  type Language,
} from '@aipay/contracts';
import { clientTypeOf, invalidField, ownOrder, payAmountOf, type Ctx } from '../context.js';
import { channelLimitRefusal, rechargeFee } from '../domain/channels.js';
import { assertNotHeld, channelOffersFor, checkNewOrder } from './orderRules.js';
import { cnyToUsd, formatMinor, RATE_SCALE, usdToCny } from '../domain/money.js';
import { checkRefund, nextPayOrderStatus, orderStatusOf, payStatusOf, PayOrderStatus, refundStateOf, lateMoneyReturned } from '../domain/orderStatus.js';
import type { OrderDoc } from '../store/orders.js';
import { createPayLink } from '../adapters/channels/payLink.js';
import { CardServiceError, type DebitAnswer } from '../adapters/card.js';
import { refundStep, type CardDebitRun } from '../refunds.js';

export const text = (max: number) => z.string().trim().min(1).max(max);
const minor = z.number().int().positive().max(100_000_000);
const queryInt = z.coerce.number().int();

const payOrderBody = z.object({
  orderType: orderTypeSchema,
  businessRef: text(64),
  amount: minor,
  currency: currencySchema.default(Currency.USD),
  channelType: payChannelSchema,
  transactionType: transactionTypeSchema,
  requestKey: text(64),
  payPageType: payPageTypeSchema.optional(),
});
const orderNoBody = z.object({ orderNo: text(32) });
const payUrlBody = z.object({ orderNo: z.string().trim().max(32).optional() }).nullish();
const channelListQuery = z.object({
  type: queryInt.pipe(orderTypeSchema),
  orderAmount: queryInt.pipe(z.number().int().min(0)),
});
const refundBody = z.object({
  orderNo: text(32),
  /** US cents. */
  amount: z.number().int().nullish(),
});
const rechargeFeeBody = z.object({
  cardId: text(64),
  channelType: payChannelSchema,
  amount: minor.optional(),
});

export function orderView(order: OrderDoc) {
  return {
    orderNo: order._id,
    orderType: order.orderType,
    businessRef: order.businessRef,
    amount: order.amount,
    currency: order.currency,
    usdAmount: order.usdAmount,
    feeAmount: order.feeAmount ?? 0,
    payAmount: order.payAmount,
    payCurrency: order.payCurrency,
    channelType: order.channelType,
    transactionType: order.transactionType,
    payStatus: payStatusOf(order.status, lateMoneyReturned(order)),
    orderStatus: orderStatusOf(order.status, lateMoneyReturned(order)),
    expireAt: order.expireAt.toISOString(),
  };
}

function statusView(order: OrderDoc) {
  return { orderNo: order._id, payStatus: payStatusOf(order.status, lateMoneyReturned(order)), orderStatus: orderStatusOf(order.status, lateMoneyReturned(order)) };
}

/** 001 §5 "at least $1 must stay in the account" (no code in the seeds: a 400 naming `amount`). */
const MUST_KEEP_ONE_DOLLAR: Record<Language, string> = {
  zh: '退款金额过大：账户中至少需保留 $1',
  en: 'Refund amount too large: at least $1 must stay in the account',
};

/** The card's refusal to give a recharge back: $1 must stay (400 naming amount), no card (2302), frozen (3019). */
function cardRefusal(card: Pick<DebitAnswer, 'status' | 'balance'>, order: OrderDoc, refundNo: string, language: Language): AppError {
  const cardId = order.businessRef;
  const known = { orderNo: order._id, refundNo, ...(card.balance === undefined ? {} : { balance: card.balance }) };
  switch (card.status) {
    case 'noCard':
      return appError('NO_AVAILABLE_CARD', { data: { ...known, cardId } });
    case 'frozen':
      return appError('CARD_FROZEN', { data: { ...known, cardId }, msg: `${ERRORS.CARD_FROZEN[language]}${language === 'zh' ? `（卡片 ${cardId}）` : ` (card ${cardId})`}` });
    default: {
      const message = MUST_KEEP_ONE_DOLLAR[language];
      return appError('PARAM_INVALID', { data: { field: 'amount', issues: [{ field: 'amount', message }], reason: 'mustKeepOneDollar', ...known }, msg: message });
    }
  }
}

/**
 * A recharge refund's first step, asked before answering: the card gives the money back (keeping
 * $1, src/refunds.ts). Refused → the refund failed, the refusal is thrown; the card not reachable →
 * 503, the refund stays in flight with `cardDebit: pending` and the sweep asks again.
 */
async function takeFromCard(ctx: Ctx, order: OrderDoc, language: Language, log: FastifyBaseLogger): Promise<void> {
  const refundNo = order.refunds.at(-1)!.refundNo;
  let run: CardDebitRun;
  try {
    run = await ctx.refunds.debitCard(order);
  } catch (error) {
    if (!(error instanceof CardServiceError)) throw error;
    log.warn({ err: error, orderNo: order._id, refundNo, reason: error.reason }, 'recharge refund: the card gave no answer; the sweep asks again');
    throw appError('SERVICE_UNAVAILABLE', { cause: error, data: { orderNo: order._id, refundNo, refundState: refundStateOf(order.status) } });
  }
  if (run.result === 'refused') throw cardRefusal(run.card, order, refundNo, language);
  if (run.result === 'none') {
    // Another executor took the step first: its record says how the card answered.
    const entry = (await ctx.orders.byNo(order._id))?.refunds.find((refund) => refund.refundNo === refundNo);
    if (entry?.cardDebit === 'refused') throw cardRefusal({ status: (entry.message ?? 'insufficient') as DebitAnswer['status'] }, order, refundNo, language);
  }
}

export function payRoutes(app: AppInstance, ctx: Ctx): void {
  // onRequest: the login is checked before the body is validated (no field errors for strangers).
  const auth = { onRequest: app.authenticate };

  app.post('/v1/pay/payOrder', { ...auth, schema: { body: payOrderBody } }, async (request) => {
    const body = request.body;
    const channel = ctx.catalogue[body.channelType];
    if (body.channelType === PayChannel.balance || !channel.enabled) throw invalidField('channelType', request.language);
    if (!channel.transactionTypes.includes(body.transactionType)) throw invalidField('transactionType', request.language);
    const rate = ctx.config.EXCHANGE_RATE;
    const usdAmount = body.currency === Currency.USD ? body.amount : cnyToUsd(body.amount, rate, 'floor');
    if (usdAmount <= 0 || channelLimitRefusal(channel, usdAmount)) throw invalidField('amount', request.language);
    // An amount asked in the channel's own currency is charged as is; a recharge's fee (001 §9,
    // per channel) is paid on top and kept on the order apart, so a refund never returns it.
    const value = payAmountOf(ctx, usdAmount, body.channelType);
    const valuePay = body.currency === value.payCurrency ? body.amount : value.payAmount;
    const feeAmount = body.orderType === OrderType.recharge ? rechargeFee({ amount: usdAmount, channel }).fee : 0;
    const feePayAmount = feeAmount > 0 ? payAmountOf(ctx, feeAmount, body.channelType).payAmount : 0;
    const pay = { payAmount: valuePay + feePayAmount, payCurrency: value.payCurrency, feeAmount, feePayAmount };
    // A replay of the request key answers the order it created, whatever happened since.
    const replayed = await ctx.usage.byRequestKey(request.user.sub, body.requestKey);
    if (replayed) return ok(orderView(assertNotHeld(replayed, request.language)));
    const { identityHold } = await checkNewOrder(ctx, request, { ...body, usdAmount });
    const now = new Date();
    const { order } = await ctx.orders.create(body.requestKey, {
      userId: request.user.sub,
      orderType: body.orderType,
      businessRef: body.businessRef,
      amount: body.amount,
      currency: body.currency,
      usdAmount,
      ...pay,
      channelType: body.channelType,
      transactionType: body.transactionType,
      payPageType: body.payPageType ?? null,
      expireAt: new Date(now.getTime() + ctx.config.ORDER_TTL_SECONDS * 1000),
      identityHold,
    });
    // Held (over the unverified monthly limit): 2112 with the orderNo starts face verification.
    return ok(orderView(assertNotHeld(order, request.language)));
  });

  app.get('/v1/pay/channelList', { ...auth, schema: { querystring: channelListQuery } }, async (request) => {
    // Region from identity (503 when unreachable), this month's recharges per channel (orderRules.ts).
    const offers = await channelOffersFor(ctx, request, {
      orderType: request.query.type,
      orderAmount: request.query.orderAmount,
      clientType: clientTypeOf(request),
    });
    return ok(offers);
  });

  app.post('/v1/pay/payUrl', { ...auth, schema: { body: payUrlBody } }, async (request) => {
    const orderNo = request.body?.orderNo;
    if (!orderNo) throw appError('PAY_LINK_PARAMS_MISSING', { data: { field: 'orderNo' } });
    const order = await ownOrder(ctx, request, orderNo);
    const secondsLeft = Math.floor((order.expireAt.getTime() - Date.now()) / 1000);
    if (order.status !== PayOrderStatus.pending || secondsLeft <= 0) {
      throw appError('PAY_LINK_FAILED', { data: { orderNo, orderStatus: orderStatusOf(order.status, lateMoneyReturned(order)) } });
    }
    // A recharge held for face verification gets no trade yet (2112, orderRules.ts).
    assertNotHeld(order, request.language);
    // The trade at the order's channel (same merchant order number on every call: adapters/channels/payLink.ts).
    const link = await createPayLink(ctx, request, order);
    return ok({
      orderNo: order._id,
      ...link,
      timeExpireTime: secondsLeft,
      channelType: order.channelType,
      transactionType: order.transactionType,
    });
  });

  app.post('/v1/pay/tradeStatus', { ...auth, schema: { body: orderNoBody } }, async (request) => {
    return ok(statusView(await ownOrder(ctx, request, request.body.orderNo)));
  });

  // The seeds' unauthenticated status poll (the pay page returns without a session): status only.
  app.post('/v1/unAuth/order/tradeStatus', { schema: { body: orderNoBody } }, async (request) => {
    const order = await ctx.orders.closeIfExpired(request.body.orderNo);
    if (!order) throw appError('NOT_FOUND');
    return ok(statusView(order));
  });

  app.post('/v1/pay/rechargeFee', { ...auth, schema: { body: rechargeFeeBody } }, async (request) => {
    const channel = ctx.catalogue[request.body.channelType];
    if (request.body.channelType === PayChannel.balance || !channel.enabled) throw invalidField('channelType', request.language);
    const fee = rechargeFee({ amount: request.body.amount ?? 0, channel });
    return ok({
      cardId: request.body.cardId,
      channelType: request.body.channelType,
      /** The percentage, e.g. 2 for 2 %. */
      rechargeFee: channel.fee.bps / 100,
      fixedFee: channel.fee.fixedMinor,
      ...(request.body.amount === undefined ? {} : fee),
    });
  });

  // A refund request is recorded (refunding, one at a time), then sent to the channel right away
  // (fire and forget; the refund sweep retries, src/refunds.ts). A recharge's refund (order types 0
  // and 13) first takes the money off the card, keeping $1 on it (001 §5), before answering.
  app.post('/pay/refund', { ...auth, schema: { body: refundBody } }, async (request) => {
    const order = await ownOrder(ctx, request, request.body.orderNo);
    const transition = nextPayOrderStatus(order.status, { type: 'refundRequested' });
    if (!transition.ok) throw appError('CONFLICT', { data: { orderNo: order._id, reason: transition.refusal } });
    const refunded = order.refunds.filter((refund) => refund.status !== 'failed').reduce((sum, refund) => sum + refund.usdAmount, 0);
    const refundable = order.usdAmount - refunded;
    // The "$1 must stay" rule is about the card balance, which the card service owns: its debit
    // (keepAtLeast $1) decides it once the refund is recorded (takeFromCard).
    const refusal = checkRefund({ amount: request.body.amount, refundable, balance: Number.MAX_SAFE_INTEGER });
    if (refusal) {
      const invalid = invalidField('amount', request.language, refusal === 'amountRequired' ? 'required' : 'invalid');
      throw appError('PARAM_INVALID', { data: { ...(invalid.data as object), reason: refusal }, msg: invalid.overrideMsg });
    }
    const updated = await ctx.orders.requestRefund(order, request.body.amount ?? 0);
    if (!updated) throw appError('CONFLICT', { data: { orderNo: order._id, reason: 'refundInProgress' } });
    if (refundStep(updated)?.step === 'cardDebit') await takeFromCard(ctx, updated, request.language, request.log);
    ctx.refunds.kick(updated._id);
    return ok({ ...statusView(updated), refundState: refundStateOf(updated.status), refundNo: updated.refunds.at(-1)?.refundNo });
  });

  app.get('/common/exchangeRate', async () => {
    const rate = ctx.config.EXCHANGE_RATE;
    return ok({ rate: (rate / RATE_SCALE).toFixed(6).replace(/0+$/, '').replace(/\.$/, ''), usdToCnyPerDollar: formatMinor(usdToCny(100, rate, 'ceil')) });
  });
}
