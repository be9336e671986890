// Face verification for a recharge over the unverified monthly limit (001 §4 "Identity
// verification", §6; 002 §7 "Payment (shared)"): start it, read its status (both through identity's
// internal API), and lift the hold of a held recharge once the user is verified.
import { z } from 'zod';
import { appError, type AppInstance } from '@aipay/kit';
import { OrderType, ok } from '@aipay/contracts';
import { invalidField, ownOrder, type Ctx } from '../context.js';
import { orderStatusOf, PayOrderStatus } from '../domain/orderStatus.js';
import type { OrderDoc } from '../store/orders.js';
import { noticeView, orderNoBody } from './notice.js';
import { assertNotHeld, checkRecharge } from './orderRules.js';

const verifyBody = z.object({ returnUrl: z.url({ protocol: /^https?$/ }).max(2000) });

/** The order as payOrder answers it, plus the notice fields (timeExpireTime, identityHold). */
function orderAnswer(order: OrderDoc) {
  return { ...noticeView(order), businessRef: order.businessRef, expireAt: order.expireAt.toISOString() };
}

function notHeldAnymore(order: OrderDoc) {
  return appError('CONFLICT', { data: { orderNo: order._id, orderStatus: orderStatusOf(order.status), reason: 'notHeld' } });
}

export function identityVerifyRoutes(app: AppInstance, ctx: Ctx): void {
  const auth = { onRequest: app.authenticate };

  app.post('/v1/pay/identityVerify', { ...auth, schema: { body: verifyBody } }, async (request) => {
    // Only back to our own web client: the provider must not become an open redirect.
    if (new URL(request.body.returnUrl).origin !== new URL(ctx.config.PUBLIC_WEB_URL).origin) throw invalidField('returnUrl', request.language);
    return ok(await ctx.identity.startVerify(request.user.sub, request.body.returnUrl));
  });

  app.get('/v1/pay/identityStatus', auth, async (request) => {
    return ok(await ctx.identity.verifyStatus(request.user.sub));
  });

  // Lifts the hold once the user is verified and the verified limit still allows the amount (one
  // conditional update, so concurrent calls lift it once); a repeated call after the lift answers
  // the order again. Not verified yet → 2112 again.
  app.post('/v1/pay/rechargeIdentity', { ...auth, schema: { body: orderNoBody } }, async (request) => {
    const order = await ownOrder(ctx, request, request.body.orderNo);
    if (order.orderType !== OrderType.recharge) throw invalidField('orderNo', request.language);
    if (order.status !== PayOrderStatus.pending) throw notHeldAnymore(order);
    if (!order.identityHold) return ok(orderAnswer(order));
    const state = await ctx.identity.verifyStatus(order.userId);
    if (!state.verified) assertNotHeld(order, request.language);
    const usage = await ctx.usage.monthlyRecharges(order.userId);
    checkRecharge(ctx, { usdAmount: order.usdAmount, channelType: order.channelType, verified: true }, usage);
    const lifted = await ctx.usage.liftHold(order._id, order.userId, ctx.config.ORDER_TTL_SECONDS);
    if (lifted) return ok(orderAnswer(lifted));
    const current = await ownOrder(ctx, request, order._id);
    if (current.status === PayOrderStatus.pending && !current.identityHold) return ok(orderAnswer(current));
    throw notHeldAnymore(current);
  });
}
