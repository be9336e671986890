// WeChat Pay API v3 under `/wechat`: the merchant's Authorization header is verified, every answer
// is signed with the platform key in the `Wechatpay-*` headers.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rsa2Verify, wechatRequestMessage, WECHATPAY_AUTH_SCHEMA, WECHATPAY_TOLERANCE_SECONDS } from '@aipay/pay-protocols';
import type { SandboxApp } from '../../http.js';
import { DEFAULT_TTL_MS, httpUrl, pageUrl, sendErrorPage, type PayContext } from './context.js';
import { WECHAT_ENV, wechatKeys, type WechatKeys } from './keys.js';
import { wechatSignedHeaders, wechatTime } from './notices.js';
import type { Refund, Trade } from './trades.js';

const PREFIX = '/wechat';

/** The fields of `WECHATPAY2-SHA256-RSA2048 mchid="..",nonce_str="..",...`, in any order. */
export function parseAuthorization(header: string | undefined): Record<string, string> | null {
  if (!header?.startsWith(`${WECHATPAY_AUTH_SCHEMA} `)) return null;
  const out: Record<string, string> = {};
  for (const match of header.slice(WECHATPAY_AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g)) out[match[1]!] = match[2]!;
  return out;
}

/**
 * True when the request is the merchant's: its mchid and certificate serial, a timestamp within
 * 5 minutes, and the signature over `METHOD\nurlPath\ntimestamp\nnonce\nbody\n`. The URL path is
 * accepted as requested (`/wechat/v3/...`) or relative to the API base (`/v3/...`).
 */
export function verifyMerchant(request: FastifyRequest, keys: WechatKeys, nowSeconds = Date.now() / 1000): boolean {
  const auth = parseAuthorization(request.headers.authorization);
  if (!auth || auth.mchid !== keys.mchId || auth.serial_no !== keys.merchantSerial) return false;
  const { nonce_str: nonce, signature, timestamp } = auth;
  if (!nonce || !signature || !timestamp || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > WECHATPAY_TOLERANCE_SECONDS) return false;
  const paths = [request.url, request.url.startsWith(`${PREFIX}/`) ? request.url.slice(PREFIX.length) : request.url];
  const body = request.method === 'GET' ? '' : (request.rawBody ?? '');
  return paths.some((urlPath) =>
    rsa2Verify(wechatRequestMessage({ method: request.method, urlPath, timestamp: Number(timestamp), nonce, body }), signature, keys.merchantPublicKey),
  );
}

interface OrderBody {
  appid?: unknown;
  mchid?: unknown;
  description?: unknown;
  out_trade_no?: unknown;
  time_expire?: unknown;
  notify_url?: unknown;
  amount?: { total?: unknown; currency?: unknown };
}

interface RefundBody {
  transaction_id?: unknown;
  out_trade_no?: unknown;
  out_refund_no?: unknown;
  amount?: { refund?: unknown; total?: unknown; currency?: unknown };
}

const text = (value: unknown, max = 127) => (typeof value === 'string' && value.length > 0 && value.length <= max ? value : undefined);
const positiveInt = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined);

function refundView(trade: Trade, refund: Refund) {
  return {
    refund_id: refund.refundId,
    out_refund_no: refund.refundNo,
    transaction_id: trade.providerTradeNo,
    out_trade_no: trade.orderNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    success_time: wechatTime(Date.parse(refund.createdAt)),
    create_time: wechatTime(Date.parse(refund.createdAt)),
    status: 'SUCCESS',
    funds_account: 'AVAILABLE',
    amount: {
      total: trade.amount,
      refund: refund.amount,
      payer_total: trade.amount,
      payer_refund: refund.amount,
      settlement_total: trade.amount,
      settlement_refund: refund.amount,
      discount_refund: 0,
      currency: trade.currency,
      refund_fee: 0,
    },
  };
}

export function registerWechat(app: SandboxApp, context: PayContext): void {
  const { config, trades } = context;
  const keys = wechatKeys(config);

  function send(reply: FastifyReply, status: number, payload: object) {
    const body = JSON.stringify(payload);
    const headers = keys ? wechatSignedHeaders(keys, body) : {};
    return reply.status(status).headers({ ...headers, 'request-id': randomUUID() }).type('application/json; charset=utf-8').send(body);
  }
  const fail = (reply: FastifyReply, status: number, code: string, message: string) => send(reply, status, { code, message });

  // Every API call is the merchant's, or it is refused before anything else.
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!keys) return fail(reply, 400, 'MCH_NOT_EXISTS', `sandbox: WeChat Pay is not configured (set ${WECHAT_ENV})`);
    if (!verifyMerchant(request, keys)) {
      request.log.warn('refused a WeChat Pay request with a bad Authorization');
      return fail(reply, 401, 'SIGN_ERROR', '签名错误，请检查后再试');
    }
  };

  async function createOrder(request: FastifyRequest, reply: FastifyReply, kind: 'native' | 'h5') {
    const body = (request.body ?? {}) as OrderBody;
    const orderNo = text(body.out_trade_no, 32);
    const total = positiveInt(body.amount?.total);
    const notifyUrl = httpUrl(body.notify_url);
    const currency = body.amount?.currency === undefined ? 'CNY' : text(body.amount.currency, 8);
    if (!text(body.appid, 32)) return fail(reply, 400, 'PARAM_ERROR', '输入源“/body/appid”映射到字段“公众号ID”必填性规则校验失败');
    if (body.mchid !== keys?.mchId) return fail(reply, 400, 'PARAM_ERROR', 'mchid与请求头中的商户号不一致');
    if (!text(body.description)) return fail(reply, 400, 'PARAM_ERROR', 'description 必填');
    if (!orderNo) return fail(reply, 400, 'PARAM_ERROR', 'out_trade_no 必填，最长 32 个字符');
    if (!notifyUrl) return fail(reply, 400, 'PARAM_ERROR', 'notify_url 必须是 http(s) 地址');
    if (!total || !currency) return fail(reply, 400, 'PARAM_ERROR', 'amount.total 必须是正整数（分）');
    const expiry = typeof body.time_expire === 'string' ? Date.parse(body.time_expire) : Date.now() + DEFAULT_TTL_MS;
    if (Number.isNaN(expiry)) return fail(reply, 400, 'PARAM_ERROR', 'time_expire 必须是 RFC 3339 时间');
    const { trade, outcome } = await trades.open({
      protocol: 'wechat',
      orderNo,
      amount: total,
      currency,
      subject: body.description as string,
      notifyUrl,
      expiresAt: new Date(expiry).toISOString(),
      extra: { appid: body.appid as string, tradeType: kind === 'native' ? 'NATIVE' : 'MWEB' },
    });
    if (outcome === 'paid') return fail(reply, 400, 'ORDERPAID', '该订单已支付');
    if (trade.amount !== total || trade.currency !== currency) return fail(reply, 400, 'OUT_TRADE_NO_USED', '商户订单号重复');
    const url = pageUrl(context, trade.tradeId);
    if (kind === 'native') return send(reply, 200, { code_url: url });
    // A real h5_url carries a query already; the web client appends `redirect_url`.
    return send(reply, 200, { h5_url: `${context.publicUrl}${PREFIX}/h5?prepay_id=${encodeURIComponent(trade.tradeId)}` });
  }

  app.post(`${PREFIX}/v3/pay/transactions/native`, { preHandler, schema: { hide: true } }, (request, reply) => createOrder(request, reply, 'native'));
  app.post(`${PREFIX}/v3/pay/transactions/h5`, { preHandler, schema: { hide: true } }, (request, reply) => createOrder(request, reply, 'h5'));

  // The H5 link the phone opens: remembers `redirect_url` and shows the cashier page.
  app.get(`${PREFIX}/h5`, { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const trade = typeof query.prepay_id === 'string' ? await trades.get(query.prepay_id) : null;
    if (!trade || trade.protocol !== 'wechat') return sendErrorPage(reply, 404, 'WeChat Pay', 'INVALID_REQUEST', 'unknown or expired prepay_id');
    const returnUrl = httpUrl(query.redirect_url);
    if (returnUrl) await trades.update(trade.tradeId, (stored) => ({ next: { ...stored, returnUrl }, result: null }));
    return reply.redirect(pageUrl(context, trade.tradeId), 302);
  });

  app.post(`${PREFIX}/v3/refund/domestic/refunds`, { preHandler, schema: { hide: true } }, async (request, reply) => {
    const body = (request.body ?? {}) as RefundBody;
    const refundNo = text(body.out_refund_no, 64);
    const amount = positiveInt(body.amount?.refund);
    const total = positiveInt(body.amount?.total);
    if (!refundNo) return fail(reply, 400, 'PARAM_ERROR', 'out_refund_no 必填');
    if (!amount || !total) return fail(reply, 400, 'PARAM_ERROR', 'amount.refund 与 amount.total 必须是正整数（分）');
    const transactionId = text(body.transaction_id, 32);
    const orderNo = text(body.out_trade_no, 32);
    if (!transactionId && !orderNo) return fail(reply, 400, 'PARAM_ERROR', 'transaction_id 与 out_trade_no 必填其一');
    const trade = transactionId ? await trades.byProviderTradeNo('wechat', transactionId) : await trades.forRefund('wechat', orderNo ?? '');
    if (!trade) return fail(reply, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (total !== trade.amount) return fail(reply, 400, 'PARAM_ERROR', 'amount.total 与订单金额不一致');
    const outcome = await trades.refund(trade.tradeId, refundNo, amount);
    if (!outcome) return fail(reply, 404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (outcome.ok) return send(reply, 200, refundView(outcome.trade, outcome.refund));
    if (outcome.reason === 'notPaid') return fail(reply, 400, 'INVALID_REQUEST', '订单未支付，不能退款');
    if (outcome.reason === 'otherTrade') return fail(reply, 400, 'INVALID_REQUEST', 'out_refund_no 已用于其他订单');
    return fail(reply, 400, 'INVALID_REQUEST', '申请退款金额超过订单可退金额');
  });

  app.get(`${PREFIX}/v3/refund/domestic/refunds/:outRefundNo`, { preHandler, schema: { hide: true } }, async (request, reply) => {
    const { outRefundNo } = request.params as { outRefundNo: string };
    const trade = await trades.byRefundNo('wechat', outRefundNo);
    const refund = trade?.refunds.find((item) => item.refundNo === outRefundNo);
    if (!trade || !refund) return fail(reply, 404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    return send(reply, 200, refundView(trade, refund));
  });
}
