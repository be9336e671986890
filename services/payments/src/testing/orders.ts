// Test helpers for orders in a given state, written straight into the store (the limits read what
// is stored; how an order got there is tested with the notifications).
import { randomBytes } from 'node:crypto';
import type { OrderDoc } from '../store/orders.js';
import type { Harness } from './harness.js';

let counter = 0;

/** Inserts an order of the user; a paid recharge of $50 on channel 6 unless told otherwise. */
export async function insertOrder(h: Harness, userId: string, fields: Partial<OrderDoc> = {}): Promise<OrderDoc> {
  counter += 1;
  const now = new Date();
  const usdAmount = fields.usdAmount ?? 5_000;
  const doc = {
    _id: `P${now.toISOString().slice(0, 10).replaceAll('-', '')}9${randomBytes(4).readUInt32BE(0).toString().padStart(9, '0').slice(0, 9)}`,
    userId,
    orderType: 0,
    businessRef: `card-${counter}`,
    amount: usdAmount,
    currency: 2,
    usdAmount,
    payAmount: Math.ceil(usdAmount * 7.2),
    payCurrency: 1,
    channelType: 6,
    transactionType: 1,
    payPageType: null,
    status: 'paid',
    providerTradeNo: `T${counter}`,
    expireAt: new Date(now.getTime() + 900_000),
    paidAt: now,
    closedAt: null,
    refunds: [],
    ...fields,
  };
  await h.app.ctx.orders.models.Order.create(doc as Partial<OrderDoc>);
  return (await h.app.ctx.orders.byNo(doc._id))!;
}
