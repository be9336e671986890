// Service-test harness: the payments app against the real MongoDB-compatible store and Redis, with a
// unique database per run (dropped after), the channels configured with the committed TEST keys,
// and helpers that sign provider notifications the way each provider does.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { connectMongo, issueAccessToken, type Connection } from '@aipay/kit';
import { buildPayments, type PaymentsApp } from '../app.js';
import { paymentsConfigSchema, type PaymentsConfig } from '../config.js';
import { alipaySigningString, rsa2Sign, encryptWechatResource, wechatNotificationMessage, stripeSignatureHeader } from '@aipay/pay-protocols';
import { TEST_PRIVATE_KEY_PEM, TEST_PUBLIC_KEY_PEM } from '@aipay/pay-protocols/testKeys';
import type { OrderDoc } from '../store/orders.js';
import { startFakeIdentity, type FakeIdentity } from './identity.js';
import { startFakeCard, type FakeCard } from './card.js';
import type { ChannelAdapter, Channels, CreateTradeInput, Protocol, RefundInput, RefundResult } from '../adapters/channels/index.js';

export const ALIPAY_APP_ID = '2021000000000001';
export const WECHAT_SERIAL = 'TESTSERIAL0001';
export const WECHAT_API_V3_KEY = '0123456789abcdef0123456789abcdef';
export const STRIPE_SECRET = 'whsec_test_payments';

/**
 * The providers as the tests script them (no network): trades answer a fixed link (UnionPay a
 * form), refunds answer `refundAnswer` — `processing` unless a test says otherwise, so a refund
 * stays in flight. Every call is recorded.
 */
export class ScriptedChannels implements Channels {
  refundAnswer: (input: RefundInput) => Promise<RefundResult> | RefundResult = () => ({ status: 'processing' });
  readonly tradeCalls: CreateTradeInput[] = [];
  readonly refundCalls: RefundInput[] = [];

  adapter(protocol: Protocol): ChannelAdapter {
    return {
      protocol,
      createTrade: async (input) => {
        this.tradeCalls.push(input);
        if (protocol === 'unionpay') return { payHtml: `<form action="http://provider.test/unionpay">${input.order._id}</form>` };
        return { payUrl: `http://provider.test/pay/page/${protocol}-${input.order._id}`, ...(protocol === 'stripe' ? { tradeRef: `pi_${input.order._id}` } : {}) };
      },
      refund: async (input) => {
        this.refundCalls.push(input);
        return this.refundAnswer(input);
      },
    };
  }
}

/** No sandbox is reached from service tests: the real adapters (when asked for) meet a closed port. */
const UNREACHABLE = 'http://127.0.0.1:9';

export interface HarnessOptions {
  /** `real`: the configured adapters (provider URLs unreachable unless `env` says otherwise). */
  channels?: 'scripted' | 'real';
}

export interface Harness {
  app: PaymentsApp;
  channels: ScriptedChannels;
  /** Identity's internal API as a local server (testing/identity.ts). */
  identity: FakeIdentity;
  /** The card service's balance API as a local server (testing/card.ts). */
  card: FakeCard;
  config: PaymentsConfig;
  redis: Redis;
  connection: Connection;
  eventsStored: number;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}, options: HarnessOptions = {}): Promise<Harness> {
  const run = randomBytes(5).toString('hex');
  const keys = generateKeyPairSync('ed25519');
  const identity = await startFakeIdentity(`internal-token-${run}`);
  const card = await startFakeCard(identity.token);
  const config = paymentsConfigSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    JWT_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    MONGO_DB: `payments_test_${run}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    EXCHANGE_RATE: '7.2',
    ALIPAY_APP_ID,
    ALIPAY_PRIVATE_KEY: TEST_PRIVATE_KEY_PEM,
    ALIPAY_PUBLIC_KEY: TEST_PUBLIC_KEY_PEM,
    ALIPAYHK_PRIVATE_KEY: TEST_PRIVATE_KEY_PEM,
    ALIPAYHK_PUBLIC_KEY: TEST_PUBLIC_KEY_PEM,
    WECHAT_MCH_ID: '1900000001',
    WECHAT_API_V3_KEY,
    WECHAT_PLATFORM_SERIAL: WECHAT_SERIAL,
    WECHAT_PLATFORM_PUBLIC_KEY: TEST_PUBLIC_KEY_PEM,
    STRIPE_WEBHOOK_SECRET: STRIPE_SECRET,
    UNIONPAY_PUBLIC_KEY: TEST_PUBLIC_KEY_PEM,
    ALIPAY_GATEWAY_URL: `${UNREACHABLE}/alipay/gateway.do`,
    ALIPAYHK_GATEWAY_URL: `${UNREACHABLE}/alipayhk/gateway.do`,
    WECHAT_API_BASE: `${UNREACHABLE}/wechat`,
    STRIPE_API_BASE: `${UNREACHABLE}/stripe`,
    UNIONPAY_FRONT_URL: `${UNREACHABLE}/unionpay/gateway/api/frontTransReq.do`,
    UNIONPAY_BACK_URL: `${UNREACHABLE}/unionpay/gateway/api/backTransReq.do`,
    IDENTITY_URL: identity.url,
    INTERNAL_TOKEN: identity.token,
    CARD_URL: card.url,
    ...env,
  });
  const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
  const channels = new ScriptedChannels();
  const harness = { config, redis, connection, channels, identity, card, eventsStored: 0 } as Harness;
  harness.app = await buildPayments({
    config,
    redis,
    connection,
    logger: false,
    onEventsStored: () => (harness.eventsStored += 1),
    ...(options.channels === 'real' ? {} : { channels }),
  });
  harness.close = async () => {
    await harness.app.close();
    await connection.dropDatabase();
    await connection.close();
    redis.disconnect();
    await identity.close();
    await card.close();
  };
  return harness;
}

let userCounter = 0;
/** A fresh user id and an access token for it. */
export async function newUser(h: Harness): Promise<{ userId: string; token: string }> {
  userCounter += 1;
  const userId = `u-${randomBytes(4).toString('hex')}-${userCounter}`;
  return { userId, token: await issueAccessToken(h.app, h.redis, userId) };
}

export interface Call {
  method?: 'GET' | 'POST';
  url: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export async function call(h: Harness, options: Call): Promise<LightMyRequestResponse & { envelope: { code: number; msg: string; data: any } }> {
  const headers: Record<string, string> = { language: 'en', ...options.headers };
  if (options.token) headers.accessToken = options.token;
  const response = await h.app.inject({
    method: options.method ?? 'POST',
    url: options.url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
  return Object.assign(response, { envelope: response.json() as { code: number; msg: string; data: any } });
}

let keyCounter = 0;
/** Creates an order through the API; answers its view. */
export async function createOrder(h: Harness, token: string, body: Record<string, unknown> = {}) {
  keyCounter += 1;
  const created = await call(h, {
    url: '/v1/pay/payOrder',
    token,
    body: { orderType: 0, businessRef: 'card-1', amount: 5_000, channelType: 6, transactionType: 1, requestKey: `k-${keyCounter}-${Date.now()}`, ...body },
  });
  if (created.envelope.code !== 200) throw new Error(`payOrder failed: ${created.body}`);
  return created.envelope.data as { orderNo: string; payAmount: number; payCurrency: number };
}

export async function storedOrder(h: Harness, orderNo: string): Promise<OrderDoc | null> {
  return h.app.ctx.orders.byNo(orderNo);
}

/** Every payment event stored in the outbox of the order. */
export async function outboxTypes(h: Harness, orderNo: string): Promise<string[]> {
  const order = await storedOrder(h, orderNo);
  return (order?.outbox ?? []).map((event) => event.type);
}

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** A form-encoded Alipay async notification signed with the TEST key. */
export function alipayNotification(input: { orderNo: string; amount: number; tradeNo?: string; status?: string }, tamper = false): string {
  const params: Record<string, string> = {
    app_id: ALIPAY_APP_ID,
    charset: 'utf-8',
    notify_id: randomBytes(8).toString('hex'),
    out_trade_no: input.orderNo,
    total_amount: yuan(input.amount),
    trade_no: input.tradeNo ?? `2026${input.orderNo}`,
    trade_status: input.status ?? 'TRADE_SUCCESS',
    sign_type: 'RSA2',
  };
  params.sign = rsa2Sign(alipaySigningString(params, 'notification'), TEST_PRIVATE_KEY_PEM);
  if (tamper) params.total_amount = yuan(input.amount + 1);
  return new URLSearchParams(params).toString();
}

export async function notifyAlipay(h: Harness, body: string, channel = 'alipay') {
  return h.app.inject({ method: 'POST', url: `/v1/pay/notify/${channel}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
}

/** A WeChat Pay v3 notification: encrypted resource, signed headers. */
export function wechatNotification(input: { orderNo: string; amount: number; transactionId?: string }) {
  const transaction = {
    out_trade_no: input.orderNo,
    transaction_id: input.transactionId ?? `4200${input.orderNo}`,
    trade_state: 'SUCCESS',
    amount: { total: input.amount, currency: 'CNY' },
  };
  const resource = encryptWechatResource({
    plaintext: JSON.stringify(transaction),
    apiV3Key: WECHAT_API_V3_KEY,
    nonce: randomBytes(6).toString('hex'),
    associatedData: 'transaction',
    originalType: 'transaction',
  });
  const body = JSON.stringify({ id: randomBytes(8).toString('hex'), event_type: 'TRANSACTION.SUCCESS', resource_type: 'encrypt-resource', resource });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(8).toString('hex');
  const signature = sign('sha256', Buffer.from(wechatNotificationMessage({ timestamp, nonce, body })), TEST_PRIVATE_KEY_PEM).toString('base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': WECHAT_SERIAL,
    },
  };
}

/** A Stripe-style webhook for payment_intent.succeeded. */
export function stripeNotification(input: { orderNo: string; amount: number; intentId?: string }) {
  const body = JSON.stringify({
    id: `evt_${randomBytes(6).toString('hex')}`,
    type: 'payment_intent.succeeded',
    data: { object: { id: input.intentId ?? `pi_${input.orderNo}`, amount: input.amount, amount_received: input.amount, metadata: { orderNo: input.orderNo } } },
  });
  const header = stripeSignatureHeader({ payload: body, secret: STRIPE_SECRET, timestamp: Math.floor(Date.now() / 1000) });
  return { body, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
}
