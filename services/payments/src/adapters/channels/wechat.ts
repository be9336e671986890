// WeChat Pay API v3: native (desktop code_url) and h5 (mobile h5_url) orders, refunds and the
// refund query. Requests carry the WECHATPAY2-SHA256-RSA2048 Authorization header; answers are
// verified with the platform key (Wechatpay-* headers over `timestamp\nnonce\nbody\n`).
import { buildWechatAuthorization, readWechatHeaders, verifyWechatNotification } from '@aipay/pay-protocols';
import type { ChannelAdapter, CreateTradeInput, RefundInput, RefundResult } from './index.js';
import { ChannelError, chinaRfc3339, isDesktop, nonce, parseJson, required, send, subjectOf, type Http } from './support.js';

export interface WechatSettings {
  appId: string | undefined;
  mchId: string | undefined;
  /** Our merchant key (PKCS#8) and its certificate serial. */
  privateKey: string | undefined;
  serialNo: string | undefined;
  /** WeChat's platform key and its serial. */
  platformSerial: string | undefined;
  platformPublicKey: string | undefined;
  apiBase: string;
}

interface WechatAnswer {
  status: number;
  body: Record<string, unknown>;
  /** True when the Wechatpay-* signature verified; a 2xx answer is only used when it did. */
  verified: boolean;
}

/** Error codes that say "not now" (or "our side is misconfigured") rather than "this refund cannot be". */
const RETRY_LATER = new Set(['SYSTEM_ERROR', 'FREQUENCY_LIMITED', 'NOT_ENOUGH', 'NO_AUTH', 'SIGN_ERROR']);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function wechatAdapter(settings: WechatSettings, http: Http): ChannelAdapter {
  const protocol = 'wechat';

  async function call(method: 'GET' | 'POST', path: string, payload?: object): Promise<WechatAnswer> {
    const keys = required(protocol, {
      mchId: settings.mchId,
      privateKey: settings.privateKey,
      serialNo: settings.serialNo,
      platformSerial: settings.platformSerial,
      platformPublicKey: settings.platformPublicKey,
    });
    const url = `${settings.apiBase.replace(/\/+$/, '')}${path}`;
    const { pathname, search } = new URL(url);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const authorization = buildWechatAuthorization({
      method,
      urlPath: `${pathname}${search}`,
      timestamp: Math.floor(Date.now() / 1000),
      nonce: nonce(),
      body,
      mchid: keys.mchId,
      serialNo: keys.serialNo,
      merchantPrivateKey: keys.privateKey,
    });
    const answer = await send(http, protocol, url, {
      method,
      headers: { authorization, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body } : {}),
    });
    const headers = readWechatHeaders(answer.headers);
    let verified = false;
    if (headers) {
      const verification = verifyWechatNotification({
        headers,
        body: answer.text,
        platformKeys: { [keys.platformSerial]: keys.platformPublicKey },
        nowSeconds: Math.floor(Date.now() / 1000),
      });
      // A signed answer that does not verify is never read, whatever its status.
      if (!verification.ok) throw new ChannelError(protocol, 'badSignature', `${method} ${path}: ${verification.reason}`);
      verified = true;
    }
    const parsed = answer.text ? parseJson<Record<string, unknown>>(protocol, answer.text) : {};
    return { status: answer.status, body: parsed, verified };
  }

  function success(answer: WechatAnswer, what: string): Record<string, unknown> {
    if (answer.status < 200 || answer.status > 299) {
      throw new ChannelError(protocol, 'refused', `${what}: HTTP ${answer.status} ${text(answer.body.code)} ${text(answer.body.message)}`.trim());
    }
    if (!answer.verified) throw new ChannelError(protocol, 'badSignature', `${what}: unsigned answer`);
    return answer.body;
  }

  function readRefund(answer: WechatAnswer): RefundResult {
    const body = success(answer, 'refund');
    const refundId = text(body.refund_id);
    const status = text(body.status);
    const id = refundId ? { providerRefundNo: refundId } : {};
    if (status === 'SUCCESS') return { status: 'succeeded', ...id };
    if (status === 'PROCESSING') return { status: 'processing', ...id };
    if (status === 'CLOSED' || status === 'ABNORMAL') return { status: 'failed', ...id, message: status };
    throw new ChannelError(protocol, 'badAnswer', `refund status ${status || 'missing'}`);
  }

  return {
    protocol,

    async createTrade(input: CreateTradeInput) {
      const { order } = input;
      const { appId } = required(protocol, { appId: settings.appId });
      const desktop = isDesktop(input.clientType);
      const body = {
        appid: appId,
        mchid: settings.mchId,
        description: subjectOf(order),
        out_trade_no: order._id,
        time_expire: chinaRfc3339(order.expireAt),
        notify_url: input.notifyUrl,
        amount: { total: order.payAmount, currency: 'CNY' },
        ...(desktop ? {} : { scene_info: { payer_client_ip: input.clientIp ?? '127.0.0.1', h5_info: { type: 'Wap' } } }),
      };
      const path = desktop ? '/v3/pay/transactions/native' : '/v3/pay/transactions/h5';
      const answer = success(await call('POST', path, body), path);
      const link = text(desktop ? answer.code_url : answer.h5_url);
      if (!link) throw new ChannelError(protocol, 'badAnswer', `${path}: no ${desktop ? 'code_url' : 'h5_url'}`);
      return { payUrl: link };
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const { order, refund } = input;
      if (input.inquire) {
        // Sent before (a sweep): its state, unless WeChat never received it.
        const found = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refund.refundNo)}`);
        if (found.status !== 404) return readRefund(found);
      }
      const answer = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: order._id,
        out_refund_no: refund.refundNo,
        amount: { refund: refund.amount, total: order.payAmount, currency: 'CNY' },
      });
      const code = text(answer.body.code);
      const definitive = [400, 403, 404].includes(answer.status) && !RETRY_LATER.has(code);
      if (definitive) return { status: 'failed', message: `${code} ${text(answer.body.message)}`.trim() };
      return readRefund(answer);
    },
  };
}
