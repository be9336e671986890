import { describe, expect, it } from 'vitest';
import { OrderStatus, PayStatus, RefundState } from '@aipay/contracts';
import {
  MIN_BALANCE_AFTER_REFUND,
  PayOrderStatus as S,
  checkRefund,
  nextPayOrderStatus,
  orderStatusOf,
  payStatusOf,
  refundStateOf,
  type PayOrderEvent,
  type PayOrderStatus,
} from './orderStatus.js';

const succeeded: PayOrderEvent = { type: 'paymentSucceeded' };
const failedEvent: PayOrderEvent = { type: 'paymentFailed' };
const expired: PayOrderEvent = { type: 'expired' };
const refundRequested: PayOrderEvent = { type: 'refundRequested' };
const refundedFull: PayOrderEvent = { type: 'refundSucceeded', full: true };
const refundedPart: PayOrderEvent = { type: 'refundSucceeded', full: false };

describe('accepted transitions', () => {
  it.each([
    [S.pending, succeeded, S.paid, 'fulfil', 'a paid order is fulfilled'],
    [S.pending, failedEvent, S.failed, 'none', 'a failed payment fails the order'],
    [S.pending, expired, S.closed, 'none', 'an unpaid order closes when its pay URL expires'],
    [S.closed, succeeded, S.refunding, 'autoRefund', 'a notification after the order closed asks for an automatic refund'],
    [S.failed, succeeded, S.refunding, 'autoRefund', 'a success after a failure is refunded too (the user re-applied)'],
    [S.paid, refundRequested, S.refunding, 'none', 'a paid order can be refunded'],
    [S.refunding, refundedFull, S.refunded, 'none', 'a full refund ends refunded'],
    [S.refunding, refundedPart, S.partiallyRefunded, 'none', 'a partial refund ends partially refunded'],
    [S.partiallyRefunded, refundRequested, S.refunding, 'none', 'a partially refunded order can be refunded again'],
    [S.refunding, { type: 'refundFailed', refundedBefore: false }, S.paid, 'none', 'a failed first refund goes back to paid'],
    [S.refunding, { type: 'refundFailed', refundedBefore: true }, S.partiallyRefunded, 'none', 'a failed later refund goes back to partially refunded'],
  ] as const)('%s + %o → %s, effect %s (%s)', (from, event, to, effect, _label) => {
    expect(nextPayOrderStatus(from, event)).toEqual({ ok: true, status: to, effect, duplicate: false });
  });
});

describe('repeated notifications change nothing', () => {
  it.each([
    [S.paid, succeeded],
    [S.refunding, succeeded],
    [S.partiallyRefunded, succeeded],
    [S.refunded, succeeded],
    [S.failed, failedEvent],
    [S.closed, failedEvent],
    [S.closed, expired],
    [S.refunded, refundedFull],
  ] as const)('%s + %o is a duplicate', (status, event) => {
    expect(nextPayOrderStatus(status, event)).toEqual({ ok: true, status, effect: 'none', duplicate: true });
  });
});

describe('refused transitions', () => {
  it.each([
    [S.paid, failedEvent, 'alreadyPaid', 'a failure notice after success is ignored'],
    [S.paid, expired, 'alreadyPaid', 'a paid order does not expire'],
    [S.failed, expired, 'notPending', 'a failed order does not close'],
    [S.pending, refundRequested, 'notRefundable', 'nothing to refund before payment'],
    [S.closed, refundRequested, 'notRefundable', 'nothing to refund on a closed order'],
    [S.refunded, refundRequested, 'notRefundable', 'a refunded order is done'],
    [S.refunding, refundRequested, 'refundInProgress', 'one refund at a time'],
    [S.paid, refundedFull, 'noRefundInProgress', 'a refund result without a refund'],
    [S.paid, { type: 'refundFailed', refundedBefore: false }, 'noRefundInProgress', 'a refund failure without a refund'],
  ] as const)('%s + %o → %s (%s)', (status, event, refusal, _label) => {
    expect(nextPayOrderStatus(status, event)).toEqual({ ok: false, status, refusal });
  });
});

// 001 §3 and 002 §9: pay status 0 not paid, 1 success, 2 fail; order status pending/success/failed;
// refund state 0 not refunded, 1 refunded, 2 refunding.
describe('the seeds\' status values', () => {
  it.each([
    [S.pending, PayStatus.notPaid, OrderStatus.pending, RefundState.notRefunded],
    [S.paid, PayStatus.success, OrderStatus.success, RefundState.notRefunded],
    [S.failed, PayStatus.fail, OrderStatus.failed, RefundState.notRefunded],
    [S.closed, PayStatus.fail, OrderStatus.failed, RefundState.notRefunded],
    [S.refunding, PayStatus.success, OrderStatus.success, RefundState.refunding],
    [S.partiallyRefunded, PayStatus.success, OrderStatus.success, RefundState.refunded],
    [S.refunded, PayStatus.success, OrderStatus.success, RefundState.refunded],
  ] as const)('%s shows pay status %d, order status %s, refund state %d', (status: PayOrderStatus, pay, order, refund) => {
    expect(payStatusOf(status)).toBe(pay);
    expect(orderStatusOf(status)).toBe(order);
    expect(refundStateOf(status)).toBe(refund);
  });
});

// 001 §5: "Refund: amount required, not too large, and at least $1 must stay in the account."
describe('refund rule', () => {
  it.each([
    [undefined, 10_000, 10_000, 'amountRequired', 'an empty amount is refused'],
    [null, 10_000, 10_000, 'amountRequired', 'a null amount is refused'],
    [0, 10_000, 10_000, 'amountInvalid', 'a zero amount is refused'],
    [-100, 10_000, 10_000, 'amountInvalid', 'a negative amount is refused'],
    [10.5, 10_000, 10_000, 'amountInvalid', 'a fraction of a cent is refused'],
    [10_001, 10_000, 20_000, 'amountTooLarge', 'more than was paid is refused'],
    [5_001, 10_000, 5_000, 'amountTooLarge', 'more than the balance is refused'],
    [9_901, 20_000, 10_000, 'mustKeepOneDollar', 'a refund that leaves less than $1 is refused ($0.99 left)'],
    [10_000, 10_000, 10_000, 'mustKeepOneDollar', 'refunding the whole balance leaves $0'],
    [9_900, 20_000, 10_000, null, 'a refund that leaves exactly $1 is accepted'],
    [100, 100, 10_000, null, 'a $1 refund of a $1 payment'],
  ] as const)('amount %s, refundable %d, balance %d → %s (%s)', (amount, refundable, balance, refusal, _label) => {
    expect(checkRefund({ amount, refundable, balance })).toBe(refusal);
  });

  it('keeps $1', () => {
    expect(MIN_BALANCE_AFTER_REFUND).toBe(100);
  });
});
