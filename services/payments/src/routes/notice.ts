// What the pay-notice page shows for an order (POST /v1/pay/notice, 001 §7), the seeds'
// transaction status of an order (POST /v1/pay/transactionStatus, 001 §4 "Transaction status
// polling"), and the "extra order" variant of the transaction check (path ours: the seeds name the
// call without a path).
import { z } from 'zod';
import type { AppInstance } from '@aipay/kit';
import { ok } from '@aipay/contracts';
import { ownOrder, type Ctx } from '../context.js';
import { transactionStatusOf } from '../domain/limits.js';
import { orderStatusOf, payStatusOf, PayOrderStatus, lateMoneyReturned } from '../domain/orderStatus.js';
import type { OrderDoc } from '../store/orders.js';

export const orderNoBody = z.object({ orderNo: z.string().trim().min(1).max(32) });

/** Seconds the order can still be paid: 0 once expired or no longer pending. */
export function secondsLeft(order: OrderDoc, now = Date.now()): number {
  if (order.status !== PayOrderStatus.pending) return 0;
  return Math.max(0, Math.floor((order.expireAt.getTime() - now) / 1000));
}

/** The pay-notice view of an order. */
export function noticeView(order: OrderDoc, now = Date.now()) {
  return {
    orderNo: order._id,
    orderType: order.orderType,
    amount: order.amount,
    currency: order.currency,
    usdAmount: order.usdAmount,
    payAmount: order.payAmount,
    payCurrency: order.payCurrency,
    channelType: order.channelType,
    transactionType: order.transactionType,
    payStatus: payStatusOf(order.status, lateMoneyReturned(order)),
    orderStatus: orderStatusOf(order.status, lateMoneyReturned(order)),
    timeExpireTime: secondsLeft(order, now),
    identityHold: order.identityHold === true,
  };
}

export function noticeRoutes(app: AppInstance, ctx: Ctx): void {
  const auth = { onRequest: app.authenticate };

  app.post('/v1/pay/notice', { ...auth, schema: { body: orderNoBody } }, async (request) => {
    return ok(noticeView(await ownOrder(ctx, request, request.body.orderNo)));
  });

  // 0 unhandled (not paid), 1 handling (paid; done once the fulfilling service confirms, which
  // arrives with that service), 3 failed (failed or closed). See transactionStatusOf.
  for (const url of ['/v1/pay/transactionStatus', '/v1/pay/extraOrder/transactionStatus']) {
    app.post(url, { ...auth, schema: { body: orderNoBody } }, async (request) => {
      const order = await ownOrder(ctx, request, request.body.orderNo);
      return ok({ orderNo: order._id, transactionStatus: transactionStatusOf(order.status, false, lateMoneyReturned(order)) });
    });
  }
}
