// The rules of a new order that depend on who pays and what they paid before (used by payOrder and
// the channel chooser in pay.ts, and by rechargeIdentity): the payer's region from identity, the
// monthly recharge limits by verification (001 §6, §9), the one channel's monthly top-up limit
// (001 §9), the identity hold, and the interim "same flex package already held" rule (002 §8, 1001).
import type { FastifyRequest } from 'fastify';
import { appError } from '@aipay/kit';
import { errorMessage, OrderType, type ClientType, type Language, type PayChannel, type TransactionType } from '@aipay/contracts';
import { invalidField, type Ctx } from '../context.js';
import { channelLimitRefusal, filterChannels, type ChannelOffer } from '../domain/channels.js';
import { rechargeLimitDecision, regionAllowsChannel, type MonthlyLimits } from '../domain/limits.js';
import type { OrderDoc } from '../store/orders.js';
import type { MonthlyRecharges } from '../store/usage.js';

export function monthlyLimits(ctx: Ctx): MonthlyLimits {
  return { unverified: ctx.config.MONTHLY_LIMIT_UNVERIFIED, verified: ctx.config.MONTHLY_LIMIT_VERIFIED };
}

/**
 * A held order (a recharge over the unverified limit, waiting for face verification) gets no pay
 * URL: 2112 with its orderNo, which starts the client's face-verification flow (001 §8). Answers
 * the order when it is not held.
 */
export function assertNotHeld(order: OrderDoc, language?: Language): OrderDoc {
  if (!order.identityHold) return order;
  throw appError('FACE_IDENTITY_REQUIRED', {
    data: { orderNo: order._id },
    ...(language ? { msg: errorMessage('FACE_IDENTITY_REQUIRED', language) } : {}),
  });
}

/** The chooser's offers for the logged-in user: region from identity, this month's recharges per channel. */
export async function channelOffersFor(
  ctx: Ctx,
  request: FastifyRequest,
  input: { orderType: OrderType; orderAmount: number; clientType: ClientType },
): Promise<ChannelOffer[]> {
  const userId = request.user.sub;
  const [payer, usage] = await Promise.all([
    ctx.identity.payer(userId),
    input.orderType === OrderType.recharge ? ctx.usage.monthlyRecharges(userId) : Promise.resolve(undefined),
  ]);
  return filterChannels({
    orderType: input.orderType,
    orderAmount: input.orderAmount,
    clientType: input.clientType,
    isHKMOUser: payer.isHKMOUser,
    catalogue: ctx.catalogue,
    rechargedThisMonth: usage?.byChannel ?? {},
  });
}

export interface NewOrderInput {
  orderType: OrderType;
  businessRef: string;
  /** US cents. */
  usdAmount: number;
  channelType: PayChannel;
  transactionType: TransactionType;
}

/** 2213 "exceeded the monthly payment limit", naming the field the user can change. */
function monthlyLimitExceeded(field: 'amount' | 'channelType', data: Record<string, unknown>) {
  return appError('RECHARGE_MONTHLY_LIMIT', { data: { field, ...data } });
}

/**
 * Checks a recharge of `usdAmount` for a payer with `verified` against this month's recharges:
 * over the verified limit → 2213 (amount); over the channel's monthly top-up limit → 2213
 * (channelType); over the unverified limit while unverified → `hold` (create held, answer 2112).
 */
export function checkRecharge(
  ctx: Ctx,
  input: { usdAmount: number; channelType: PayChannel; verified: boolean },
  usage: MonthlyRecharges,
): { hold: boolean } {
  const decision = rechargeLimitDecision({ amount: input.usdAmount, used: usage.total, verified: input.verified, limits: monthlyLimits(ctx) });
  if (decision.kind === 'exceeded') {
    throw monthlyLimitExceeded('amount', { limit: decision.limit, used: usage.total, remaining: decision.remaining });
  }
  const channel = ctx.catalogue[input.channelType];
  const channelUsed = usage.byChannel[input.channelType] ?? 0;
  const refusal = channelLimitRefusal(channel, input.usdAmount, { orderType: OrderType.recharge, rechargedThisMonth: channelUsed });
  if (refusal === 'aboveMonthlyLimit') {
    const limit = channel.monthlyLimit ?? 0;
    throw monthlyLimitExceeded('channelType', { channelType: input.channelType, limit, used: channelUsed, remaining: Math.max(0, limit - channelUsed) });
  }
  return { hold: decision.kind === 'verify' };
}

/** 1001 when a new flex order's package (`businessRef`) is already held (002 §8), whatever pays it. */
export async function assertFlexPackageFree(ctx: Ctx, userId: string, input: { orderType: OrderType; businessRef: string }): Promise<void> {
  if (input.orderType !== OrderType.flex) return;
  const held = await ctx.usage.flexPackageHeld(userId, input.businessRef);
  if (held) throw appError('FLEX_PACKAGE_HELD', { data: { field: 'businessRef', businessRef: input.businessRef, orderNo: held._id } });
}

/**
 * The payer-dependent rules of a new order (after the input and the channel's own limits were
 * checked): the channel must be one the chooser offers this payer for this order type, a flex
 * package must not be held already, a recharge must fit the month. Answers whether the order is
 * created held. Identity not reachable → 503 (SERVICE_UNAVAILABLE), never a guess.
 */
export async function checkNewOrder(ctx: Ctx, request: FastifyRequest, input: NewOrderInput): Promise<{ identityHold: boolean }> {
  const userId = request.user.sub;
  const payer = await ctx.identity.payer(userId);
  if (!regionAllowsChannel({ isHKMOUser: payer.isHKMOUser, ...input })) throw invalidField('channelType', request.language);
  await assertFlexPackageFree(ctx, userId, input);
  if (input.orderType !== OrderType.recharge) return { identityHold: false };
  const usage = await ctx.usage.monthlyRecharges(userId);
  return { identityHold: checkRecharge(ctx, { ...input, verified: payer.verified }, usage).hold };
}
