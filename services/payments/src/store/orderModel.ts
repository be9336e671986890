// The pay order's document, the `orders` and `order_keys` schemas and models, and the order number.
// The store (orders.ts) changes orders; this file only says what one is.
import { randomInt } from 'node:crypto';
import { Schema, type Connection, type Model } from 'mongoose';
import { outboxFields, type OutboxDocument } from '@aipay/kit';
import { PayChannel, type Currency, type OrderType, type TransactionType } from '@aipay/contracts';
import type { PayOrderStatus } from '../domain/orderStatus.js';

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
  /** The provider's words on a failure (or the card's refusal: `insufficient`, `noCard`, `frozen`). */
  message?: string | null;
  /**
   * A refund the user asks for of a recharge (order types 0 and 13, not paid from a card balance)
   * first takes the money off the card the recharge credited (the card service's debit, keyed by the
   * refundNo, at least $1 kept): `pending` until the card answers, `done` once taken (only then is
   * the refund sent to the channel), `refused` when the card refused (the entry is failed). Null on
   * every other refund (other orders, balance payments, automatic late-payment refunds).
   */
  cardDebit?: 'pending' | 'done' | 'refused' | null;
  /**
   * The channel refused the refund after the card debit was done: the money goes back onto the card
   * (the card service's credit, keyed by the refundNo). `pending` while the order is still refunding,
   * `done` once credited, in the same update that returns the order to paid | partiallyRefunded.
   */
  cardCredit?: 'pending' | 'done' | null;
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
  /** The payer's wallet; null only on a balance payment (channel 5), which the schema enforces. */
  transactionType: TransactionType | null;
  /** The card a balance payment (channel 5) is debited from and its refunds credited to; null elsewhere. */
  cardId?: string | null;
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
    cardDebit: { type: String, default: null },
    cardCredit: { type: String, default: null },
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
    transactionType: {
      type: Number,
      default: null,
      required: [
        function (this: OrderDoc) {
          return this.channelType !== PayChannel.balance;
        },
        'transactionType is required except on a balance payment (channel 5)',
      ],
    },
    cardId: { type: String, default: null },
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
