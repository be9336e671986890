// Alipay and AlipayHK (open platform, RSA2): precreate (desktop QR), wap.pay (mobile signed GET
// link) and refund. Answers are verified: `sign` covers the exact text of the `…_response` member.
import { rsa2Verify, signedAlipayHkRequest, signedAlipayRequest } from '@aipay/pay-protocols';
import { formatMinor } from '../../domain/money.js';
import type { OrderDoc } from '../../store/orders.js';
import type { ChannelAdapter, CreateTradeInput, RefundInput, RefundResult } from './index.js';
import { ChannelError, chinaDateTime, isDesktop, parseJson, required, send, subjectOf, type Http } from './support.js';

export interface AlipaySettings {
  protocol: 'alipay' | 'alipayhk';
  appId: string | undefined;
  /** Ours (PKCS#8). */
  privateKey: string | undefined;
  /** Alipay's (or AlipayHK's). */
  publicKey: string | undefined;
  gatewayUrl: string;
}

interface AlipayResponse {
  code?: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
  qr_code?: string;
  trade_no?: string;
  fund_change?: string;
}

/**
 * The exact text of the object value of `"key":` in a JSON text (Alipay signs the raw member text,
 * so it is cut out rather than re-serialised). Null when absent or not an object.
 */
export function rawJsonMember(text: string, key: string): string | null {
  const marker = text.indexOf(`"${key}"`);
  if (marker < 0) return null;
  const colon = /^\s*:\s*/.exec(text.slice(marker + key.length + 2));
  if (!colon) return null;
  const start = marker + key.length + 2 + colon[0].length;
  if (text[start] !== '{') return null;
  let depth = 0;
  let inString = false;
  for (let at = start; at < text.length; at += 1) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') {
      inString = true;
    } else if (char === '{') {
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(start, at + 1);
    }
  }
  return null;
}

/** Minutes the trade stays open: what is left of the order's time, at least 1. */
function timeoutExpress(order: OrderDoc, now: Date): string {
  return `${Math.max(1, Math.floor((order.expireAt.getTime() - now.getTime()) / 60_000))}m`;
}

const describe = (response: AlipayResponse) =>
  [response.code, response.msg, response.sub_code, response.sub_msg].filter(Boolean).join(' ');

export function alipayAdapter(settings: AlipaySettings, http: Http): ChannelAdapter {
  const { protocol } = settings;

  function signedParams(method: string, biz: Record<string, string>, extra: Record<string, string>, now: Date): Record<string, string> {
    const { appId, privateKey, publicKey } = required(protocol, {
      appId: settings.appId,
      privateKey: settings.privateKey,
      publicKey: settings.publicKey,
    });
    const params = {
      app_id: appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: chinaDateTime(now),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(biz),
    };
    return protocol === 'alipayhk'
      ? signedAlipayHkRequest(params, { merchantPrivateKey: privateKey, alipayHkPublicKey: publicKey })
      : signedAlipayRequest(params, privateKey);
  }

  /** A server call; answers the verified `…_response` member (never an unverified one). */
  async function call(method: string, biz: Record<string, string>, extra: Record<string, string>, now: Date): Promise<AlipayResponse> {
    const params = signedParams(method, biz, extra, now);
    const answer = await send(http, protocol, settings.gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams(params).toString(),
    });
    if (answer.status !== 200) throw new ChannelError(protocol, 'refused', `${method}: HTTP ${answer.status}`);
    const raw = rawJsonMember(answer.text, `${method.replaceAll('.', '_')}_response`) ?? rawJsonMember(answer.text, 'error_response');
    if (!raw) throw new ChannelError(protocol, 'badAnswer', `${method}: no response member`);
    const { sign } = parseJson<{ sign?: unknown }>(protocol, answer.text);
    const response = parseJson<AlipayResponse>(protocol, raw);
    if (typeof sign !== 'string' || !sign) throw new ChannelError(protocol, 'refused', `${method}: unsigned answer ${describe(response)}`);
    if (!rsa2Verify(raw, sign, settings.publicKey ?? '')) throw new ChannelError(protocol, 'badSignature', `${method}: answer signature`);
    return response;
  }

  return {
    protocol,

    async createTrade(input: CreateTradeInput) {
      const { order } = input;
      const now = input.now ?? new Date();
      const biz = {
        out_trade_no: order._id,
        total_amount: formatMinor(order.payAmount),
        subject: subjectOf(order),
        timeout_express: timeoutExpress(order, now),
        // AlipayHK settles in HKD unless told otherwise: the price is in RMB like every wallet's.
        ...(protocol === 'alipayhk' ? { trans_currency: 'CNY' } : {}),
      };
      if (isDesktop(input.clientType)) {
        const response = await call('alipay.trade.precreate', biz, { notify_url: input.notifyUrl }, now);
        if (response.code !== '10000' || !response.qr_code) throw new ChannelError(protocol, 'refused', `precreate: ${describe(response)}`);
        return { payUrl: response.qr_code };
      }
      // Mobile: no server call, the browser carries the signed request to the gateway.
      const params = signedParams(
        'alipay.trade.wap.pay',
        { ...biz, product_code: 'QUICK_WAP_WAY' },
        { notify_url: input.notifyUrl, return_url: input.returnUrl },
        now,
      );
      const query = Object.entries(params)
        .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
        .join('&');
      return { payUrl: `${settings.gatewayUrl}${settings.gatewayUrl.includes('?') ? '&' : '?'}${query}` };
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const { order, refund } = input;
      const response = await call(
        'alipay.trade.refund',
        { out_trade_no: order._id, refund_amount: formatMinor(refund.amount), out_request_no: refund.refundNo },
        {},
        input.now ?? new Date(),
      );
      // 10000 is success; fund_change "N" is a repeat of a refund already made, which counts too.
      if (response.code === '10000') {
        return { status: 'succeeded', ...(response.trade_no ? { providerRefundNo: response.trade_no } : {}), message: `fund_change ${response.fund_change ?? '?'}` };
      }
      if (response.code === '20000' || response.sub_code === 'ACQ.SYSTEM_ERROR') return { status: 'processing', message: describe(response) };
      if (response.code === '40004') return { status: 'failed', message: describe(response) };
      throw new ChannelError(protocol, 'refused', `refund: ${describe(response)}`);
    },
  };
}
