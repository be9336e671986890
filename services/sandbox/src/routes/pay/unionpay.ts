// UnionPay online gateway 5.1 under `/unionpay/gateway/api`: the browser's front form (verified,
// then redirected to the cashier page) and the server's back requests (refunds), signed forms.
import type { FastifyReply } from 'fastify';
import { signUnionPay, verifyUnionPay } from '@aipay/pay-protocols';
import type { SandboxApp } from '../../http.js';
import { DEFAULT_TTL_MS, fields, httpUrl, pageUrl, parseShanghaiTime, sendErrorPage, type PayContext } from './context.js';
import { UNIONPAY_ENV, unionPayKeys } from './keys.js';
import { shanghaiTime } from './trades.js';

const PREFIX = '/unionpay/gateway/api';
const WALLET = 'UnionPay';
const CURRENCIES: Record<string, string> = { '156': 'CNY', '344': 'HKD', '840': 'USD' };

/** Response codes the sandbox answers with (UnionPay 5.1 `respCode`). */
const RESP = {
  ok: ['00', 'success'],
  notConfigured: ['06', 'sandbox: UnionPay is not configured'],
  badFormat: ['30', '报文格式错误'],
  badSignature: ['11', '验证签名失败'],
  duplicate: ['12', '重复交易'],
  notFound: ['34', '查无此交易'],
  badState: ['35', '原交易状态不正确'],
  exceeds: ['36', '退货金额超限'],
} as const;

export function registerUnionPay(app: SandboxApp, context: PayContext): void {
  const { config, trades } = context;
  const keys = unionPayKeys(config);

  /** The browser's payment form: verify, open the trade, show the cashier page. */
  app.post(`${PREFIX}/frontTransReq.do`, { schema: { hide: true } }, async (request, reply) => {
    if (!keys) return sendErrorPage(reply, 400, WALLET, 'NOT_CONFIGURED', `sandbox: UnionPay is not configured (set ${UNIONPAY_ENV})`);
    const params = fields(request);
    if (params.merId !== keys.merId || !verifyUnionPay(params, keys.merchantPublicKey)) {
      request.log.warn('refused a UnionPay front request with a bad signature');
      return sendErrorPage(reply, 400, WALLET, 'ILLEGAL_SIGN', `[${RESP.badSignature[0]}] ${RESP.badSignature[1]}: the signature or merId does not match`);
    }
    const amount = /^\d{1,12}$/.test(params.txnAmt ?? '') ? Number(params.txnAmt) : 0;
    const currency = CURRENCIES[params.currencyCode ?? '156'];
    const notifyUrl = httpUrl(params.backUrl);
    const problem =
      params.txnType !== '01' ? 'txnType must be 01 (consumption)'
      : !params.orderId || !/^[0-9A-Za-z_-]{1,64}$/.test(params.orderId) ? 'orderId is missing or malformed'
      : amount <= 0 ? 'txnAmt must be a positive amount in fen'
      : !currency ? 'unknown currencyCode'
      : !notifyUrl ? 'backUrl must be an http(s) URL'
      : !/^\d{14}$/.test(params.txnTime ?? '') ? 'txnTime must be yyyyMMddHHmmss'
      : null;
    if (problem || !currency || !params.orderId) return sendErrorPage(reply, 400, WALLET, `RESP_${RESP.badFormat[0]}`, problem ?? '');
    const { trade, outcome } = await trades.open({
      protocol: 'unionpay',
      orderNo: params.orderId,
      amount,
      currency,
      notifyUrl,
      returnUrl: httpUrl(params.frontUrl),
      expiresAt: new Date(parseShanghaiTime(params.payTimeout) ?? Date.now() + DEFAULT_TTL_MS).toISOString(),
      extra: { txnTime: params.txnTime ?? '', channelType: params.channelType ?? '07' },
    });
    if (outcome === 'paid' || trade.amount !== amount) {
      return sendErrorPage(reply, 400, WALLET, `RESP_${RESP.duplicate[0]}`, `${RESP.duplicate[1]}: order ${params.orderId} is already paid or has another amount`);
    }
    return reply.redirect(pageUrl(context, trade.tradeId), 302);
  });

  /** The server's back requests: refunds (txnType 04), answered synchronously with a signed form. */
  app.post(`${PREFIX}/backTransReq.do`, { schema: { hide: true } }, async (request, reply) => {
    const params = fields(request);
    const respond = (resp: readonly [string, string], extra: Record<string, string> = {}) => {
      const answer: Record<string, string> = {
        version: params.version ?? '5.1.0',
        encoding: 'UTF-8',
        signMethod: '01',
        txnType: params.txnType ?? '',
        txnSubType: params.txnSubType ?? '',
        bizType: params.bizType ?? '000201',
        accessType: params.accessType ?? '0',
        merId: params.merId ?? '',
        orderId: params.orderId ?? '',
        txnTime: params.txnTime ?? '',
        ...extra,
        respCode: resp[0],
        respMsg: resp[1],
      };
      if (keys) answer.signature = signUnionPay(answer, keys.privateKey);
      return sendForm(reply, answer);
    };
    if (!keys) return respond([RESP.notConfigured[0], `${RESP.notConfigured[1]} (set ${UNIONPAY_ENV})`]);
    if (params.merId !== keys.merId || !verifyUnionPay(params, keys.merchantPublicKey)) return respond(RESP.badSignature);
    if (params.txnType !== '04') return respond([RESP.badFormat[0], `${RESP.badFormat[1]}: only txnType 04 (refund) is played`]);
    const amount = /^\d{1,12}$/.test(params.txnAmt ?? '') ? Number(params.txnAmt) : 0;
    if (!params.orderId || !params.origQryId || amount <= 0) return respond([RESP.badFormat[0], `${RESP.badFormat[1]}: orderId, origQryId, txnAmt`]);
    const trade = await trades.byProviderTradeNo('unionpay', params.origQryId);
    if (!trade) return respond(RESP.notFound);
    const outcome = await trades.refund(trade.tradeId, params.orderId, amount);
    if (!outcome) return respond(RESP.notFound);
    if (!outcome.ok) return respond(outcome.reason === 'notPaid' ? RESP.badState : outcome.reason === 'otherTrade' ? RESP.duplicate : RESP.exceeds);
    const { refund } = outcome;
    return respond(RESP.ok, {
      origQryId: trade.providerTradeNo,
      queryId: refund.refundId,
      txnAmt: String(refund.amount),
      currencyCode: '156',
      settleAmt: String(refund.amount),
      settleDate: shanghaiTime(Date.parse(refund.createdAt), 'compact').slice(4, 8),
    });
  });
}

function sendForm(reply: FastifyReply, params: Record<string, string>) {
  const present = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
  return reply.type('application/x-www-form-urlencoded; charset=UTF-8').send(new URLSearchParams(present).toString());
}
