// The providers' payment notifications: verify with the channel's scheme (keys from config), then
// read {orderNo, providerTradeNo, paid, amount}. Anything unverifiable or unreadable is refused.
import type { PaymentsConfig } from '../config.js';
import { parseMajor } from '../domain/money.js';
import type { PaymentNotice } from '../store/orders.js';
import { verifyAlipayNotification, verifyAlipayHkNotification, decryptWechatResource, readWechatHeaders, verifyWechatNotification, type WechatResource, verifyStripeSignature, verifyUnionPay } from '@aipay/pay-protocols';

export const NOTIFY_CHANNELS = ['alipay', 'alipayhk', 'wechat', 'stripe', 'unionpay'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export type NoticeReading =
  | { ok: true; notice: PaymentNotice }
  /** `ignored`: a verified message that is not about a payment (answered as received). */
  | { ok: false; reason: 'notConfigured' | 'badSignature' | 'malformed' | 'ignored' };

export interface RawNotification {
  body: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  nowSeconds: number;
}

const refuse = (reason: 'notConfigured' | 'badSignature' | 'malformed' | 'ignored'): NoticeReading => ({ ok: false, reason });

function formParams(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

function minorFromMajor(text: string | undefined): number | null {
  if (!text) return null;
  try {
    return parseMajor(text);
  } catch {
    return null;
  }
}

/** Alipay and AlipayHK: form-encoded params, `out_trade_no`, `trade_no`, `trade_status`, `total_amount` (yuan). */
function readAlipayParams(params: Record<string, string>, appId: string | undefined): NoticeReading {
  if (appId && params.app_id !== appId) return refuse('badSignature');
  const amount = minorFromMajor(params.total_amount);
  const orderNo = params.out_trade_no;
  const providerTradeNo = params.trade_no;
  const status = params.trade_status;
  if (!orderNo || !providerTradeNo || !status || amount === null) return refuse('malformed');
  if (status === 'WAIT_BUYER_PAY') return refuse('ignored');
  const paid = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED';
  return { ok: true, notice: { orderNo, providerTradeNo, paid, amount } };
}

function readAlipay(config: PaymentsConfig, raw: RawNotification): NoticeReading {
  if (!config.ALIPAY_PUBLIC_KEY) return refuse('notConfigured');
  const params = formParams(raw.body);
  if (!params.sign || !verifyAlipayNotification(params, config.ALIPAY_PUBLIC_KEY)) return refuse('badSignature');
  return readAlipayParams(params, config.ALIPAY_APP_ID);
}

function readAlipayHk(config: PaymentsConfig, raw: RawNotification): NoticeReading {
  if (!config.ALIPAYHK_PUBLIC_KEY) return refuse('notConfigured');
  const params = formParams(raw.body);
  const keys = { merchantPrivateKey: config.ALIPAYHK_PRIVATE_KEY ?? '', alipayHkPublicKey: config.ALIPAYHK_PUBLIC_KEY };
  if (!params.sign || !verifyAlipayHkNotification(params, keys)) return refuse('badSignature');
  return readAlipayParams(params, undefined);
}

interface WechatTransaction {
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  amount?: { total?: number };
}

/** WeChat Pay v3: signed headers over the raw body, then the AES-GCM `resource` holds the transaction. */
function readWechat(config: PaymentsConfig, raw: RawNotification): NoticeReading {
  const { WECHAT_PLATFORM_SERIAL: serial, WECHAT_PLATFORM_PUBLIC_KEY: key, WECHAT_API_V3_KEY: apiV3Key } = config;
  if (!serial || !key || !apiV3Key) return refuse('notConfigured');
  const headers = readWechatHeaders(raw.headers);
  if (!headers) return refuse('badSignature');
  const verified = verifyWechatNotification({ headers, body: raw.body, platformKeys: { [serial]: key }, nowSeconds: raw.nowSeconds });
  if (!verified.ok) return refuse('badSignature');
  let transaction: WechatTransaction;
  try {
    const envelope = JSON.parse(raw.body) as { event_type?: string; resource?: WechatResource };
    if (!envelope.resource) return refuse('malformed');
    if (envelope.event_type && !envelope.event_type.startsWith('TRANSACTION.')) return refuse('ignored');
    transaction = JSON.parse(decryptWechatResource(envelope.resource, apiV3Key)) as WechatTransaction;
  } catch {
    return refuse('malformed');
  }
  const { out_trade_no: orderNo, transaction_id: providerTradeNo, trade_state: state } = transaction;
  const amount = transaction.amount?.total;
  if (!orderNo || !providerTradeNo || !state || typeof amount !== 'number' || !Number.isSafeInteger(amount)) return refuse('malformed');
  if (state === 'USERPAYING' || state === 'NOTPAY') return refuse('ignored');
  return { ok: true, notice: { orderNo, providerTradeNo, paid: state === 'SUCCESS', amount } };
}

interface StripeEvent {
  type?: string;
  data?: { object?: { id?: string; amount?: number; amount_received?: number; metadata?: { orderNo?: string } } };
}

/** Stripe-style: `Stripe-Signature` over the raw body; payment_intent.succeeded / payment_failed with metadata.orderNo. */
function readStripe(config: PaymentsConfig, raw: RawNotification): NoticeReading {
  if (!config.STRIPE_WEBHOOK_SECRET) return refuse('notConfigured');
  const header = raw.headers['stripe-signature'];
  const verified = verifyStripeSignature({
    payload: raw.body,
    header: Array.isArray(header) ? header[0] : header,
    secret: config.STRIPE_WEBHOOK_SECRET,
    nowSeconds: raw.nowSeconds,
  });
  if (!verified.ok) return refuse('badSignature');
  let event: StripeEvent;
  try {
    event = JSON.parse(raw.body) as StripeEvent;
  } catch {
    return refuse('malformed');
  }
  const paid = event.type === 'payment_intent.succeeded';
  if (!paid && event.type !== 'payment_intent.payment_failed') return refuse('ignored');
  const object = event.data?.object;
  const orderNo = object?.metadata?.orderNo;
  const amount = paid ? (object?.amount_received ?? object?.amount) : object?.amount;
  if (!orderNo || !object?.id || typeof amount !== 'number') return refuse('malformed');
  return { ok: true, notice: { orderNo, providerTradeNo: object.id, paid, amount } };
}

/** UnionPay 5.1: form params, `orderId`, `queryId`, `respCode` (00 = success), `txnAmt` (fen). */
function readUnionPay(config: PaymentsConfig, raw: RawNotification): NoticeReading {
  if (!config.UNIONPAY_PUBLIC_KEY) return refuse('notConfigured');
  const params = formParams(raw.body);
  if (!params.signature || !verifyUnionPay(params, config.UNIONPAY_PUBLIC_KEY)) return refuse('badSignature');
  if (config.UNIONPAY_MER_ID && params.merId !== config.UNIONPAY_MER_ID) return refuse('badSignature');
  const { orderId: orderNo, queryId: providerTradeNo, respCode } = params;
  const amount = params.txnAmt && /^\d+$/.test(params.txnAmt) ? Number(params.txnAmt) : null;
  if (!orderNo || !providerTradeNo || !respCode || amount === null) return refuse('malformed');
  return { ok: true, notice: { orderNo, providerTradeNo, paid: respCode === '00', amount } };
}

export function readNotification(channel: NotifyChannel, config: PaymentsConfig, raw: RawNotification): NoticeReading {
  switch (channel) {
    case 'alipay':
      return readAlipay(config, raw);
    case 'alipayhk':
      return readAlipayHk(config, raw);
    case 'wechat':
      return readWechat(config, raw);
    case 'stripe':
      return readStripe(config, raw);
    case 'unionpay':
      return readUnionPay(config, raw);
  }
}
