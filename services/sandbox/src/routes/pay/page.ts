// The hosted cashier page of every trade and the test / operator API behind its buttons.
import { z } from 'zod';
import { appError } from '@aipay/kit';
import type { SandboxApp } from '../../http.js';
import { sendPage } from '../../pages.js';
import { pageUrl, sendErrorPage, type PayContext } from './context.js';
import { cashierPage } from './pageHtml.js';
import type { SettleRefusal, Trade } from './trades.js';

export type PayAction = 'pay' | 'fail' | 'expire';
const TARGET = { pay: 'paid', fail: 'failed', expire: 'expired' } as const;

const params = z.object({ tradeId: z.string().min(1).max(100) });
const actionParams = params.extend({ action: z.enum(['pay', 'fail', 'expire']) });
const pageBody = z.object({ action: z.enum(['pay', 'fail', 'expire']) });
const actionBody = z.object({ force: z.boolean().optional() }).nullish();
const notifyBody = z.object({ copies: z.number().int().min(1).max(20).optional() }).nullish();
const listQuery = z.object({ orderNo: z.string().min(1).max(128).optional(), limit: z.coerce.number().int().min(1).max(200).default(50) });

const REFUSALS: Record<Exclude<SettleRefusal, 'notFound'>, string> = {
  expired: 'This trade has expired: it can no longer be paid or failed.',
  finished: 'This trade is already finished.',
};

/** Ends a trade the way a button does; a paid or failed trade is then notified. */
export async function finishTrade(context: PayContext, tradeId: string, action: PayAction, force = false) {
  const outcome = await context.trades.settle(tradeId, TARGET[action], force);
  if (outcome.ok && outcome.trade.status !== 'expired') context.notifier.announce(outcome.trade);
  return outcome;
}

function view(context: PayContext, trade: Trade) {
  return { ...trade, pageUrl: pageUrl(context, trade.tradeId) };
}

export function registerPayPage(app: SandboxApp, context: PayContext): void {
  const { trades, notifier } = context;
  const notFound = (reply: Parameters<typeof sendErrorPage>[0]) =>
    sendErrorPage(reply, 404, 'Sandbox', 'TRADE_NOT_EXIST', 'This trade is unknown or has expired (trades live 24 hours).');

  app.get('/pay/page/:tradeId', { schema: { params, hide: true } }, async (request, reply) => {
    const trade = await trades.get(request.params.tradeId);
    if (!trade) return notFound(reply);
    return sendPage(reply, 200, (nonce) => cashierPage(trade, nonce));
  });

  // The buttons: plain forms posting here, answered with the page in its new state.
  app.post('/pay/page/:tradeId', { schema: { params, body: pageBody, hide: true } }, async (request, reply) => {
    const outcome = await finishTrade(context, request.params.tradeId, request.body.action);
    if (outcome.ok) return sendPage(reply, 200, (nonce) => cashierPage(outcome.trade, nonce));
    if (outcome.reason === 'notFound') return notFound(reply);
    return sendPage(reply, 409, (nonce) => cashierPage(outcome.trade, nonce, REFUSALS[outcome.reason]));
  });

  app.get('/pay/trades', { schema: { querystring: listQuery } }, async (request) => {
    const list = await trades.list(request.query.orderNo, request.query.limit);
    return { code: 200, msg: 'success', data: list.map((trade) => view(context, trade)) };
  });

  app.get('/pay/trades/:tradeId', { schema: { params } }, async (request) => {
    const trade = await trades.get(request.params.tradeId);
    if (!trade) throw appError('NOT_FOUND');
    return { code: 200, msg: 'success', data: view(context, trade) };
  });

  // `force` pays a trade that has expired or failed: money that arrives late.
  app.post('/pay/trades/:tradeId/:action', { schema: { params: actionParams, body: actionBody } }, async (request) => {
    const { tradeId, action } = request.params;
    const outcome = await finishTrade(context, tradeId, action, request.body?.force ?? false);
    if (outcome.ok) return { code: 200, msg: 'success', data: view(context, outcome.trade) };
    if (outcome.reason === 'notFound') throw appError('NOT_FOUND');
    throw appError('CONFLICT', { msg: `sandbox: ${REFUSALS[outcome.reason]}`, data: { tradeId, status: outcome.trade.status } });
  });

  app.post('/pay/trades/:tradeId/notify', { schema: { params, body: notifyBody } }, async (request) => {
    const trade = await trades.get(request.params.tradeId);
    if (!trade) throw appError('NOT_FOUND');
    if (trade.status !== 'paid' && trade.status !== 'failed') {
      throw appError('CONFLICT', { msg: 'sandbox: nothing to notify before the trade is paid or failed', data: { tradeId: trade.tradeId, status: trade.status } });
    }
    const copies = request.body?.copies ?? 1;
    notifier.resend(trade, copies);
    return { code: 200, msg: 'success', data: { tradeId: trade.tradeId, status: trade.status, copies } };
  });
}
