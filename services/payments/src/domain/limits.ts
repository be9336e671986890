// Monthly recharge limits by identity verification (seed 001 §6, §9), the calendar month they count
// in, what a paid recharge counts for, the Hong Kong/Macao channel rule (001 §6, 002 §5), the
// seeds' transaction status (001 §3) and the interim "same flex package already held" rule (1001).
import { PayChannel, TradeStatus, TransactionType, type OrderType } from '@aipay/contracts';
import { HKMO_FORCED_ORDER_TYPES } from './channels.js';
import { PayOrderStatus } from './orderStatus.js';

/**
 * 001 §6 "Identity-unverified users have a lower monthly limit ($100, deposit route) than verified
 * users ($3000, face verification route); both also given as parameters"; 001 §9 "Account-opening
 * limits: $3000 per month with Alipay face verification, $100 with deposit only". US cents.
 */
export const MONTHLY_LIMIT_DEFAULTS = { unverified: 10_000, verified: 300_000 } as const;

export interface MonthlyLimits {
  readonly unverified: number;
  readonly verified: number;
}

/**
 * Asia/Shanghai is UTC+8 all year (no daylight saving since 1991), so the calendar month of
 * Beijing time (the seeds' time zone, 001 §2 maintenance "Beijing time") is a fixed offset.
 */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The calendar month (Beijing time) that `now` falls in: `[start, end)` as instants. */
export function shanghaiMonth(now: Date): { start: Date; end: Date } {
  const local = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  return {
    start: new Date(Date.UTC(year, month, 1) - SHANGHAI_OFFSET_MS),
    end: new Date(Date.UTC(year, month + 1, 1) - SHANGHAI_OFFSET_MS),
  };
}

/** Statuses in which the money of an order arrived (and may be partly or wholly returned). */
export const MONEY_ARRIVED: readonly PayOrderStatus[] = [
  PayOrderStatus.paid,
  PayOrderStatus.refunding,
  PayOrderStatus.partiallyRefunded,
  PayOrderStatus.refunded,
];

export interface CountedOrder {
  readonly usdAmount: number;
  readonly refunds: readonly { readonly usdAmount: number; readonly status: string; readonly reason: string }[];
}

/**
 * What a paid recharge counts towards the month, US cents: its value minus what went back. A
 * refund counts once it succeeded (a requested refund may still fail); a late payment's automatic
 * refund counts at once (that money never becomes a recharge). Never negative.
 */
export function countedAmount(order: CountedOrder): number {
  const returned = order.refunds
    .filter((refund) => refund.status === 'succeeded' || refund.reason === 'latePayment')
    .reduce((sum, refund) => sum + refund.usdAmount, 0);
  return Math.max(0, order.usdAmount - returned);
}

export type RechargeLimitDecision =
  | { readonly kind: 'ok' }
  /** Over the unverified limit but within the verified one: create the order held, ask for face verification (2112). */
  | { readonly kind: 'verify'; readonly limit: number }
  /** Over the verified limit, which verification cannot raise: refuse (2213). */
  | { readonly kind: 'exceeded'; readonly limit: number; readonly remaining: number };

/**
 * May a user who recharged `used` this month recharge `amount` more (US cents)? Verified users
 * get the verified limit; unverified users up to the unverified limit, then face verification
 * when the verified limit would allow the amount, else a refusal.
 */
export function rechargeLimitDecision(input: {
  amount: number;
  used: number;
  verified: boolean;
  limits: MonthlyLimits;
}): RechargeLimitDecision {
  const after = input.used + input.amount;
  const { verified, unverified } = input.limits;
  if (!input.verified && after <= unverified) return { kind: 'ok' };
  if (after > verified) return { kind: 'exceeded', limit: verified, remaining: Math.max(0, verified - input.used) };
  return input.verified ? { kind: 'ok' } : { kind: 'verify', limit: unverified };
}

/**
 * 001 §6 / 002 §5: Hong Kong and Macao users pay account-opening (1) and multi-card (2) orders
 * with Alipay on channel 6 only; anything else is allowed here (the chooser's other filters apply).
 */
export function regionAllowsChannel(input: {
  isHKMOUser: boolean;
  orderType: OrderType;
  channelType: PayChannel;
  transactionType: TransactionType;
}): boolean {
  if (!input.isHKMOUser || !HKMO_FORCED_ORDER_TYPES.includes(input.orderType)) return true;
  return input.channelType === PayChannel.fourierAlipay && input.transactionType === TransactionType.alipay;
}

/**
 * The seeds' payment/transaction status (001 §3: 0 unhandled, 1 handling, 2 done, 3 failed) of a
 * pay order. Payments only knows the money: once paid the transaction is "handling" until the
 * fulfilling service (card recharge, account opening, flex ...) confirms it, which arrives with
 * those services' events; failed and closed orders are failed.
 */
export function transactionStatusOf(status: PayOrderStatus, fulfilled = false, lateMoneyReturned = false): TradeStatus {
  if (status === PayOrderStatus.pending) return TradeStatus.unhandled;
  if (status === PayOrderStatus.failed || status === PayOrderStatus.closed || lateMoneyReturned) return TradeStatus.failed;
  return fulfilled ? TradeStatus.done : TradeStatus.handling;
}

/**
 * Interim rule for 1001 "the same flex package is already held" (002 §7, §8) until the flex
 * service owns subscriptions: a flex order (type 9) of the same businessRef (the package) that is
 * pending and not expired, or paid (not wholly refunded) within the last 31 days (a month).
 */
export const FLEX_HOLD_DAYS = 31;

export function flexHeldSince(now: Date): Date {
  return new Date(now.getTime() - FLEX_HOLD_DAYS * 24 * 60 * 60 * 1000);
}

/** Statuses of a paid flex order that still holds the package (a refunded one does not). */
export const FLEX_HOLDING: readonly PayOrderStatus[] = [PayOrderStatus.paid, PayOrderStatus.refunding, PayOrderStatus.partiallyRefunded];
