// Provider notifications (no login): POST /v1/pay/notify/:channel. The body is kept raw (the
// signatures cover the exact bytes), verified, read, and applied at most once by the order store.
// Each provider gets the answer it expects; a refusal makes it deliver again later. A late payment
// (auto-refund recorded) is sent back to the channel right away (src/refunds.ts).
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '@aipay/kit';
import { verifyUnionPay } from '@aipay/pay-protocols';
import { NOTIFY_CHANNELS, readNotification, type NotifyChannel } from '../adapters/notices.js';
import type { Ctx } from '../context.js';

function answer(reply: FastifyReply, channel: NotifyChannel, accepted: boolean, message = 'refused'): FastifyReply {
  switch (channel) {
    case 'alipay':
    case 'alipayhk':
      return reply.status(200).type('text/plain').send(accepted ? 'success' : 'failure');
    case 'wechat':
      return accepted
        ? reply.status(200).send({ code: 'SUCCESS', message: 'success' })
        : reply.status(400).send({ code: 'FAIL', message });
    case 'stripe':
      return reply.status(accepted ? 200 : 400).send({ received: accepted });
    case 'unionpay':
      return reply.status(accepted ? 200 : 400).type('text/plain').send(accepted ? 'ok' : 'fail');
  }
}

export async function notifyRoutes(app: AppInstance, ctx: Ctx): Promise<void> {
  await app.register(async (scope) => {
    // Only in this scope: every body arrives as the raw text the provider signed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    for (const channel of NOTIFY_CHANNELS) {
      scope.post(`/v1/pay/notify/${channel}`, { schema: { hide: true } }, async (request, reply) => {
        const body = typeof request.body === 'string' ? request.body : '';
        const reading = readNotification(channel, ctx.config, {
          body,
          headers: request.headers,
          nowSeconds: Math.floor(Date.now() / 1000),
        });
        if (!reading.ok) {
          if (reading.reason === 'ignored') return answer(reply, channel, true);
          request.log.warn({ channel, reason: reading.reason }, 'payment notification refused');
          return answer(reply, channel, false, reading.reason);
        }
        const { notice } = reading;
        const outcome = await ctx.orders.applyNotice(notice);
        const log = { channel, orderNo: notice.orderNo, providerTradeNo: notice.providerTradeNo, result: outcome.result };
        switch (outcome.result) {
          case 'paid':
          case 'failed':
            ctx.eventsStored();
            request.log.info(log, 'payment notification applied');
            return answer(reply, channel, true);
          case 'duplicate':
            request.log.info(log, 'payment notification already applied');
            return answer(reply, channel, true);
          case 'latePayment':
            request.log.warn(log, 'payment after the order closed: auto-refund requested');
            ctx.refunds.kick(notice.orderNo);
            return answer(reply, channel, true);
          case 'secondPayment':
            request.log.error({ ...log, storedTradeNo: outcome.order.providerTradeNo }, 'order paid twice: return the second payment by hand');
            return answer(reply, channel, true);
          case 'amountMismatch':
            request.log.error({ ...log, notified: notice.amount, expected: outcome.order.payAmount }, 'payment amount does not match the order');
            return answer(reply, channel, false, 'amount mismatch');
          case 'unknownOrder':
            request.log.warn(log, 'payment notification for an unknown order');
            return answer(reply, channel, false, 'unknown order');
        }
      });
    }

    // UnionPay reports a refund's result to the refund's backUrl. The synchronous answer (or the
    // sweep) decides; a verified report only wakes the executor for the order
    // (refundNo = `R` + the orderNo's digits [+ 2 digits], store/orders.ts).
    scope.post('/v1/pay/notify/unionpay/refund', { schema: { hide: true } }, async (request, reply) => {
      const params = Object.fromEntries(new URLSearchParams(typeof request.body === 'string' ? request.body : ''));
      const key = ctx.config.UNIONPAY_PUBLIC_KEY;
      if (!key || !params.signature || !verifyUnionPay(params, key)) {
        request.log.warn({ channel: 'unionpay' }, 'refund notification refused');
        return reply.status(400).type('text/plain').send('fail');
      }
      const refundNo = params.orderId ?? '';
      request.log.info({ refundNo, respCode: params.respCode, queryId: params.queryId }, 'UnionPay refund notification');
      if (/^R\d{18}(\d{2})?$/.test(refundNo)) ctx.refunds.kick(`P${refundNo.slice(1, 19)}`);
      return reply.status(200).type('text/plain').send('ok');
    });
  });
}
