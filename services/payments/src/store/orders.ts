// The `orders` collection (one document per pay order, _id = orderNo) and `order_keys` (the client
// request key → orderNo, the idempotency of creation). No transactions: every state change is ONE
// conditional single-document update that also pushes the order's outbox events.
import { randomInt } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKeyError, outboxEvent, outboxFields, pushEvents, type OutboxDocument } from '@aipay/kit';
import {
  paymentFailedEvent,
  paymentSucceededEvent,
  type Currency,
  type OrderType,
  type PayChannel,
  type TransactionType,
} from '@aipay/contracts';
import { nextPayOrderStatus, PayOrderStatus } from '../domain/orderStatus.js';

export interface RefundEntry {
  refundNo: string;
  /** Minor units of the pay currency. */
  amount: number;
  /** The refunded value in US cents. */
  usdAmount: number;
  /** `requested` (user) or `latePayment` (automatic). */
  reason: string;
  status: 'requested' | 'succeeded' | 'failed';
  createdAt: Date;
  /** When the provider's answer was applied (succeeded or failed). */
  settledAt?: Date | null;
  /** The provider's id of the refund, when it gives one. */
  providerRefundNo?: string | null;
  /** The provider's words on a failure. */
  message?: string | null;
}

export interface OrderDoc extends OutboxDocument {
  _id: string;
  userId: string;
  orderType: OrderType;
  businessRef: string;
  /** The order's price in minor units of `currency`. */
  amount: number;
  currency: Currency;
  /** The order's value in US cents (what a recharge credits). */
  usdAmount: number;
  /** Recharge fee in US cents, paid on top of usdAmount (0 for other orders). */
  feeAmount?: number;
  /** The fee's part of payAmount, minor units of payCurrency (never refunded to a user's request). */
  feePayAmount?: number;
  /** What the payer pays through the channel, minor units of `payCurrency`. */
  payAmount: number;
  payCurrency: Currency;
  channelType: PayChannel;
  transactionType: TransactionType;
  payPageType: number | null;
  status: PayOrderStatus;
  providerTradeNo: string | null;
  /** The provider's id of the trade created for the pay URL, kept for refunds (Stripe payment intent). */
  channelTradeRef: string | null;
  expireAt: Date;
  paidAt: Date | null;
  closedAt: Date | null;
  refunds: RefundEntry[];
  /** A recharge over the unverified monthly limit waits for face verification (no pay URL until lifted). */
  identityHold?: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface OrderKeyDoc {
  /** `${userId}:${requestKey}`. */
  _id: string;
  orderNo: string;
  createdAt: Date;
}

const refundSchema = new Schema<RefundEntry>(
  {
    refundNo: { type: String, required: true },
    amount: { type: Number, required: true },
    usdAmount: { type: Number, required: true },
    reason: { type: String, required: true },
    status: { type: String, required: true },
    createdAt: { type: Date, required: true },
    settledAt: { type: Date, default: null },
    providerRefundNo: { type: String, default: null },
    message: { type: String, default: null },
  },
  { _id: false },
);

const orderSchema = new Schema<OrderDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    orderType: { type: Number, required: true },
    businessRef: { type: String, required: true },
    amount: { type: Number, required: true },
    currency: { type: Number, required: true },
    usdAmount: { type: Number, required: true },
    feeAmount: { type: Number, default: 0 },
    feePayAmount: { type: Number, default: 0 },
    payAmount: { type: Number, required: true },
    payCurrency: { type: Number, required: true },
    channelType: { type: Number, required: true },
    transactionType: { type: Number, required: true },
    payPageType: { type: Number, default: null },
    status: { type: String, required: true },
    providerTradeNo: { type: String, default: null },
    channelTradeRef: { type: String, default: null },
    expireAt: { type: Date, required: true },
    paidAt: { type: Date, default: null },
    closedAt: { type: Date, default: null },
    refunds: { type: [refundSchema], default: [] },
    identityHold: { type: Boolean, default: false },
    ...outboxFields,
  },
  { collection: 'orders', timestamps: true, versionKey: false, minimize: false },
);
// The expiry sweep's query (plain compound index: the store has no partial indexes).
orderSchema.index({ status: 1, expireAt: 1 });

const orderKeySchema = new Schema<OrderKeyDoc>(
  {
    _id: { type: String, required: true },
    orderNo: { type: String, required: true },
    createdAt: { type: Date, default: () => new Date() },
  },
  { collection: 'order_keys', versionKey: false },
);

export interface OrderModels {
  Order: Model<OrderDoc>;
  OrderKey: Model<OrderKeyDoc>;
}

export function createOrderModels(connection: Connection): OrderModels {
  return {
    Order: (connection.models.Order as Model<OrderDoc> | undefined) ?? connection.model<OrderDoc>('Order', orderSchema),
    OrderKey: (connection.models.OrderKey as Model<OrderKeyDoc> | undefined) ?? connection.model<OrderKeyDoc>('OrderKey', orderKeySchema),
  };
}

/** `P` + yyyymmdd (UTC) + 10 random digits. */
export function newOrderNo(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const random = `${String(randomInt(0, 100_000)).padStart(5, '0')}${String(randomInt(0, 100_000)).padStart(5, '0')}`;
  return `P${day}${random}`;
}

export type NewOrder = Omit<
  OrderDoc,
  '_id' | 'status' | 'providerTradeNo' | 'channelTradeRef' | 'paidAt' | 'closedAt' | 'refunds' | 'createdAt' | 'updatedAt' | keyof OutboxDocument
>;

/** A provider's word on a payment, after its signature was verified. */
export interface PaymentNotice {
  orderNo: string;
  providerTradeNo: string;
  paid: boolean;
  /** Minor units of the order's pay currency. */
  amount: number;
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

const MONEY_HELD: readonly PayOrderStatus[] = [
  PayOrderStatus.paid,
  PayOrderStatus.refunding,
  PayOrderStatus.partiallyRefunded,
  PayOrderStatus.refunded,
];

export class OrderStore {
  constructor(readonly models: OrderModels) {}

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

  /** Closes the order if it is still pending past expireAt (with a payment.failed event); answers the current order. */
  async closeIfExpired(orderNo: string, now = new Date()): Promise<OrderDoc | null> {
    const order = await this.byNo(orderNo);
    if (!order || order.status !== PayOrderStatus.pending || order.expireAt > now) return order;
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

  /** The sweep: closes every pending order past expireAt, one conditional update each; answers how many. */
  async closeExpired(now = new Date(), limit = 500): Promise<number> {
    const due = await this.models.Order.find({ status: PayOrderStatus.pending, expireAt: { $lte: now } }, { _id: 1 })
      .limit(limit)
      .lean<{ _id: string }[]>()
      .exec();
    let closed = 0;
    for (const { _id } of due) {
      const after = await this.closeIfExpired(_id, now);
      if (after?.status === PayOrderStatus.closed && after.closedAt?.getTime() === now.getTime()) closed += 1;
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

    const paid = await this.models.Order.findOneAndUpdate(
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
      const current = await this.byNo(order._id);
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
   * when the order moved meanwhile. `usdAmount` was checked by the caller (checkRefund).
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
    const failed = await this.models.Order.findOneAndUpdate(
      { _id: order._id, status: PayOrderStatus.pending },
      {
        $set: { status: PayOrderStatus.failed, providerTradeNo: notice.providerTradeNo },
        ...pushEvents(outboxEvent(paymentFailedEvent, { ...eventFields(order), reason: 'channelFailed', failedAt: now.toISOString() }, now)),
      },
      { returnDocument: 'after' },
    )
      .lean<OrderDoc>()
      .exec();
    if (failed) return { result: 'failed', order: failed };
    return { result: 'duplicate', order: (await this.byNo(order._id)) ?? order };
  }
}
