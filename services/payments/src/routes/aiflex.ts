// The flex client's payment calls (002 §7 "Flex products and orders"): POST /aiflex/payParam
// {order_id} answers exactly what POST /v1/pay/payUrl answers for that orderNo (its handler is
// reused, see extraOrder.ts), POST /aiflex/payStatus {order_id} the order's pay and order status.
// The gateway sends these two paths here and the rest of /aiflex to the flex service.
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '@aipay/kit';
import { ok } from '@aipay/contracts';
import { ownOrder, type Ctx } from '../context.js';
import { lateMoneyReturned, orderStatusOf, payStatusOf } from '../domain/orderStatus.js';
import type { RouteCapture } from './extraOrder.js';

/** Optional like payUrl's orderNo: a missing one gets payUrl's 3014 "missing parameters". */
const payParamBody = z.object({ order_id: z.string().trim().max(32).optional() }).nullish();
const payStatusBody = z.object({ order_id: z.string().trim().min(1).max(32) });

type Hook = (request: FastifyRequest, reply: FastifyReply) => unknown;
const list = (hooks: unknown): Hook[] => (hooks === undefined ? [] : ([hooks].flat() as Hook[]));

export function aiflexRoutes(app: AppInstance, ctx: Ctx, capture: RouteCapture): void {
  const payUrl = capture.get('POST /v1/pay/payUrl');
  // After our validation, the body becomes payUrl's {orderNo}; then payUrl's own hooks and handler.
  const asPayUrlBody: Hook = async (request) => {
    const orderNo = (request.body as z.infer<typeof payParamBody>)?.order_id;
    request.body = orderNo ? { orderNo } : {};
  };
  app.route({
    method: 'POST',
    url: '/aiflex/payParam',
    schema: { body: payParamBody },
    onRequest: payUrl.onRequest,
    preHandler: [asPayUrlBody, ...list(payUrl.preValidation), ...list(payUrl.preHandler)],
    handler: payUrl.handler,
  } as RouteOptions);

  app.post('/aiflex/payStatus', { onRequest: app.authenticate, schema: { body: payStatusBody } }, async (request) => {
    const order = await ownOrder(ctx, request, request.body.order_id);
    const late = lateMoneyReturned(order);
    return ok({ order_id: order._id, payStatus: payStatusOf(order.status, late), orderStatus: orderStatusOf(order.status, late) });
  });
}
