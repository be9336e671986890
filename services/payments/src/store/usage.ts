// Reads over a user's orders for the limits (this month's paid recharges, in total and per channel),
// the "same flex package already held" check, the request-key lookup, and lifting the identity hold
// of a recharge (one conditional update). Sums are computed here from a projection: the store's
// aggregation support is not relied on.
import { OrderType, type PayChannel } from '@aipay/contracts';
import { countedAmount, flexHeldSince, FLEX_HOLDING, MONEY_ARRIVED, shanghaiMonth } from '../domain/limits.js';
import { PayOrderStatus } from '../domain/orderStatus.js';
import type { OrderDoc, OrderKeyDoc, OrderModels } from './orders.js';

export interface MonthlyRecharges {
  /** US cents counted this month (Beijing time) over every channel. */
  total: number;
  /** The same per channel (for the channel's monthly top-up limit). */
  byChannel: Partial<Record<PayChannel, number>>;
}

type CountedFields = Pick<OrderDoc, 'usdAmount' | 'refunds' | 'channelType'>;

export class UsageStore {
  constructor(private readonly models: OrderModels) {}

  /** Recharges (type 0) whose money arrived in the calendar month of `now`, minus what went back. */
  async monthlyRecharges(userId: string, now = new Date()): Promise<MonthlyRecharges> {
    const { start, end } = shanghaiMonth(now);
    const orders = await this.models.Order.find(
      { userId, orderType: OrderType.recharge, status: { $in: MONEY_ARRIVED }, paidAt: { $gte: start, $lt: end } },
      { usdAmount: 1, refunds: 1, channelType: 1 },
    )
      .lean<CountedFields[]>()
      .exec();
    const result: MonthlyRecharges = { total: 0, byChannel: {} };
    for (const order of orders) {
      const counted = countedAmount(order);
      result.total += counted;
      result.byChannel[order.channelType] = (result.byChannel[order.channelType] ?? 0) + counted;
    }
    return result;
  }

  /** A flex order of the user that still holds the package `businessRef` (interim 1001 rule), or null. */
  async flexPackageHeld(userId: string, businessRef: string, now = new Date()): Promise<OrderDoc | null> {
    return this.models.Order.findOne({
      userId,
      orderType: OrderType.flex,
      businessRef,
      $or: [
        { status: PayOrderStatus.pending, expireAt: { $gt: now } },
        { status: { $in: FLEX_HOLDING }, paidAt: { $gte: flexHeldSince(now) } },
      ],
    })
      .lean<OrderDoc>()
      .exec();
  }

  /** The order created earlier for this request key, if any (a replay answers it unchanged). */
  async byRequestKey(userId: string, requestKey: string): Promise<OrderDoc | null> {
    const key = await this.models.OrderKey.findById(`${userId}:${requestKey}`).lean<OrderKeyDoc>().exec();
    if (!key) return null;
    return this.models.Order.findById(key.orderNo).lean<OrderDoc>().exec();
  }

  /**
   * Lifts the identity hold of a pending, unexpired recharge in one conditional update and gives it
   * a fresh payment window (`ttlSeconds` from now: no pay URL was handed out while it was held).
   * Null when the order is no longer held, pending or unexpired.
   */
  async liftHold(orderNo: string, userId: string, ttlSeconds: number, now = new Date()): Promise<OrderDoc | null> {
    return this.models.Order.findOneAndUpdate(
      { _id: orderNo, userId, orderType: OrderType.recharge, status: PayOrderStatus.pending, identityHold: true, expireAt: { $gt: now } },
      { $set: { identityHold: false, expireAt: new Date(now.getTime() + ttlSeconds * 1000) } },
      { returnDocument: 'after' },
    )
      .lean<OrderDoc>()
      .exec();
  }
}
