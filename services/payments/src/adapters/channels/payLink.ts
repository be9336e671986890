// The pay URL of an order (`/v1/pay/payUrl`): the trade created at the order's channel.
//
// Asked twice, the same order never becomes two payable trades: every call sends the same
// merchant order number (Alipay/WeChat `out_trade_no`, UnionPay `orderId` + the order's txnTime,
// Stripe `client_reference_id` plus `Idempotency-Key: checkout-{orderNo}`), and the providers
// keep one trade per merchant order number: a repeat answers that trade again (or is refused,
// e.g. WeChat when the wallet page type changed), and a trade already paid cannot be paid again.
// A second payment that still arrives under another trade number is logged as `secondPayment`.
import type { FastifyRequest } from 'fastify';
import { appError } from '@aipay/kit';
import { ClientType, ERRORS, PAY_CHANNEL_LABELS, PayPageType } from '@aipay/contracts';
import { clientTypeOf, type Ctx } from '../../context.js';
import type { OrderDoc } from '../../store/orders.js';
import { ChannelError, protocolOf } from './index.js';

/** The page type chosen at order creation wins over the request's clientType header. */
export function payClientType(order: Pick<OrderDoc, 'payPageType'>, request: FastifyRequest): ClientType {
  if (order.payPageType === PayPageType.qrCode) return ClientType.desktop;
  if (order.payPageType === PayPageType.h5) return ClientType.mobile;
  return clientTypeOf(request);
}

/** `{payUrl}` or `{payHtml}`; a provider error or timeout is PAY_LINK_FAILED naming the channel. */
export async function createPayLink(ctx: Ctx, request: FastifyRequest, order: OrderDoc): Promise<{ payUrl?: string; payHtml?: string }> {
  const protocol = protocolOf(order.channelType, order.transactionType);
  try {
    const trade = await ctx.channels.adapter(protocol).createTrade({
      order,
      clientType: payClientType(order, request),
      notifyUrl: `${ctx.config.NOTIFY_BASE_URL}/v1/pay/notify/${protocol}`,
      returnUrl: `${ctx.config.PUBLIC_WEB_URL}/pay-result?orderNo=${encodeURIComponent(order._id)}&redirect=1`,
      clientIp: request.ip,
    });
    if (trade.tradeRef && trade.tradeRef !== order.channelTradeRef) await ctx.orders.recordTrade(order._id, trade.tradeRef);
    return trade.payHtml !== undefined ? { payHtml: trade.payHtml } : { payUrl: trade.payUrl };
  } catch (error) {
    if (!(error instanceof ChannelError)) throw error;
    request.log.warn({ err: error, orderNo: order._id, protocol, reason: error.reason }, 'pay link: the channel failed');
    const channel = PAY_CHANNEL_LABELS[order.channelType][request.language];
    throw appError('PAY_LINK_FAILED', {
      data: { orderNo: order._id, channelType: order.channelType, transactionType: order.transactionType, channel, reason: error.reason },
      msg: `${ERRORS.PAY_LINK_FAILED[request.language]}: ${channel}`,
    });
  }
}
