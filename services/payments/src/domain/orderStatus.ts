// The pay order's state machine and the refund rule (seed 001 §4 "Payment", §5 "Refund").
//
//   pending ──paymentSucceeded──▶ paid ──refundRequested──▶ refunding ──refundSucceeded──▶ refunded
//      │                           ▲                          │   ▲                 (partial) ▼
//      ├──paymentFailed──▶ failed  └──────refundFailed────────┘   └─refundRequested── partiallyRefunded
//      └──expired──▶ closed
//   closed | failed ──paymentSucceeded──▶ refunding (effect autoRefund: the money came too late)
import { OrderStatus, PayStatus, RefundState } from '@aipay/contracts';

export const PayOrderStatus = {
  pending: 'pending',
  paid: 'paid',
  failed: 'failed',
  closed: 'closed',
  refunding: 'refunding',
  partiallyRefunded: 'partiallyRefunded',
  refunded: 'refunded',
} as const;
export type PayOrderStatus = (typeof PayOrderStatus)[keyof typeof PayOrderStatus];

export type PayOrderEvent =
  /** The channel says the money arrived (notification or status query). */
  | { readonly type: 'paymentSucceeded' }
  | { readonly type: 'paymentFailed' }
  /** The pay URL's timeExpireTime ran out without a payment. */
  | { readonly type: 'expired' }
  | { readonly type: 'refundRequested' }
  /** `full`: the order is now refunded in total (this refund plus earlier ones). */
  | { readonly type: 'refundSucceeded'; readonly full: boolean }
  /** `refundedBefore`: part of the order had already been refunded before this attempt. */
  | { readonly type: 'refundFailed'; readonly refundedBefore: boolean };

/**
 * What the service must do after an accepted transition: `fulfil` delivers the order (card,
 * recharge, package ...), `autoRefund` returns a payment that arrived after the order closed or
 * failed, `none` for a transition with nothing to do or a repeated notification.
 */
export type PayOrderEffect = 'none' | 'fulfil' | 'autoRefund';

export type PayOrderRefusal =
  | 'alreadyPaid'
  | 'notPending'
  | 'notRefundable'
  | 'refundInProgress'
  | 'noRefundInProgress';

export type PayOrderTransition =
  | { readonly ok: true; readonly status: PayOrderStatus; readonly effect: PayOrderEffect; readonly duplicate: boolean }
  | { readonly ok: false; readonly status: PayOrderStatus; readonly refusal: PayOrderRefusal };

const { pending, paid, failed, closed, refunding, partiallyRefunded, refunded } = PayOrderStatus;

function go(status: PayOrderStatus, effect: PayOrderEffect = 'none'): PayOrderTransition {
  return { ok: true, status, effect, duplicate: false };
}
function same(status: PayOrderStatus): PayOrderTransition {
  return { ok: true, status, effect: 'none', duplicate: true };
}
function refuse(status: PayOrderStatus, refusal: PayOrderRefusal): PayOrderTransition {
  return { ok: false, status, refusal };
}

const MONEY_HELD: readonly PayOrderStatus[] = [paid, refunding, partiallyRefunded, refunded];

/** The next status of an order in `status` on `event`, or a typed refusal (status unchanged). */
export function nextPayOrderStatus(status: PayOrderStatus, event: PayOrderEvent): PayOrderTransition {
  switch (event.type) {
    case 'paymentSucceeded':
      if (status === pending) return go(paid, 'fulfil');
      // A late payment is never kept: "reapply creates a new order" (001 §4), so the user may
      // already have paid the replacement; the money goes back automatically.
      if (status === closed || status === failed) return go(refunding, 'autoRefund');
      return same(status);
    case 'paymentFailed':
      if (status === pending) return go(failed);
      if (status === failed || status === closed) return same(status);
      return refuse(status, 'alreadyPaid');
    case 'expired':
      if (status === pending) return go(closed);
      if (status === closed) return same(status);
      return refuse(status, MONEY_HELD.includes(status) ? 'alreadyPaid' : 'notPending');
    case 'refundRequested':
      if (status === paid || status === partiallyRefunded) return go(refunding);
      return refuse(status, status === refunding ? 'refundInProgress' : 'notRefundable');
    case 'refundSucceeded':
      if (status === refunding) return go(event.full ? refunded : partiallyRefunded);
      if (status === refunded) return same(status);
      return refuse(status, 'noRefundInProgress');
    case 'refundFailed':
      if (status === refunding) return go(event.refundedBefore ? partiallyRefunded : paid);
      return refuse(status, 'noRefundInProgress');
  }
}

/**
 * The seeds' pay status (0 not paid, 1 success, 2 fail) shown for a status. `lateMoneyReturned`:
 * the order had closed or failed and the money that came too late is being (or was) returned, so
 * for the payer it stays a failed payment whatever the refund's progress.
 */
export function payStatusOf(status: PayOrderStatus, lateMoneyReturned = false): PayStatus {
  if (status === pending) return PayStatus.notPaid;
  if (status === failed || status === closed || lateMoneyReturned) return PayStatus.fail;
  return PayStatus.success;
}

/** True when the order's money arrived after it closed or failed and goes back automatically. */
export function lateMoneyReturned(order: { refunds: readonly { reason: string }[] }): boolean {
  return order.refunds.some((refund) => refund.reason === 'latePayment');
}

/** The seeds' order status string (pending, success, failed). */
export function orderStatusOf(status: PayOrderStatus, lateMoneyReturned = false): OrderStatus {
  const pay = payStatusOf(status, lateMoneyReturned);
  return pay === PayStatus.notPaid ? OrderStatus.pending : pay === PayStatus.success ? OrderStatus.success : OrderStatus.failed;
}

/** The seeds' refund state (0 not refunded, 1 refunded, 2 refunding); a partial refund shows as refunded. */
export function refundStateOf(status: PayOrderStatus): RefundState {
  if (status === refunding) return RefundState.refunding;
  if (status === refunded || status === partiallyRefunded) return RefundState.refunded;
  return RefundState.notRefunded;
}

/** 001 §5: "at least $1 must stay in the account", in US cents. */
export const MIN_BALANCE_AFTER_REFUND = 100;

export type RefundRefusal = 'amountRequired' | 'amountInvalid' | 'amountTooLarge' | 'mustKeepOneDollar';

export interface RefundRequest {
  /** Asked for, US cents; undefined or null when the field was left empty. */
  readonly amount: number | null | undefined;
  /** What the order can still give back: paid minus refunded so far, US cents. */
  readonly refundable: number;
  /** The account (card) balance the refund is taken from, US cents. */
  readonly balance: number;
}

/**
 * 001 §5 "Refund: amount required, not too large, and at least $1 must stay in the account".
 * For refunds the user asks for; automatic refunds (late payments, failed upgrades) skip it.
 */
export function checkRefund(request: RefundRequest): RefundRefusal | null {
  const { amount } = request;
  if (amount === undefined || amount === null) return 'amountRequired';
  if (!Number.isSafeInteger(amount) || amount <= 0) return 'amountInvalid';
  if (amount > request.refundable || amount > request.balance) return 'amountTooLarge';
  if (request.balance - amount < MIN_BALANCE_AFTER_REFUND) return 'mustKeepOneDollar';
  return null;
}
