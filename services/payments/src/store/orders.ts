// The store of the `orders` collection (one document per pay order, _id = orderNo; the document and
// schemas are orderModel.ts) and `order_keys` (the client request key → orderNo, the idempotency of
// creation). No transactions: every state change is ONE conditional single-document update that also
// pushes the order's outbox events.
import { isDuplicateKeyError, outboxEvent, pushEvents } from '@aipay/kit';
import { OrderType, PayChannel, paymentFailedEvent, paymentSucceededEvent } from '@aipay/contracts';
import { nextPayOrderStatus, PayOrderStatus } from '../domain/orderStatus.js';
import { CardServiceError, type CardLedger } from '../adapters/card.js';
import { newOrderNo, type NewOrder, type OrderDoc, type OrderKeyDoc, type OrderModels, type RefundEntry } from './orderModel.js';

export {
  createOrderModels,
  newOrderNo,
  type NewOrder,
  type OrderDoc,
  type OrderKeyDoc,
  type OrderModels,
  type RefundEntry,
} from './orderModel.js';

/** A provider's word on a payment, after its signature was verified. */
export interface PaymentNotice {
  orderNo: string;
  providerTradeNo: string;
  paid: boolean;
  /** Minor units of the order's pay currency. */
  amount: number;
  /** payment.failed's reason when not paid (default `channelFailed`). */
  reason?: string;
}

/** The card's debit for a balance order as a notice: the debit is keyed by our orderNo, its trade number. */
export function balanceNotice(order: Pick<OrderDoc, '_id' | 'payAmount'>, paid: boolean, reason?: string): PaymentNotice {
  return { orderNo: order._id, providerTradeNo: order._id, paid, amount: order.payAmount, ...(reason ? { reason } : {}) };
}

export type ApplyOutcome =
  | { result: 'paid'; order: OrderDoc }
  | { result: 'duplicate'; order: OrderDoc }
  | { result: 'latePayment'; order: OrderDoc }
  | { result: 'failed'; order: OrderDoc }
  | { result: 'unknownOrder' }
  | { result: 'amountMismatch'; order: OrderDoc }
  /** Paid again under another trade number: money to return by hand (see docs). */
  | { result: 'secondPayment'; order: OrderDoc };

function eventFields(order: OrderDoc) {
  return {
    orderNo: order._id,
    userId: order.userId,
    orderType: order.orderType,
    businessRef: order.businessRef,
    amount: order.payAmount,
    currency: order.payCurrency,
    usdAmount: order.usdAmount,
    fee: order.feeAmount ?? 0,
    channelType: order.channelType,
    transactionType: order.transactionType,
  };
}

/** Orders whose payment put money onto a card (`businessRef`): a recharge and an outstanding-balance top-up. */
export const CARD_CREDITING: readonly OrderType[] = [OrderType.recharge, OrderType.outstandingBalanceTopUp];

/**
 * Whether a refund of `reason` on the order must take the money off the card first: a refund the
 * user asks for of an order that credited a card, paid through an outside channel. A balance payment
 * (channel 5) never credited a card (its refunds are credits back to it), and an automatic refund of
 * a late payment returns money that never reached the card.
 */
export function refundTakesFromCard(order: Pick<OrderDoc, 'orderType' | 'channelType'>, reason: string): boolean {
  return reason === 'requested' && CARD_CREDITING.includes(order.orderType) && order.channelType !== PayChannel.balance;
}

const MONEY_HELD: readonly PayOrderStatus[] = [
  PayOrderStatus.paid,
  PayOrderStatus.refunding,
  PayOrderStatus.partiallyRefunded,
  PayOrderStatus.refunded,
];

export class OrderStore {
  /** `card` answers whether a balance order (channel 5) was debited before it may be closed. */
  constructor(
    readonly models: OrderModels,
    private readonly card?: Pick<CardLedger, 'debitStatus'>,
  ) {}

  async byNo(orderNo: string): Promise<OrderDoc | null> {
    return this.models.Order.findById(orderNo).lean<OrderDoc>().exec();
  }

  /**
   * Creates the order once per (user, requestKey). The key is inserted first; whoever loses the
   * race (or retries after a crash between the two inserts) inserts the order under the key's
   * orderNo, and a duplicate there means it already exists: either way one order.
   */
  async create(requestKey: string, order: NewOrder): Promise<{ order: OrderDoc; created: boolean }> {
    const keyId = `${order.userId}:${requestKey}`;
    let orderNo = newOrderNo();
    try {
      await this.models.OrderKey.create({ _id: keyId, orderNo });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const key = await this.models.OrderKey.findById(keyId).lean<OrderKeyDoc>().exec();
      if (!key) throw error;
      orderNo = key.orderNo;
    }
    try {
      const created = await this.models.Order.create({ ...order, _id: orderNo, status: PayOrderStatus.pending });
      return { order: created.toObject<OrderDoc>(), created: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.byNo(orderNo);
      if (!existing) throw error;
      return { order: existing, created: false };
    }
  }

  /** Keeps the provider's id of the trade created for the order (a refund may need it). */
  async recordTrade(orderNo: string, channelTradeRef: string): Promise<void> {
    await this.models.Order.updateOne({ _id: orderNo }, { $set: { channelTradeRef } }).exec();
  }

  /**
   * Closes the order if it is still pending past expireAt (with a payment.failed event); answers the
   * current order. A balance order (channel 5) asks the card first: debited → paid (applyNotice,
   * with payment.succeeded); not debited → closed like any order; the card not reachable → left
   * pending for the next read or sweep, never closed on a guess.
   */
  async closeIfExpired(orderNo: string, now = new Date()): Promise<OrderDoc | null> {
    const order = await this.byNo(orderNo);
    if (!order || order.status !== PayOrderStatus.pending || order.expireAt > now) return order;
    if (order.channelType === PayChannel.balance) {
      const debited = await this.balanceDebited(order._id);
      if (debited === null) return order;
      if (debited) {
        await this.applyNotice(balanceNotice(order, true), now);
        return this.byNo(orderNo);
      }
    }
    const closed = await this.models.Order.findOneAndUpdate(
      { _id: orderNo, status: PayOrderStatus.pending, expireAt: { $lte: now } },
      {
        $set: { status: PayOrderStatus.closed, closedAt: now },
        ...pushEvents(outboxEvent(paymentFailedEvent, { ...eventFields(order), reason: 'expired', failedAt: now.toISOString() }, now)),
      },
      { returnDocument: 'after' },
    )
      .lean<OrderDoc>()
      .exec();
    return closed ?? (await this.byNo(orderNo));
  }

  /** The card's word on a balance order's debit; null when the card service gives none. */
  private async balanceDebited(orderNo: string): Promise<boolean | null> {
    if (!this.card) return null;
    try {
      return (await this.card.debitStatus(orderNo)) === 'debited';
    } catch (error) {
      if (error instanceof CardServiceError) return null;
      throw error;
    }
  }

  /**
   * The sweep: closes every pending order past expireAt, one conditional update each (a balance order
   * the card debited is paid instead); answers how many this sweep changed (each stored an event).
   */
  async closeExpired(now = new Date(), limit = 500): Promise<number> {
    const due = await this.models.Order.find({ status: PayOrderStatus.pending, expireAt: { $lte: now } }, { _id: 1 })
      .limit(limit)
      .lean<{ _id: string }[]>()
      .exec();
    let closed = 0;
    for (const { _id } of due) {
      const after = await this.closeIfExpired(_id, now);
      if (after?.status === PayOrderStatus.closed && after.closedAt?.getTime() === now.getTime()) closed += 1;
      else if (after?.status === PayOrderStatus.paid && after.paidAt?.getTime() === now.getTime()) closed += 1;
    }
    return closed;
  }

  /**
   * Applies a verified notification at most once. The first pending → paid update wins and
   * stores payment.succeeded with it; anything else reads the order and decides without effect,
   * except a payment on a closed or failed order, which moves it to refunding (auto-refund) once.
   */
  async applyNotice(notice: PaymentNotice, now = new Date()): Promise<ApplyOutcome> {
    const order = await this.byNo(notice.orderNo);
    if (!order) return { result: 'unknownOrder' };
    if (notice.amount !== order.payAmount) return { result: 'amountMismatch', order };
    if (!notice.paid) return this.applyFailure(order, notice, now);

    // Already moved on (the usual case for a provider's copies and replays): no write is tried, the
    // stored state decides below. Statuses only move forward, so this read cannot hide a pending order.
    const paid = order.status !== PayOrderStatus.pending ? null : await this.models.Order.findOneAndUpdate(
      { _id: order._id, status: PayOrderStatus.pending },
      {
        $set: { status: PayOrderStatus.paid, providerTradeNo: notice.providerTradeNo, paidAt: now },
        ...pushEvents(
          outboxEvent(
            paymentSucceededEvent,
            { ...eventFields(order), providerTradeNo: notice.providerTradeNo, paidAt: now.toISOString() },
            now,
          ),
        ),
      },
      { returnDocument: 'after' },
    )
      .lean<OrderDoc>()
      .exec();
    if (paid) return { result: 'paid', order: paid };

    // Not pending any more: decide from what is stored. A racing change can only move the order
    // forward, so a few rounds settle it.
    for (let round = 0; round < 5; round += 1) {
      const current = round === 0 && order.status !== PayOrderStatus.pending ? order : await this.byNo(order._id);
      if (!current) return { result: 'unknownOrder' };
      if (MONEY_HELD.includes(current.status)) {
        return current.providerTradeNo === notice.providerTradeNo
          ? { result: 'duplicate', order: current }
          : { result: 'secondPayment', order: current };
      }
      const transition = nextPayOrderStatus(current.status, { type: 'paymentSucceeded' });
      if (!transition.ok || transition.effect !== 'autoRefund') return { result: 'duplicate', order: current };
      const refund: RefundEntry = {
        refundNo: `R${order._id.slice(1)}`,
        amount: order.payAmount,
        usdAmount: order.usdAmount,
        reason: 'latePayment',
        status: 'requested',
        createdAt: now,
      };
      const late = await this.models.Order.findOneAndUpdate(
        { _id: order._id, status: current.status },
        { $set: { status: transition.status, providerTradeNo: notice.providerTradeNo, paidAt: now }, $push: { refunds: refund } },
        { returnDocument: 'after' },
      )
        .lean<OrderDoc>()
        .exec();
      if (late) return { result: 'latePayment', order: late };
    }
    throw new Error(`order ${order._id} kept changing while a payment was applied`);
  }

  /**
   * Records a refund the user asked for: paid | partiallyRefunded → refunding with the request in
   * `refunds`, in one update conditional on the status read (one refund at a time). Answers null
   * when the order moved meanwhile. `usdAmount` was checked by the caller (checkRefund). A refund of
   * a recharge is recorded with `cardDebit: 'pending'`: it reaches the channel only once the card
   * gave the money back (src/refunds.ts).
   */
  async requestRefund(order: OrderDoc, usdAmount: number, now = new Date()): Promise<OrderDoc | null> {
    const transition = nextPayOrderStatus(order.status, { type: 'refundRequested' });
    if (!transition.ok) return null;
    // The pay-currency part of the order that `usdAmount` is, rounded down (never more than was
    // paid); the refund that empties the order takes what is left, so parts add up to payAmount.
    // A recharge fee is kept: only the order's value (payAmount less its fee part) goes back.
    const valuePaid = order.payAmount - (order.feePayAmount ?? 0);
    const kept = order.refunds.filter((entry) => entry.status !== 'failed');
    const usdLeft = order.usdAmount - kept.reduce((sum, entry) => sum + entry.usdAmount, 0);
    const payLeft = valuePaid - kept.reduce((sum, entry) => sum + entry.amount, 0);
    const amount = usdAmount >= usdLeft
      ? payLeft
      : order.payCurrency === order.currency && order.amount === order.usdAmount
        ? usdAmount
        : Math.floor((valuePaid * usdAmount) / order.usdAmount);
    const refund: RefundEntry = {
      refundNo: `R${order._id.slice(1)}${String(order.refunds.length + 1).padStart(2, '0')}`,
      amount,
      usdAmount,
      reason: 'requested',
      status: 'requested',
      createdAt: now,
      ...(refundTakesFromCard(order, 'requested') ? { cardDebit: 'pending' as const } : {}),
    };
    return this.models.Order.findOneAndUpdate(
      { _id: order._id, status: order.status, refunds: { $size: order.refunds.length } },
      { $set: { status: transition.status }, $push: { refunds: refund } },
      { returnDocument: 'after' },
    )
      .lean<OrderDoc>()
      .exec();
  }

  private async applyFailure(order: OrderDoc, notice: PaymentNotice, now: Date): Promise<ApplyOutcome> {
    if (order.status !== PayOrderStatus.pending) return { result: 'duplicate', order };
    const failed = await this.models.Order.findOneAndUpdate(
      { _id: order._id, status: PayOrderStatus.pending },
      {
        $set: { status: PayOrderStatus.failed, providerTradeNo: notice.providerTradeNo },
        ...pushEvents(
          outboxEvent(paymentFailedEvent, { ...eventFields(order), reason: notice.reason ?? 'channelFailed', failedAt: now.toISOString() }, now),
        ),
      },
      { returnDocument: 'after' },
    )
      .lean<OrderDoc>()
      .exec();
    if (failed) return { result: 'failed', order: failed };
    return { result: 'duplicate', order: (await this.byNo(order._id)) ?? order };
  }
}
