// UnionPay online gateway 5.1 (signMethod 01): the front transaction as an auto-submitting form
// (payHtml, desktop channelType 07 / mobile 08) and the refund (txnType 04) as a signed server
// call whose signed answer is verified with UnionPay's key.
import { signUnionPay, UNIONPAY_SIGN_METHOD, UNIONPAY_VERSION, verifyUnionPay } from '@aipay/pay-protocols';
import type { ChannelAdapter, CreateTradeInput, RefundInput, RefundResult } from './index.js';
import { ChannelError, chinaCompact, escapeHtml, isDesktop, required, send, type Http } from './support.js';

export interface UnionPaySettings {
  merId: string | undefined;
  /** Ours (PKCS#8) and the serial of our signing certificate. */
  privateKey: string | undefined;
  certId: string | undefined;
  /** UnionPay's key or certificate. */
  publicKey: string | undefined;
  frontUrl: string;
  backUrl: string;
  /** Where UnionPay reports refund results (acknowledged; the synchronous answer decides). */
  refundNotifyUrl: string;
}

/** A page that posts `fields` to `action` as soon as it loads (and offers a button without script). */
export function autoSubmitForm(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8"><title>UnionPay</title></head>',
    '<body onload="document.forms[0].submit()">',
    `<form id="pay_form" method="post" action="${escapeHtml(action)}">`,
    inputs,
    '<noscript><button type="submit">Continue to UnionPay</button></noscript>',
    '</form>',
    '</body></html>',
  ].join('\n');
}

/**
 * The answer's fields. UnionPay writes `key=value&…` unescaped while a form encoder escapes (and
 * turns `+` into a space when decoding), so both readings are tried against the signature.
 */
function answerReadings(text: string): Record<string, string>[] {
  const raw: Record<string, string> = {};
  for (const part of text.trim().split('&')) {
    const at = part.indexOf('=');
    if (at > 0) raw[part.slice(0, at)] = part.slice(at + 1);
  }
  return [Object.fromEntries(new URLSearchParams(text.trim())), raw];
}

const PROCESSING_CODES = new Set(['03', '04', '05']);

export function unionPayAdapter(settings: UnionPaySettings, http: Http): ChannelAdapter {
  const protocol = 'unionpay';

  function sign(fields: Record<string, string>): Record<string, string> {
    const { merId, privateKey, certId } = required(protocol, {
      merId: settings.merId,
      privateKey: settings.privateKey,
      certId: settings.certId,
    });
    const signed = { ...fields, version: UNIONPAY_VERSION, encoding: 'UTF-8', signMethod: UNIONPAY_SIGN_METHOD, merId, certId };
    return { ...signed, signature: signUnionPay(signed, privateKey) };
  }

  return {
    protocol,

    async createTrade(input: CreateTradeInput) {
      const { order } = input;
      const fields = sign({
        txnType: '01',
        txnSubType: '01',
        bizType: '000201',
        channelType: isDesktop(input.clientType) ? '07' : '08',
        accessType: '0',
        orderId: order._id,
        // Fixed by the order, so a form submitted again is the same trade at UnionPay.
        txnTime: chinaCompact(order.createdAt),
        txnAmt: String(order.payAmount),
        currencyCode: '156',
        frontUrl: input.returnUrl,
        backUrl: input.notifyUrl,
        payTimeout: chinaCompact(order.expireAt),
      });
      return { payHtml: autoSubmitForm(settings.frontUrl, fields) };
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      const { order, refund } = input;
      const { publicKey } = required(protocol, { publicKey: settings.publicKey });
      if (!order.providerTradeNo) throw new ChannelError(protocol, 'badAnswer', `order ${order._id} has no queryId`);
      const fields = sign({
        txnType: '04',
        txnSubType: '00',
        bizType: '000201',
        channelType: '07',
        accessType: '0',
        orderId: refund.refundNo,
        origQryId: order.providerTradeNo,
        // Fixed by the refund, so sending it again is the same refund at UnionPay.
        txnTime: chinaCompact(refund.createdAt),
        txnAmt: String(refund.amount),
        currencyCode: '156',
        backUrl: settings.refundNotifyUrl,
      });
      const answer = await send(http, protocol, settings.backUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
        body: new URLSearchParams(fields).toString(),
      });
      if (answer.status !== 200) throw new ChannelError(protocol, 'refused', `refund: HTTP ${answer.status}`);
      const params = answerReadings(answer.text).find((reading) => verifyUnionPay(reading, publicKey));
      if (!params) throw new ChannelError(protocol, 'badSignature', 'refund: answer signature');
      const code = params.respCode ?? '';
      const id = params.queryId ? { providerRefundNo: params.queryId } : {};
      if (code === '00') return { status: 'succeeded', ...id };
      if (PROCESSING_CODES.has(code)) return { status: 'processing', ...id, message: `${code} ${params.respMsg ?? ''}`.trim() };
      if (!code) throw new ChannelError(protocol, 'badAnswer', 'refund: no respCode');
      return { status: 'failed', ...id, message: `${code} ${params.respMsg ?? ''}`.trim() };
    },
  };
}
