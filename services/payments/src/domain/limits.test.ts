// The monthly limits by verification (001 §6, §9), their calendar month, what a paid recharge
// counts, the Hong Kong/Macao channel rule (001 §6, 002 §5), the transaction status (001 §3) and
// the interim flex rule (002 §8, code 1001).
import { describe, expect, it } from 'vitest';
import { OrderType, PayChannel, TradeStatus, TransactionType } from '@aipay/contracts';
import {
  countedAmount,
  flexHeldSince,
  MONTHLY_LIMIT_DEFAULTS,
  rechargeLimitDecision,
  regionAllowsChannel,
  shanghaiMonth,
  transactionStatusOf,
} from './limits.js';
import { PayOrderStatus } from './orderStatus.js';

const limits = MONTHLY_LIMIT_DEFAULTS;

describe('monthly limits (001 §6 "$100, deposit route" / "$3000, face verification route")', () => {
  it('defaults to $100 unverified and $3000 verified, in US cents', () => {
    expect(MONTHLY_LIMIT_DEFAULTS).toEqual({ unverified: 10_000, verified: 300_000 });
  });

  it.each([
    // [used, amount, verified, expected]
    [0, 10_000, false, 'ok'], // exactly $100: allowed
    [5_000, 5_000, false, 'ok'],
    [5_000, 5_001, false, 'verify'], // one cent over $100: face verification
    [0, 10_001, false, 'verify'],
    [0, 300_000, false, 'verify'], // $3000 is reachable after verification
    [0, 300_001, false, 'exceeded'], // not even verification allows it
    [0, 300_000, true, 'ok'],
    [299_999, 1, true, 'ok'],
    [299_999, 2, true, 'exceeded'],
    [300_000, 1, true, 'exceeded'],
  ] as const)('used %i + %i (verified %s) → %s', (used, amount, verified, kind) => {
    expect(rechargeLimitDecision({ used, amount, verified, limits }).kind).toBe(kind);
  });

  it('names the verified limit and what is left when refusing', () => {
    expect(rechargeLimitDecision({ used: 250_000, amount: 60_000, verified: true, limits })).toEqual({ kind: 'exceeded', limit: 300_000, remaining: 50_000 });
    expect(rechargeLimitDecision({ used: 8_000, amount: 400_000, verified: false, limits })).toEqual({ kind: 'exceeded', limit: 300_000, remaining: 292_000 });
    expect(rechargeLimitDecision({ used: 8_000, amount: 3_000, verified: false, limits })).toEqual({ kind: 'verify', limit: 10_000 });
  });

  it('takes the limits as parameters', () => {
    expect(rechargeLimitDecision({ used: 0, amount: 20_000, verified: false, limits: { unverified: 20_000, verified: 50_000 } }).kind).toBe('ok');
    expect(rechargeLimitDecision({ used: 0, amount: 60_000, verified: true, limits: { unverified: 20_000, verified: 50_000 } }).kind).toBe('exceeded');
  });
});

describe('the calendar month in Beijing time', () => {
  it('starts at 00:00 of the 1st in Asia/Shanghai (16:00 UTC the day before)', () => {
    expect(shanghaiMonth(new Date('2026-03-15T12:00:00Z'))).toEqual({
      start: new Date('2026-02-28T16:00:00Z'),
      end: new Date('2026-03-31T16:00:00Z'),
    });
  });

  it('is already the next month in Beijing at 16:00 UTC on the last day', () => {
    expect(shanghaiMonth(new Date('2026-03-31T15:59:59Z')).start).toEqual(new Date('2026-02-28T16:00:00Z'));
    expect(shanghaiMonth(new Date('2026-03-31T16:00:00Z')).start).toEqual(new Date('2026-03-31T16:00:00Z'));
  });

  it('wraps the year', () => {
    expect(shanghaiMonth(new Date('2026-12-31T17:00:00Z'))).toEqual({
      start: new Date('2026-12-31T16:00:00Z'),
      end: new Date('2027-01-31T16:00:00Z'),
    });
  });
});

describe('what a paid recharge counts', () => {
  const refund = (usdAmount: number, status: string, reason = 'requested') => ({ usdAmount, status, reason });

  it('counts the whole value until a refund succeeds', () => {
    expect(countedAmount({ usdAmount: 5_000, refunds: [] })).toBe(5_000);
    expect(countedAmount({ usdAmount: 5_000, refunds: [refund(2_000, 'requested')] })).toBe(5_000);
    expect(countedAmount({ usdAmount: 5_000, refunds: [refund(2_000, 'failed')] })).toBe(5_000);
    expect(countedAmount({ usdAmount: 5_000, refunds: [refund(2_000, 'succeeded')] })).toBe(3_000);
    expect(countedAmount({ usdAmount: 5_000, refunds: [refund(2_000, 'succeeded'), refund(3_000, 'succeeded')] })).toBe(0);
  });

  it('never counts a late payment (refunded automatically), and is never negative', () => {
    expect(countedAmount({ usdAmount: 5_000, refunds: [refund(5_000, 'requested', 'latePayment')] })).toBe(0);
    expect(countedAmount({ usdAmount: 100, refunds: [refund(200, 'succeeded')] })).toBe(0);
  });
});

describe('Hong Kong and Macao users (001 §6, 002 §5: "forced onto the Fuliye channel with Alipay")', () => {
  const hk = { isHKMOUser: true, channelType: PayChannel.fourierAlipay, transactionType: TransactionType.alipay };

  it('allow only Alipay on channel 6 for account opening (1) and multiple cards (2)', () => {
    for (const orderType of [OrderType.openAccount, OrderType.multipleCard]) {
      expect(regionAllowsChannel({ ...hk, orderType })).toBe(true);
      expect(regionAllowsChannel({ ...hk, orderType, channelType: PayChannel.cardPaymentProvider })).toBe(false);
      expect(regionAllowsChannel({ ...hk, orderType, channelType: PayChannel.newAllPayUnion, transactionType: TransactionType.alipayHK })).toBe(false);
    }
  });

  it('leave other order types and other users alone', () => {
    expect(regionAllowsChannel({ ...hk, orderType: OrderType.recharge, channelType: PayChannel.cardPaymentProvider })).toBe(true);
    expect(regionAllowsChannel({ ...hk, isHKMOUser: false, orderType: OrderType.openAccount, channelType: PayChannel.cardPaymentProvider })).toBe(true);
  });
});

describe('transaction status (001 §3 "0 unhandled, 1 handling, 2 done, 3 failed")', () => {
  it.each([
    [PayOrderStatus.pending, TradeStatus.unhandled],
    [PayOrderStatus.paid, TradeStatus.handling],
    [PayOrderStatus.refunding, TradeStatus.handling],
    [PayOrderStatus.partiallyRefunded, TradeStatus.handling],
    [PayOrderStatus.refunded, TradeStatus.handling],
    [PayOrderStatus.failed, TradeStatus.failed],
    [PayOrderStatus.closed, TradeStatus.failed],
  ])('%s → %i', (status, expected) => {
    expect(transactionStatusOf(status)).toBe(expected);
  });

  it('is done once the fulfilling service confirmed a paid order', () => {
    expect(transactionStatusOf(PayOrderStatus.paid, true)).toBe(TradeStatus.done);
    expect(transactionStatusOf(PayOrderStatus.pending, true)).toBe(TradeStatus.unhandled);
  });
});

describe('the same flex package (1001)', () => {
  it('looks 31 days back', () => {
    expect(flexHeldSince(new Date('2026-03-31T00:00:00Z'))).toEqual(new Date('2026-02-28T00:00:00Z'));
  });
});
