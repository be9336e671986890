// The providers' asynchronous payment notifications, signed the way each provider signs them
// (docs/pay-channels.md, "Notifications"); services/payments/src/adapters/notices.ts reads them.
import { createHash, randomBytes } from 'node:crypto';
import {
  alipaySigningString,
  encryptWechatResource,
  rsa2Sign,
  signUnionPay,
  stripeSignatureHeader,
  wechatNotificationMessage,
} from '@aipay/pay-protocols';
import type { SandboxConfig } from '../../config.js';
import { alipayKeys, unionPayKeys, wechatKeys, type WechatKeys } from './keys.js';
import { shanghaiTime, type Protocol, type Trade } from './trades.js';

/** `final`: the trade's outcome (paid or failed); `waiting`: the stale "not paid yet" notice. */
export type NoticeKind = 'final' | 'waiting';

export interface Outgoing {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Only Alipay, AlipayHK and WeChat have a waiting state worth notifying. */
export const HAS_WAITING_NOTICE: ReadonlySet<Protocol> = new Set(['alipay', 'alipayhk', 'wechat']);

/** The same notification keeps its id through copies and redeliveries, as at the providers. */
export function noticeId(trade: Trade, kind: NoticeKind): string {
  const hash = createHash('sha256').update(`${trade.tradeId}:${kind}:${trade.status}`).digest('hex');
  switch (trade.protocol) {
    case 'stripe':
      return `evt_${hash.slice(0, 24)}`;
    case 'wechat':
      return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-${hash.slice(12, 16)}-${hash.slice(16, 20)}-${hash.slice(20, 32)}`;
    default:
      return hash.slice(0, 34);
  }
}

export const yuan = (minor: number) => (minor / 100).toFixed(2);
const form = (params: Record<string, string>) => new URLSearchParams(params).toString();
const FORM = 'application/x-www-form-urlencoded; charset=utf-8';

function alipayNotice(config: SandboxConfig, trade: Trade, kind: NoticeKind, now: number): Outgoing | null {
  const keys = alipayKeys(config, trade.protocol as 'alipay' | 'alipayhk');
  if (!keys || !trade.notifyUrl) return null;
  const paid = kind === 'final' && trade.status === 'paid';
  const status = kind === 'waiting' ? 'WAIT_BUYER_PAY' : paid ? 'TRADE_SUCCESS' : 'TRADE_CLOSED';
  const params: Record<string, string> = {
    notify_type: 'trade_status_sync',
    notify_id: noticeId(trade, kind),
    notify_time: shanghaiTime(now),
    app_id: keys.appId,
    auth_app_id: keys.appId,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    out_trade_no: trade.orderNo,
    trade_no: trade.providerTradeNo,
    trade_status: status,
    total_amount: yuan(trade.amount),
    subject: trade.subject ?? '',
    gmt_create: shanghaiTime(Date.parse(trade.createdAt)),
    ...(paid ? { gmt_payment: shanghaiTime(Date.parse(trade.finishedAt ?? trade.createdAt)), receipt_amount: yuan(trade.amount), buyer_pay_amount: yuan(trade.amount) } : {}),
    ...(status === 'TRADE_CLOSED' ? { gmt_close: shanghaiTime(Date.parse(trade.finishedAt ?? trade.createdAt)) } : {}),
    buyer_logon_id: '159****5620',
  };
  const signed = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== ''));
  signed.sign = rsa2Sign(alipaySigningString(signed, 'notification'), keys.privateKey);
  return { url: trade.notifyUrl, headers: { 'content-type': FORM }, body: form(signed) };
}

/** The `Wechatpay-*` headers over a body, signed with the platform key. */
export function wechatSignedHeaders(keys: WechatKeys, body: string, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = randomBytes(16).toString('hex').toUpperCase();
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsa2Sign(wechatNotificationMessage({ timestamp, nonce, body }), keys.platformPrivateKey),
    'wechatpay-serial': keys.platformSerial,
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

/** RFC 3339 in +08:00, as WeChat writes its times. */
export function wechatTime(at: number): string {
  return `${shanghaiTime(at).replace(' ', 'T')}+08:00`;
}

function wechatNotice(config: SandboxConfig, trade: Trade, kind: NoticeKind, now: number): Outgoing | null {
  const keys = wechatKeys(config);
  if (!keys || !trade.notifyUrl) return null;
  const paid = kind === 'final' && trade.status === 'paid';
  const state = kind === 'waiting' ? 'NOTPAY' : paid ? 'SUCCESS' : 'CLOSED';
  const transaction = {
    appid: trade.extra.appid,
    mchid: keys.mchId,
    out_trade_no: trade.orderNo,
    transaction_id: trade.providerTradeNo,
    trade_type: trade.extra.tradeType ?? 'NATIVE',
    trade_state: state,
    trade_state_desc: { SUCCESS: '支付成功', CLOSED: '已关闭', NOTPAY: '未支付' }[state],
    bank_type: 'OTHERS',
    attach: '',
    ...(paid ? { success_time: wechatTime(Date.parse(trade.finishedAt ?? trade.createdAt)) } : {}),
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: trade.amount, payer_total: paid ? trade.amount : 0, currency: trade.currency, payer_currency: trade.currency },
  };
  const body = JSON.stringify({
    id: noticeId(trade, kind),
    create_time: wechatTime(now),
    resource_type: 'encrypt-resource',
    event_type: `TRANSACTION.${state}`,
    summary: transaction.trade_state_desc,
    resource: encryptWechatResource({
      plaintext: JSON.stringify(transaction),
      apiV3Key: keys.apiV3Key,
      nonce: randomBytes(6).toString('hex'),
      associatedData: 'transaction',
      originalType: 'transaction',
    }),
  });
  return { url: trade.notifyUrl, headers: { 'content-type': 'application/json', ...wechatSignedHeaders(keys, body, now) }, body };
}

/** A payment_intent as the Stripe API shows it. */
export function stripeIntent(trade: Trade) {
  const paid = trade.status === 'paid';
  return {
    id: trade.providerTradeNo,
    object: 'payment_intent',
    amount: trade.amount,
    amount_received: paid ? trade.amount : 0,
    currency: trade.currency.toLowerCase(),
    status: paid ? 'succeeded' : trade.status === 'created' ? 'requires_payment_method' : 'canceled',
    metadata: JSON.parse(trade.extra.intentMetadata ?? '{}') as Record<string, string>,
    created: Math.floor(Date.parse(trade.createdAt) / 1000),
    livemode: false,
  };
}

function stripeNotice(config: SandboxConfig, trade: Trade, now: number): Outgoing | null {
  const url = config.PAY_STRIPE_WEBHOOK_URL;
  const secret = config.PAY_STRIPE_WEBHOOK_SECRET;
  if (!url || !secret) return null;
  const paid = trade.status === 'paid';
  const intent = stripeIntent(trade);
  const object = paid
    ? intent
    : { ...intent, status: 'requires_payment_method', last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } };
  const body = JSON.stringify({
    id: noticeId(trade, 'final'),
    object: 'event',
    api_version: '2024-06-20',
    created: Math.floor(now / 1000),
    livemode: false,
    pending_webhooks: 1,
    type: paid ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
    data: { object },
  });
  const signature = stripeSignatureHeader({ payload: body, secret, timestamp: Math.floor(now / 1000) });
  return { url, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature }, body };
}

function unionPayNotice(config: SandboxConfig, trade: Trade, now: number): Outgoing | null {
  const keys = unionPayKeys(config);
  if (!keys || !trade.notifyUrl) return null;
  const paid = trade.status === 'paid';
  const params: Record<string, string> = {
    version: '5.1.0',
    encoding: 'UTF-8',
    signMethod: '01',
    txnType: '01',
    txnSubType: '01',
    bizType: '000201',
    accessType: '0',
    channelType: trade.extra.channelType ?? '07',
    merId: keys.merId,
    orderId: trade.orderNo,
    queryId: trade.providerTradeNo,
    txnTime: trade.extra.txnTime ?? shanghaiTime(Date.parse(trade.createdAt), 'compact'),
    txnAmt: String(trade.amount),
    currencyCode: '156',
    respCode: paid ? '00' : '01',
    respMsg: paid ? 'Success!' : 'Transaction failed',
    traceNo: trade.providerTradeNo.slice(-6),
    traceTime: shanghaiTime(now, 'compact').slice(4),
    settleAmt: String(trade.amount),
    settleCurrencyCode: '156',
    settleDate: shanghaiTime(now, 'compact').slice(4, 8),
  };
  params.signature = signUnionPay(params, keys.privateKey);
  return { url: trade.notifyUrl, headers: { 'content-type': FORM }, body: form(params) };
}

/** The notification of `trade` as it stands, or null when there is nowhere (or no key) to send it. */
export function buildNotice(config: SandboxConfig, trade: Trade, kind: NoticeKind, now = Date.now()): Outgoing | null {
  switch (trade.protocol) {
    case 'alipay':
    case 'alipayhk':
      return alipayNotice(config, trade, kind, now);
    case 'wechat':
      return wechatNotice(config, trade, kind, now);
    case 'stripe':
      return kind === 'final' ? stripeNotice(config, trade, now) : null;
    case 'unionpay':
      return kind === 'final' ? unionPayNotice(config, trade, now) : null;
  }
}

/** What each provider takes as "received": Alipay the body `success`, UnionPay 200, the others any 2xx. */
export function acknowledged(protocol: Protocol, status: number, text: string): boolean {
  if (protocol === 'alipay' || protocol === 'alipayhk') return status >= 200 && status < 300 && text.trim() === 'success';
  if (protocol === 'unionpay') return status === 200;
  return status >= 200 && status < 300;
}
