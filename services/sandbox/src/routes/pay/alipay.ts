// Alipay and AlipayHK open-platform gateway (`gateway.do`): RSA2-signed requests from the
// merchant, answers signed over the exact text of their `..._response` node.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { alipaySigningString, rsa2Sign, rsa2Verify } from '@aipay/pay-protocols';
import type { SandboxApp } from '../../http.js';
import { DEFAULT_TTL_MS, fields, httpUrl, minorFromMajor, pageUrl, parseShanghaiTime, sendErrorPage, type PayContext } from './context.js';
import { alipayKeys, type AlipayKeys } from './keys.js';
import { yuan } from './notices.js';
import { WALLET_NAMES } from './pageHtml.js';
import { refunded, shanghaiTime, type Trade } from './trades.js';

type AlipayProtocol = 'alipay' | 'alipayhk';
type Node = Record<string, string>;

const PRECREATE = 'alipay.trade.precreate';
const REFUND = 'alipay.trade.refund';
/** Methods the browser submits: answered with pages and redirects, never JSON. */
const BROWSER_METHODS = new Set(['alipay.trade.wap.pay', 'alipay.trade.page.pay']);
const SERVER_METHODS = new Set([PRECREATE, REFUND]);

const invalidArguments = (subCode: string, subMsg: string): Node => ({ code: '40002', msg: 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg });
const businessFailed = (subCode: string, subMsg: string): Node => ({ code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });

/** `15m`, `2h`, `1d`, `1c` (the end of today) or an absolute `time_expire`. */
export function alipayExpiry(biz: Record<string, unknown>, now = Date.now()): number {
  const absolute = parseShanghaiTime(typeof biz.time_expire === 'string' ? biz.time_expire : undefined);
  if (absolute) return absolute;
  const match = typeof biz.timeout_express === 'string' ? /^(\d+)([mhdc])$/.exec(biz.timeout_express) : null;
  if (!match) return now + DEFAULT_TTL_MS;
  const count = Number(match[1]);
  if (match[2] === 'c') return (parseShanghaiTime(`${shanghaiTime(now).slice(0, 10)} 23:59:59`) ?? now) + 1000;
  return now + count * { m: 60_000, h: 3600_000, d: 86_400_000 }[match[2] as 'm' | 'h' | 'd'];
}

/** Why a request cannot be trusted, or null when its app_id and RSA2 signature check out. */
function verificationProblem(params: Record<string, string>, keys: AlipayKeys): Node | null {
  if (!params.sign) return invalidArguments('isv.missing-signature', '缺少签名参数');
  if (params.app_id !== keys.appId) return invalidArguments('isv.invalid-app-id', '无效的AppID参数');
  if (params.sign_type && params.sign_type !== 'RSA2') return invalidArguments('isv.invalid-signature-type', '无效的签名类型');
  if (!rsa2Verify(alipaySigningString(params, 'request'), params.sign, keys.merchantPublicKey)) {
    return invalidArguments('isv.invalid-signature', '验签出错');
  }
  return null;
}

function parseBiz(text: string | undefined): Record<string, unknown> | null {
  try {
    const biz: unknown = JSON.parse(text ?? '');
    return biz && typeof biz === 'object' && !Array.isArray(biz) ? (biz as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

export function registerAlipay(app: SandboxApp, context: PayContext, protocol: AlipayProtocol): void {
  const { config, trades } = context;
  const wallet = WALLET_NAMES[protocol];

  /** `{"<method>_response":<node>,"sign":"..."}`, the sign over the node's exact text. */
  function answer(reply: FastifyReply, method: string | undefined, node: Node, keys: AlipayKeys | null) {
    const name = method && SERVER_METHODS.has(method) ? `${method.replaceAll('.', '_')}_response` : 'error_response';
    const text = JSON.stringify(node);
    const body = keys ? `{"${name}":${text},"sign":${JSON.stringify(rsa2Sign(text, keys.privateKey))}}` : `{"${name}":${text}}`;
    return reply.type('application/json; charset=utf-8').send(body);
  }

  /** Opens (or finds again) the order's trade; a node when the order cannot be paid here. */
  async function open(biz: Record<string, unknown>, params: Record<string, string>): Promise<{ trade: Trade } | { error: Node }> {
    const orderNo = str(biz.out_trade_no);
    const amount = minorFromMajor(str(biz.total_amount));
    const subject = str(biz.subject);
    if (!orderNo || orderNo.length > 64) return { error: invalidArguments('isv.missing-out-trade-no', '缺少或无效的参数 out_trade_no') };
    if (amount === null) return { error: invalidArguments('isv.invalid-total-amount', '无效的参数 total_amount') };
    if (!subject) return { error: invalidArguments('isv.missing-subject', '缺少参数 subject') };
    const currency = str(biz.trans_currency) ?? str(biz.currency) ?? (protocol === 'alipayhk' ? 'HKD' : 'CNY');
    const { trade, outcome } = await trades.open({
      protocol,
      orderNo,
      amount,
      currency,
      subject,
      notifyUrl: httpUrl(params.notify_url),
      returnUrl: httpUrl(params.return_url),
      expiresAt: new Date(alipayExpiry(biz)).toISOString(),
      extra: {},
    });
    if (outcome === 'paid') return { error: businessFailed('ACQ.TRADE_HAS_SUCCESS', '交易已被支付') };
    if (trade.amount !== amount || trade.currency !== currency) return { error: businessFailed('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改') };
    return { trade };
  }

  async function refund(biz: Record<string, unknown>): Promise<Node> {
    const orderNo = str(biz.out_trade_no);
    const tradeNo = str(biz.trade_no);
    const amount = minorFromMajor(str(biz.refund_amount));
    if (!orderNo && !tradeNo) return invalidArguments('isv.missing-out-trade-no', '缺少参数 out_trade_no 或 trade_no');
    if (amount === null) return invalidArguments('isv.invalid-refund-amount', '无效的参数 refund_amount');
    const trade = tradeNo ? await trades.byProviderTradeNo(protocol, tradeNo) : await trades.forRefund(protocol, orderNo ?? '');
    if (!trade || (orderNo && trade.orderNo !== orderNo)) return businessFailed('ACQ.TRADE_NOT_EXIST', '交易不存在');
    const refundNo = str(biz.out_request_no) ?? trade.orderNo;
    const outcome = await trades.refund(trade.tradeId, refundNo, amount);
    if (!outcome) return businessFailed('ACQ.TRADE_NOT_EXIST', '交易不存在');
    if (!outcome.ok) {
      if (outcome.reason === 'notPaid') return businessFailed('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
      return businessFailed('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    }
    return {
      code: '10000',
      msg: 'Success',
      trade_no: outcome.trade.providerTradeNo,
      out_trade_no: outcome.trade.orderNo,
      buyer_logon_id: '159****5620',
      // A repeated out_request_no refunds nothing more: fund_change N, as Alipay answers.
      fund_change: outcome.repeated ? 'N' : 'Y',
      refund_fee: yuan(refunded(outcome.trade)),
      gmt_refund_pay: shanghaiTime(Date.parse(outcome.refund.createdAt)),
      out_request_no: outcome.refund.refundNo,
      refund_amount: yuan(outcome.refund.amount),
    };
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const params = fields(request);
    const method = params.method;
    const browser = request.method === 'GET' || (method !== undefined && BROWSER_METHODS.has(method));
    const keys = alipayKeys(config, protocol);
    if (!keys) {
      const env = protocol === 'alipay' ? 'PAY_ALIPAY_*' : 'PAY_ALIPAYHK_*';
      const message = `sandbox: ${wallet} is not configured (set ${env})`;
      if (browser) return sendErrorPage(reply, 400, wallet, 'INVALID_APP_ID', message);
      return answer(reply, method, invalidArguments('isv.invalid-app-id', message), null);
    }
    const problem = verificationProblem(params, keys);
    if (problem) {
      request.log.warn({ protocol, subCode: problem.sub_code }, 'refused an unverifiable gateway request');
      if (browser) return sendErrorPage(reply, 400, wallet, 'ILLEGAL_SIGN', `${problem.sub_code}: ${problem.sub_msg}`);
      return answer(reply, method, problem, keys);
    }
    const biz = parseBiz(params.biz_content);
    if (!biz) {
      if (browser) return sendErrorPage(reply, 400, wallet, 'INVALID_PARAMETER', 'biz_content is not a JSON object');
      return answer(reply, method, invalidArguments('isv.invalid-biz-content', 'biz_content 不是 JSON 对象'), keys);
    }
    if (browser) {
      if (!method || !BROWSER_METHODS.has(method)) return sendErrorPage(reply, 400, wallet, 'INVALID_METHOD', `unknown method ${method ?? ''}`);
      const opened = await open(biz, params);
      if ('error' in opened) return sendErrorPage(reply, 400, wallet, opened.error.sub_code ?? 'ERROR', opened.error.sub_msg ?? '');
      return reply.redirect(pageUrl(context, opened.trade.tradeId), 302);
    }
    if (method === PRECREATE) {
      const opened = await open(biz, params);
      if ('error' in opened) return answer(reply, method, opened.error, keys);
      const { trade } = opened;
      return answer(reply, method, { code: '10000', msg: 'Success', out_trade_no: trade.orderNo, qr_code: pageUrl(context, trade.tradeId) }, keys);
    }
    if (method === REFUND) return answer(reply, method, await refund(biz), keys);
    return answer(reply, method, invalidArguments('isv.invalid-method', `不存在的方法名 ${method ?? ''}`), keys);
  }

  app.get(`/${protocol}/gateway.do`, { schema: { hide: true } }, handle);
  app.post(`/${protocol}/gateway.do`, { schema: { hide: true } }, handle);
}
