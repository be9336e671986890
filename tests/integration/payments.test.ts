// Payments and the provider sandbox agree, over real HTTP, against the real MongoDB-compatible store,
// Redis and Kafka: every protocol's trade is created by payments at the sandbox, paid or failed
// there, notified back (late, in 3 concurrent copies, with the stale "waiting" notice after the
// final one), applied once, refunded at the original channel, and published once on
// payments.events by the kit's outbox relay. Identity's internal API is the real identity app; the
// card service's internal balance API is payments' card stand-in (services/payments/src/testing/
// card.ts): a recharge's refund takes the money off the card first, keeping $1 on it (001 §5).
//
// Wiring: identity, then two payments instances on one database (the second with a 3-second
// ORDER_TTL_SECONDS for the late-payment case) and then the sandbox all listen on port 0. The
// sandbox's Stripe webhook URL needs payments' port, and payments needs the sandbox's port for its
// provider URLs and its own for NOTIFY_BASE_URL: so payments is built with its channels created
// lazily, and once everything listens (before any request) its config gets the final URLs and the
// real channel adapters are created from it. The sandbox's PUBLIC_URL (the browser's view of it)
// is a name the test's "browser" resolves to the sandbox's port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { Connection } from 'mongoose';
import type { Producer } from 'kafkajs';
import { connectMongo, createKafka, createLogger, createProducer, createRedis, issueAccessToken, OutboxRelay } from '@aipay/kit';
import { TOPICS } from '@aipay/contracts';
import { decryptWechatResource, type WechatResource } from '@aipay/pay-protocols';
import { buildSandbox, sandboxConfigSchema } from '@aipay/sandbox';
import { buildIdentity, createContext as identityContext, identityConfigSchema } from '@aipay/identity';
import { createAccount } from '../../services/identity/src/accounts.js';
import { buildPayments, type PaymentsApp } from '../../services/payments/src/app.js';
import { paymentsConfigSchema, type PaymentsConfig } from '../../services/payments/src/config.js';
import { createChannels, type Channels, type Protocol } from '../../services/payments/src/adapters/channels/index.js';
import { createOrderModels, type OrderDoc } from '../../services/payments/src/store/orders.js';
import { startFakeCard, type FakeCard } from '../../services/payments/src/testing/card.js';
import { endpoints, runId } from '../support/endpoints.js';
import { waitFor } from '../support/kafka.js';
import { tokenKeys } from '../support/keys.js';
import { payChannelKeys } from '../support/pay-keys.js';
import { TopicLog, type LoggedEvent } from '../support/topic-log.js';

const DUPLICATES = 2;
const FINAL_COPIES = 1 + DUPLICATES;
const SHORT_TTL_SECONDS = 3;
const SANDBOX_PUBLIC_URL = 'http://pay-sandbox.test';
const INTERNAL_TOKEN = `internal-token-${Date.now()}-0123456789`;
/** $25: inside every channel's minimum and per-payment limit. */
const USD_AMOUNT = 2_500;
/** What the recharged card holds (US cents): enough for every refund the cases take off it. */
const CARD_BALANCE = 100_000;
const WITH_WAITING_NOTICE: ReadonlySet<Protocol> = new Set(['alipay', 'alipayhk', 'wechat']);

const run = () => runId();
const keys = payChannelKeys();
const jwt = tokenKeys();
const logger = createLogger('payments-it', 'silent');

// ---------------------------------------------------------------------------------------------
// What payments received from the providers, and what it made of each verified notification
// ---------------------------------------------------------------------------------------------

type Kind = 'paid' | 'failed' | 'waiting' | 'refund' | 'unreadable';
interface Delivery {
  instance: string;
  channel: string;
  orderNo: string;
  kind: Kind;
  status: number;
  acknowledged: boolean;
  at: number;
}
const deliveries: Delivery[] = [];
const outcomes: { instance: string; orderNo: string; result: string }[] = [];

function readDelivery(channel: string, body: string): { orderNo: string; kind: Kind } {
  try {
    switch (channel) {
      case 'alipay':
      case 'alipayhk': {
        const params = new URLSearchParams(body);
        const status = params.get('trade_status');
        const kind = status === 'TRADE_SUCCESS' ? 'paid' : status === 'TRADE_CLOSED' ? 'failed' : status === 'WAIT_BUYER_PAY' ? 'waiting' : 'unreadable';
        return { orderNo: params.get('out_trade_no') ?? '', kind };
      }
      case 'wechat': {
        const envelope = JSON.parse(body) as { resource: WechatResource };
        const transaction = JSON.parse(decryptWechatResource(envelope.resource, keys.wechatApiV3Key)) as { out_trade_no: string; trade_state: string };
        const state = transaction.trade_state;
        const kind = state === 'SUCCESS' ? 'paid' : state === 'NOTPAY' ? 'waiting' : state === 'CLOSED' || state === 'PAYERROR' ? 'failed' : 'unreadable';
        return { orderNo: transaction.out_trade_no, kind };
      }
      case 'stripe': {
        const event = JSON.parse(body) as { type: string; data: { object: { metadata: { orderNo?: string } } } };
        const kind = event.type === 'payment_intent.succeeded' ? 'paid' : event.type === 'payment_intent.payment_failed' ? 'failed' : 'unreadable';
        return { orderNo: event.data.object.metadata.orderNo ?? '', kind };
      }
      case 'unionpay': {
        const params = new URLSearchParams(body);
        return { orderNo: params.get('orderId') ?? '', kind: params.get('respCode') === '00' ? 'paid' : 'failed' };
      }
      case 'unionpay/refund':
        return { orderNo: new URLSearchParams(body).get('orderId') ?? '', kind: 'refund' };
    }
  } catch {
    // fall through
  }
  return { orderNo: '', kind: 'unreadable' };
}

function acknowledged(channel: string, status: number, payload: unknown): boolean {
  if (channel === 'alipay' || channel === 'alipayhk') return status === 200 && payload === 'success';
  if (channel.startsWith('unionpay')) return status === 200;
  return status >= 200 && status < 300;
}

// ---------------------------------------------------------------------------------------------
// The running system
// ---------------------------------------------------------------------------------------------

interface PaymentsInstance {
  name: string;
  app: PaymentsApp;
  config: PaymentsConfig;
  url: string;
  /** Points the instance at the listening sandbox and at itself; creates its channel adapters. */
  connect(sandboxUrl: string): void;
}

let redis: Redis;
let sandboxRedis: Redis;
let connection: Connection;
let identityConnection: Connection;
let producer: Producer;
let relay: OutboxRelay;
let events: TopicLog;
let identity: Awaited<ReturnType<typeof buildIdentity>>;
let sandbox: Awaited<ReturnType<typeof buildSandbox>>;
let sandboxUrl: string;
let card: FakeCard;
let main: PaymentsInstance;
let short: PaymentsInstance;
let token: string;
let userId: string;
const sandboxPrefix = () => `it-pay-sandbox:${run()}:`;
/** The card the recharges credit (businessRef), held by the card stand-in. */
const cardId = () => `card-${run()}`;

async function startPayments(name: string, ttlSeconds: number, identityUrl: string): Promise<PaymentsInstance> {
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_PUBLIC_KEY: jwt.publicKey,
    MONGO_URL: endpoints().MONGO_URL,
    MONGO_DB: `it_payments_${run()}`,
    REDIS_URL: endpoints().REDIS_URL,
    KAFKA_BROKERS: endpoints().KAFKA_BROKERS,
    ORDER_TTL_SECONDS: String(ttlSeconds),
    EXCHANGE_RATE: '7.2',
    IDENTITY_URL: identityUrl,
    INTERNAL_TOKEN,
    CARD_URL: card.url,
    ...keys.payments,
  };
  const config = paymentsConfigSchema.parse(env);
  let channels: Channels | undefined;
  const lazyChannels: Channels = {
    adapter: (protocol) => {
      if (!channels) throw new Error(`${name}: channels used before the sandbox listens`);
      return channels.adapter(protocol);
    },
  };
  const app = await buildPayments({ config, redis, connection, logger: false, channels: lazyChannels, onEventsStored: () => relay.notify() });

  // Every provider notification and payments' answer to it.
  app.addHook('onSend', async (request, reply, payload) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith('/v1/pay/notify/')) {
      const channel = path.slice('/v1/pay/notify/'.length);
      const read = readDelivery(channel, typeof request.body === 'string' ? request.body : '');
      deliveries.push({ instance: name, channel, ...read, status: reply.statusCode, acknowledged: acknowledged(channel, reply.statusCode, payload), at: Date.now() });
    }
    return payload;
  });
  // What the store made of every verified payment notification (paid, duplicate, latePayment ...).
  const applyNotice = app.ctx.orders.applyNotice.bind(app.ctx.orders);
  app.ctx.orders.applyNotice = async (notice, now) => {
    const outcome = await applyNotice(notice, now);
    outcomes.push({ instance: name, orderNo: notice.orderNo, result: outcome.result });
    return outcome;
  };

  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    name,
    app,
    config,
    url,
    connect(sandbox: string) {
      // The ctx holds this very object: the final URLs before any request is served.
      Object.assign(
        config,
        paymentsConfigSchema.parse({
          ...env,
          NOTIFY_BASE_URL: url,
          PUBLIC_WEB_URL: 'http://web.test',
          ALIPAY_GATEWAY_URL: `${sandbox}/alipay/gateway.do`,
          ALIPAYHK_GATEWAY_URL: `${sandbox}/alipayhk/gateway.do`,
          WECHAT_API_BASE: `${sandbox}/wechat`,
          STRIPE_API_BASE: `${sandbox}/stripe`,
          UNIONPAY_FRONT_URL: `${sandbox}/unionpay/gateway/api/frontTransReq.do`,
          UNIONPAY_BACK_URL: `${sandbox}/unionpay/gateway/api/backTransReq.do`,
        }),
      );
      channels = createChannels(config);
    },
  };
}

beforeAll(async () => {
  const { MONGO_URL, REDIS_URL, KAFKA_BROKERS } = endpoints();
  redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
  connection = await connectMongo(MONGO_URL, `it_payments_${run()}`);
  await createOrderModels(connection).Order.createIndexes();
  identityConnection = await connectMongo(MONGO_URL, `it_pay_identity_${run()}`);

  const kafka = createKafka({ clientId: `payments-it-${run()}`, brokers: KAFKA_BROKERS.split(',') });
  producer = createProducer(kafka);
  await producer.connect();
  relay = new OutboxRelay({ producer, models: [createOrderModels(connection).Order], logger, pollIntervalMs: 100 });
  relay.start();
  events = new TopicLog(kafka, TOPICS.payments, `it-payments-${run()}`);
  await events.start();

  // Identity: the real app; the user created in its store the way identity creates accounts.
  const identityConfig = identityConfigSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_PUBLIC_KEY: jwt.publicKey,
    JWT_PRIVATE_KEY: jwt.privateKey,
    MONGO_URL,
    MONGO_DB: `it_pay_identity_${run()}`,
    REDIS_URL,
    REDIS_KEY_PREFIX: `it-pay-identity-${run()}:`,
    SMS_PROVIDER_URL: 'http://127.0.0.1:9',
    EMAIL_PROVIDER_URL: 'http://127.0.0.1:9',
    KYC_PROVIDER_URL: 'http://127.0.0.1:9',
    INTERNAL_TOKEN,
  });
  identity = await buildIdentity({ config: identityConfig, redis, connection: identityConnection, logger: false });
  const identityUrl = await identity.listen({ host: '127.0.0.1', port: 0 });
  const user = await createAccount(identityContext({ config: identityConfig, redis, connection: identityConnection }), {
    mobile: { number: `139${String(Date.now()).slice(-8)}`, areaCode: 86 },
  });
  // Face-verified, as identity's own tests set it: the $3000 monthly limit, not the $100 one.
  await identityConnection.db!.collection('users').updateOne({ _id: user._id as never }, { $set: { verified: true } });
  userId = user._id;
  token = await issueAccessToken(identity, redis, userId);

  // The card service's balance API: the user's recharged card, with more than the cases refund.
  card = await startFakeCard(INTERNAL_TOKEN);
  card.open(cardId(), userId, CARD_BALANCE);

  main = await startPayments('main', 900, identityUrl);
  short = await startPayments('short-ttl', SHORT_TTL_SECONDS, identityUrl);

  sandboxRedis = createRedis(REDIS_URL, { keyPrefix: sandboxPrefix() });
  const sandboxConfig = sandboxConfigSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_URL,
    PUBLIC_URL: SANDBOX_PUBLIC_URL,
    PAY_NOTIFY_DELAY_MS: '50',
    PAY_NOTIFY_DUPLICATES: String(DUPLICATES),
    PAY_NOTIFY_OUT_OF_ORDER: 'true',
    PAY_NOTIFY_FAILURE_RATE: '0',
    PAY_NOTIFY_RETRY_MS: '100',
    PAY_STRIPE_WEBHOOK_URL: `${main.url}/v1/pay/notify/stripe`,
    ...keys.sandbox,
  });
  sandbox = await buildSandbox(sandboxConfig, sandboxRedis, { logger: false });
  sandboxUrl = await sandbox.listen({ host: '127.0.0.1', port: 0 });
  main.connect(sandboxUrl);
  short.connect(sandboxUrl);
});

afterAll(async () => {
  await sandbox?.close();
  await main?.app.close();
  await short?.app.close();
  await identity?.close();
  await card?.close();
  await relay?.stop();
  await events?.stop();
  await producer?.disconnect();
  if (sandboxRedis) {
    const own = await redis.keys(`${sandboxPrefix()}*`);
    if (own.length) await redis.del(...own);
    sandboxRedis.disconnect();
  }
  if (identityConnection) {
    const identityKeys = await redis.keys(`it-pay-identity-${run()}:*`);
    if (identityKeys.length) await redis.del(...identityKeys);
    if (userId) await redis.del(`auth:session:${userId}`);
    await identityConnection.dropDatabase();
    await identityConnection.close();
  }
  await connection?.dropDatabase();
  await connection?.close();
  redis?.disconnect();
});

// ---------------------------------------------------------------------------------------------
// Talking to the services like their clients do
// ---------------------------------------------------------------------------------------------

interface Answer {
  status: number;
  envelope: { code: number; msg: string; data: any };
}

async function api(instance: PaymentsInstance, path: string, body: unknown, clientType = 1): Promise<Answer> {
  const response = await fetch(`${instance.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accessToken: token, language: 'en', clientType: String(clientType) },
    body: JSON.stringify(body),
  });
  return { status: response.status, envelope: (await response.json()) as Answer['envelope'] };
}

interface SandboxTrade {
  tradeId: string;
  protocol: Protocol;
  orderNo: string;
  amount: number;
  currency: string;
  status: 'created' | 'paid' | 'failed' | 'expired';
  providerTradeNo: string;
  notifyUrl?: string;
  pageUrl: string;
  refunds: { refundNo: string; amount: number }[];
}

async function sandboxCall(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${sandboxUrl}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: response.status, envelope: (await response.json()) as Answer['envelope'] };
}

async function tradesOf(orderNo: string): Promise<SandboxTrade[]> {
  const answer = await sandboxCall('GET', `/pay/trades?orderNo=${encodeURIComponent(orderNo)}`);
  expect(answer.envelope.code).toBe(200);
  return answer.envelope.data as SandboxTrade[];
}

async function trade(tradeId: string): Promise<SandboxTrade> {
  return (await sandboxCall('GET', `/pay/trades/${tradeId}`)).envelope.data as SandboxTrade;
}

/** The browser follows a sandbox link: the public name resolves to the listening sandbox. */
const browserUrl = (url: string) => (url.startsWith(SANDBOX_PUBLIC_URL) ? `${sandboxUrl}${url.slice(SANDBOX_PUBLIC_URL.length)}` : url);
const pageOf = (tradeId: string) => `${SANDBOX_PUBLIC_URL}/pay/page/${tradeId}`;

const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');

/** The auto-submitting form of a payHtml: where it posts and its fields. */
function formOf(html: string): { action: string; method: string; fields: Record<string, string> } {
  const form = /<form[^>]*method="([^"]+)"[^>]*action="([^"]+)"/i.exec(html);
  expect(form, 'payHtml has a form').not.toBeNull();
  const fields: Record<string, string> = {};
  for (const input of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) fields[unescapeHtml(input[1]!)] = unescapeHtml(input[2]!);
  return { method: form![1]!.toUpperCase(), action: unescapeHtml(form![2]!), fields };
}

const stored = async (orderNo: string): Promise<OrderDoc> => (await main.app.ctx.orders.byNo(orderNo))!;
const deliveriesOf = (orderNo: string) => deliveries.filter((delivery) => delivery.orderNo === orderNo);
const outcomesOf = (orderNo: string) => outcomes.filter((outcome) => outcome.orderNo === orderNo).map((outcome) => outcome.result);
const types = (list: LoggedEvent[]) => list.map((event) => event.type);

// ---------------------------------------------------------------------------------------------
// The flows
// ---------------------------------------------------------------------------------------------

interface Flow {
  name: string;
  channelType: number;
  transactionType: number;
  clientType: 1 | 2;
  protocol: Protocol;
  /** How the payer reaches the provider: a QR code / hosted page, a link the phone opens, a form the browser posts. */
  reach: 'qr' | 'link' | 'form';
}

const FLOWS: Flow[] = [
  { name: 'Alipay desktop QR (channel 6)', channelType: 6, transactionType: 1, clientType: 1, protocol: 'alipay', reach: 'qr' },
  { name: 'Alipay mobile WAP (channel 6)', channelType: 6, transactionType: 1, clientType: 2, protocol: 'alipay', reach: 'link' },
  { name: 'AlipayHK desktop QR (channel 8)', channelType: 8, transactionType: 4, clientType: 1, protocol: 'alipayhk', reach: 'qr' },
  { name: 'WeChat native (channel 12)', channelType: 12, transactionType: 2, clientType: 1, protocol: 'wechat', reach: 'qr' },
  { name: 'WeChat H5 (channel 12)', channelType: 12, transactionType: 2, clientType: 2, protocol: 'wechat', reach: 'link' },
  { name: 'Stripe checkout (channel 2)', channelType: 2, transactionType: 1, clientType: 1, protocol: 'stripe', reach: 'qr' },
  { name: 'UnionPay form (channel 1)', channelType: 1, transactionType: 3, clientType: 1, protocol: 'unionpay', reach: 'form' },
];
const flow = (name: string) => FLOWS.find((candidate) => candidate.name.startsWith(name))!;

interface Ordered {
  orderNo: string;
  payAmount: number;
  payCurrency: number;
  /** The recharge fee in US cents, paid on top of USD_AMOUNT. */
  feeAmount: number;
  flow: Flow;
  instance: PaymentsInstance;
}

let requestCounter = 0;
async function payOrder(f: Flow, instance: PaymentsInstance = main, businessRef = cardId()): Promise<Ordered> {
  requestCounter += 1;
  const created = await api(
    instance,
    '/v1/pay/payOrder',
    { orderType: 0, businessRef, amount: USD_AMOUNT, channelType: f.channelType, transactionType: f.transactionType, requestKey: `it-${run()}-${requestCounter}` },
    f.clientType,
  );
  expect(created.envelope, 'payOrder').toMatchObject({ code: 200, data: { payStatus: 0, usdAmount: USD_AMOUNT } });
  const { orderNo, payAmount, payCurrency, feeAmount } = created.envelope.data as { orderNo: string; payAmount: number; payCurrency: number; feeAmount: number };
  expect(feeAmount, 'a recharge pays the channel fee on top').toBeGreaterThan(0);
  return { orderNo, payAmount, payCurrency, feeAmount, flow: f, instance };
}

/** POST /v1/pay/payUrl: a payUrl or a payHtml for the order's channel and the client's device. */
async function askPayUrl(order: Ordered): Promise<{ payUrl?: string; payHtml?: string }> {
  const { flow: f } = order;
  const link = await api(order.instance, '/v1/pay/payUrl', { orderNo: order.orderNo }, f.clientType);
  expect(link.envelope, 'payUrl').toMatchObject({ code: 200, data: { orderNo: order.orderNo, channelType: f.channelType, transactionType: f.transactionType } });
  return link.envelope.data as { payUrl?: string; payHtml?: string };
}

/** What the payer's device does with the link; answers the provider page it lands on. */
async function reachProvider(order: Ordered, link: { payUrl?: string; payHtml?: string }): Promise<string> {
  const { flow: f } = order;
  const { payUrl, payHtml } = link;
  if (f.reach === 'qr') {
    // A server call created the trade; the QR code (Stripe's url) is its cashier page.
    expect(payUrl!.startsWith(`${SANDBOX_PUBLIC_URL}/pay/page/`)).toBe(true);
    return payUrl!;
  }
  let response: Response;
  if (f.reach === 'link' && f.protocol === 'alipay') {
    // No server call: the phone carries the signed request to the gateway, which opens the trade.
    expect(payUrl!.startsWith(`${sandboxUrl}/alipay/gateway.do?`)).toBe(true);
    response = await fetch(payUrl!, { redirect: 'manual' });
  } else if (f.reach === 'link') {
    // WeChat H5: the server call opened the trade; the phone opens h5_url with its redirect_url.
    expect(payUrl!.startsWith(`${SANDBOX_PUBLIC_URL}/wechat/h5?prepay_id=`)).toBe(true);
    const back = encodeURIComponent(`http://web.test/pay-result?orderNo=${order.orderNo}`);
    response = await fetch(`${browserUrl(payUrl!)}&redirect_url=${back}`, { redirect: 'manual' });
  } else {
    // UnionPay: the browser posts the auto-submitting form to the front URL.
    expect(payUrl).toBeUndefined();
    const form = formOf(payHtml!);
    expect(form.method).toBe('POST');
    expect(form.action).toBe(`${sandboxUrl}/unionpay/gateway/api/frontTransReq.do`);
    expect(form.fields).toMatchObject({ orderId: order.orderNo, txnAmt: String(order.payAmount), txnType: '01', merId: keys.payments.UNIONPAY_MER_ID });
    response = await fetch(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form.fields).toString(),
      redirect: 'manual',
    });
  }
  expect(response.status, await response.clone().text()).toBe(302);
  return response.headers.get('location')!;
}

/**
 * payUrl, then whatever the payer's device does with it, until the provider has the trade; then
 * payUrl again (the payer reopens the page): the same trade, never a second payable one.
 */
async function openTrade(order: Ordered): Promise<SandboxTrade> {
  const { flow: f, instance } = order;
  const link = await askPayUrl(order);
  // The browser-carried requests (Alipay WAP, UnionPay's form) open the trade only when they arrive.
  if (f.protocol === 'unionpay' || (f.protocol === 'alipay' && f.reach === 'link')) expect(await tradesOf(order.orderNo)).toEqual([]);
  const page = await reachProvider(order, link);

  const trades = await tradesOf(order.orderNo);
  expect(trades).toHaveLength(1);
  const opened = trades[0]!;
  expect(page).toBe(pageOf(opened.tradeId));
  expect(opened).toMatchObject({ protocol: f.protocol, orderNo: order.orderNo, amount: order.payAmount, status: 'created', refunds: [] });
  if (f.protocol !== 'stripe') expect(opened.notifyUrl).toBe(`${instance.url}/v1/pay/notify/${f.protocol}`);

  const again = await reachProvider(order, await askPayUrl(order));
  expect(again).toBe(page);
  expect((await tradesOf(order.orderNo)).map((trade) => trade.tradeId)).toEqual([opened.tradeId]);
  return opened;
}

async function payStatus(order: Ordered): Promise<number> {
  const answer = await api(order.instance, '/v1/pay/tradeStatus', { orderNo: order.orderNo });
  expect(answer.envelope.code).toBe(200);
  return answer.envelope.data.payStatus as number;
}

async function waitPayStatus(order: Ordered, expected: number, timeoutMs = 10_000): Promise<void> {
  await waitFor(`payStatus ${expected} of ${order.orderNo}`, async () => (await payStatus(order)) === expected, timeoutMs);
}

/**
 * Waits until the sandbox has delivered everything it sends for a finished trade (the final
 * notice in `copies` copies, then, for a Pay or Fail, the stale waiting notice where the protocol
 * has one), every delivery acknowledged; then until the relay has published the order's stored
 * events and the reader has read the topic to its end. `since`: how many deliveries of the order
 * came before the step that is waited for. Answers the step's deliveries, in arrival order.
 */
async function settled(order: Ordered, final: 'paid' | 'failed', { since = 0, copies = FINAL_COPIES } = {}) {
  const waiting = copies === FINAL_COPIES && WITH_WAITING_NOTICE.has(order.flow.protocol) ? 1 : 0;
  const step = () => deliveriesOf(order.orderNo).slice(since);
  await waitFor(
    `${copies} ${final} and ${waiting} waiting notices of ${order.orderNo}`,
    async () => step().filter((delivery) => delivery.kind === final).length >= copies && step().filter((delivery) => delivery.kind === 'waiting').length >= waiting,
    10_000,
  );
  await waitFor(`the outbox of ${order.orderNo} published`, async () => (await stored(order.orderNo)).outbox.length === 0, 10_000);
  await events.caughtUp();
  const list = step();
  expect(list.filter((delivery) => !delivery.acknowledged), 'every notification acknowledged').toEqual([]);
  expect(list.map((delivery) => delivery.kind).sort()).toEqual([...Array.from({ length: copies }, () => final), ...Array.from({ length: waiting }, () => 'waiting')].sort());
  return list;
}

/** An order paid through `f` and settled: one payment.succeeded, state changed once. */
async function payThrough(f: Flow, businessRef = cardId()): Promise<{ order: Ordered; trade: SandboxTrade }> {
  const order = await payOrder(f, main, businessRef);
  const opened = await openTrade(order);
  const paid = await sandboxCall('POST', `/pay/trades/${opened.tradeId}/pay`, {});
  expect(paid.envelope).toMatchObject({ code: 200, data: { status: 'paid' } });
  await waitPayStatus(order, 1);

  const list = await settled(order, 'paid');
  if (WITH_WAITING_NOTICE.has(f.protocol)) {
    // Out of order: the stale waiting notice came after every copy of the final one.
    expect(list.at(-1)!.kind).toBe('waiting');
  }
  // Of FINAL_COPIES verified copies, exactly one changed the order; the others found it paid.
  expect(outcomesOf(order.orderNo).sort()).toEqual(['duplicate', 'duplicate', 'paid']);
  const published = events.of(order.orderNo);
  expect(types(published)).toEqual(['payment.succeeded']);
  const after = await stored(order.orderNo);
  expect(after).toMatchObject({ status: 'paid', providerTradeNo: opened.providerTradeNo, refunds: [], outbox: [] });
  expect(published[0]!.data).toMatchObject({
    orderNo: order.orderNo,
    userId,
    amount: order.payAmount,
    currency: order.payCurrency,
    usdAmount: USD_AMOUNT,
    fee: order.feeAmount,
    channelType: f.channelType,
    transactionType: f.transactionType,
    providerTradeNo: opened.providerTradeNo,
    paidAt: after.paidAt!.toISOString(),
  });
  expect(published[0]!.key).toBe(order.orderNo);
  expect((await trade(opened.tradeId)).status).toBe('paid');
  return { order, trade: opened };
}

// ---------------------------------------------------------------------------------------------
// The cases
// ---------------------------------------------------------------------------------------------

const paidByFlow = new Map<string, { order: Ordered; trade: SandboxTrade }>();

describe('payments and the provider sandbox', () => {
  describe('a payment through each protocol is applied and published exactly once', () => {
    it.each(FLOWS.map((f) => [f.name, f] as const))('%s', async (_name, f) => {
      paidByFlow.set(f.name, await payThrough(f));
    });
  });

  it('a failed payment: payStatus 2 and one payment.failed', async () => {
    for (const f of [flow('Alipay desktop'), flow('WeChat native'), flow('Stripe'), flow('UnionPay')]) {
      const order = await payOrder(f);
      const opened = await openTrade(order);
      expect((await sandboxCall('POST', `/pay/trades/${opened.tradeId}/fail`, {})).envelope).toMatchObject({ code: 200, data: { status: 'failed' } });
      await waitPayStatus(order, 2);
      await settled(order, 'failed');
      expect(outcomesOf(order.orderNo).sort(), f.name).toEqual(['duplicate', 'duplicate', 'failed']);
      const published = events.of(order.orderNo);
      expect(types(published), f.name).toEqual(['payment.failed']);
      expect(published[0]!.data).toMatchObject({ orderNo: order.orderNo, reason: 'channelFailed', amount: order.payAmount });
      expect(await stored(order.orderNo)).toMatchObject({ status: 'failed', providerTradeNo: opened.providerTradeNo });
      // The money never came: nothing to pay out, nothing more published.
      expect((await api(main, '/pay/refund', { orderNo: order.orderNo, amount: 100 })).status).toBe(409);
    }
  });

  describe('refunds go back to the original channel', () => {
    const REFUND_FLOWS = ['Alipay desktop', 'AlipayHK', 'WeChat native', 'Stripe', 'UnionPay'].map(flow);
    it.each(REFUND_FLOWS.map((f) => [f.name, f] as const))('%s: part, too much (400), the rest', async (_name, f) => {
      const { order, trade: paidTrade } = await payThrough(f);
      const balance = () => card.cards.get(cardId())!.balance;
      const balanceBefore = balance();
      const firstUsd = 1_000;
      const first = await api(main, '/pay/refund', { orderNo: order.orderNo, amount: firstUsd });
      expect(first.envelope).toMatchObject({ code: 200, data: { orderNo: order.orderNo, refundState: 2 } });
      // The recharge came off the card before the channel was asked (keyed by the refundNo, $1 kept).
      expect(card.debits.get(first.envelope.data.refundNo)).toMatchObject({ status: 'debited', reason: 'rechargeRefund', cardId: cardId(), amount: firstUsd, keepAtLeast: 100 });
      expect(balance()).toBe(balanceBefore - firstUsd);
      await waitFor('the partial refund settled', async () => (await stored(order.orderNo)).status === 'partiallyRefunded', 10_000);
      // A recharge's fee is kept: a user's refunds return the value part of what was paid.
      const { feePayAmount = 0 } = await stored(order.orderNo);
      const valuePaid = order.payAmount - feePayAmount;
      const part = order.payCurrency === 2 ? firstUsd : Math.floor((valuePaid * firstUsd) / USD_AMOUNT);
      const afterFirst = await trade(paidTrade.tradeId);
      expect(afterFirst.refunds.map((refund) => [refund.refundNo, refund.amount])).toEqual([[first.envelope.data.refundNo, part]]);
      expect((await api(main, '/v1/pay/tradeStatus', { orderNo: order.orderNo })).envelope.data.payStatus).toBe(1);

      // More than remains: refused before anything reaches the provider.
      const tooMuch = await api(main, '/pay/refund', { orderNo: order.orderNo, amount: USD_AMOUNT - firstUsd + 1 });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.envelope.code).toBe(400);
      expect(tooMuch.envelope.data).toMatchObject({ field: 'amount', reason: 'amountTooLarge' });
      expect(tooMuch.envelope.msg).toMatch(/amount/);
      expect((await trade(paidTrade.tradeId)).refunds).toHaveLength(1);

      const rest = await api(main, '/pay/refund', { orderNo: order.orderNo, amount: USD_AMOUNT - firstUsd });
      expect(rest.envelope).toMatchObject({ code: 200, data: { refundState: 2 } });
      await waitFor('the last refund settled', async () => (await stored(order.orderNo)).status === 'refunded', 10_000);
      const afterRest = await trade(paidTrade.tradeId);
      expect(afterRest.refunds.map((refund) => [refund.refundNo, refund.amount])).toEqual([
        [first.envelope.data.refundNo, part],
        [rest.envelope.data.refundNo, valuePaid - part],
      ]);
      // The fee stays with the merchant.
      expect(feePayAmount).toBeGreaterThan(0);
      expect(afterRest.amount - afterRest.refunds.reduce((sum, refund) => sum + refund.amount, 0)).toBe(feePayAmount);
      // Refunded wholly: nothing more to refund, and the whole value came off the card once.
      expect((await api(main, '/pay/refund', { orderNo: order.orderNo, amount: 1 })).status).toBe(409);
      expect(balance()).toBe(balanceBefore - USD_AMOUNT);

      await waitFor(`the outbox of ${order.orderNo} published`, async () => (await stored(order.orderNo)).outbox.length === 0, 10_000);
      await events.caughtUp();
      const published = events.of(order.orderNo);
      expect(types(published)).toEqual(['payment.succeeded', 'refund.succeeded', 'refund.succeeded']);
      expect(published[1]!.data).toMatchObject({ refundNo: first.envelope.data.refundNo, amount: part, usdAmount: firstUsd, full: false, reason: 'requested' });
      expect(published[2]!.data).toMatchObject({ refundNo: rest.envelope.data.refundNo, amount: valuePaid - part, usdAmount: USD_AMOUNT - firstUsd, full: true, reason: 'requested' });
      const final = await stored(order.orderNo);
      expect(final.refunds.map((refund) => [refund.refundNo, refund.status, refund.amount])).toEqual([
        [first.envelope.data.refundNo, 'succeeded', part],
        [rest.envelope.data.refundNo, 'succeeded', valuePaid - part],
      ]);
    });
  });

  it('a refund that would leave less than $1 on the card is refused (400 naming amount); nothing reaches the provider', async () => {
    // A card that holds only what the recharge put on it.
    const small = `card-small-${run()}`;
    card.open(small, userId, USD_AMOUNT);
    const { order, trade: paidTrade } = await payThrough(flow('Alipay desktop'), small);
    const refused = await api(main, '/pay/refund', { orderNo: order.orderNo, amount: USD_AMOUNT - 50 });
    expect(refused.status).toBe(400);
    expect(refused.envelope).toMatchObject({ code: 400, data: { field: 'amount', reason: 'mustKeepOneDollar', orderNo: order.orderNo, balance: USD_AMOUNT } });
    expect(refused.envelope.msg).toMatch(/\$1/);
    expect(card.cards.get(small)?.balance).toBe(USD_AMOUNT);
    expect((await trade(paidTrade.tradeId)).refunds).toEqual([]);
    expect(await stored(order.orderNo)).toMatchObject({ status: 'paid', refunds: [{ status: 'failed', cardDebit: 'refused', message: 'insufficient' }] });
    // Still paid: nothing published but the payment.
    await waitFor(`the outbox of ${order.orderNo} published`, async () => (await stored(order.orderNo)).outbox.length === 0, 10_000);
    await events.caughtUp();
    expect(types(events.of(order.orderNo))).toEqual(['payment.succeeded']);
    expect((await api(main, '/v1/pay/tradeStatus', { orderNo: order.orderNo })).envelope.data.payStatus).toBe(1);
  });

  it('a payment after the order closed is refunded automatically at the sandbox', async () => {
    const f = flow('Alipay desktop');
    const order = await payOrder(f, short);
    const opened = await openTrade(order);
    // The order's time runs out (ORDER_TTL_SECONDS); reading its status closes it.
    await waitPayStatus(order, 2, (SHORT_TTL_SECONDS + 5) * 1000);
    const closed = await stored(order.orderNo);
    expect(closed).toMatchObject({ status: 'closed', providerTradeNo: null });
    // The provider's trade runs out too ("Let it expire"); money arriving anyway is a forced payment.
    expect((await sandboxCall('POST', `/pay/trades/${opened.tradeId}/expire`, {})).envelope.data.status).toBe('expired');
    expect((await sandboxCall('POST', `/pay/trades/${opened.tradeId}/pay`, {})).status).toBe(409);
    expect((await sandboxCall('POST', `/pay/trades/${opened.tradeId}/pay`, { force: true })).envelope).toMatchObject({ code: 200, data: { status: 'paid' } });

    await waitFor('the late payment refunded', async () => (await stored(order.orderNo)).status === 'refunded', 10_000);
    const list = await settled(order, 'paid');
    expect(list.every((delivery) => delivery.instance === 'short-ttl' && delivery.at > closed.closedAt!.getTime())).toBe(true);
    expect(outcomesOf(order.orderNo).sort()).toEqual(['duplicate', 'duplicate', 'latePayment']);

    const refundedTrade = await trade(opened.tradeId);
    expect(refundedTrade.status).toBe('paid');
    expect(refundedTrade.refunds.map((refund) => refund.amount)).toEqual([order.payAmount]);
    const final = await stored(order.orderNo);
    expect(final).toMatchObject({ status: 'refunded', providerTradeNo: opened.providerTradeNo });
    expect(final.refunds).toMatchObject([{ reason: 'latePayment', status: 'succeeded', amount: order.payAmount, refundNo: refundedTrade.refunds[0]!.refundNo }]);

    const published = events.of(order.orderNo);
    expect(types(published)).toEqual(['payment.failed', 'refund.succeeded']);
    expect(published[0]!.data).toMatchObject({ reason: 'expired' });
    expect(published[1]!.data).toMatchObject({ orderNo: order.orderNo, reason: 'latePayment', full: true, amount: order.payAmount, usdAmount: USD_AMOUNT });
    // The money never reached the card: the card is not asked.
    // (its calls are keyed by the orderNo, or by a refundNo: `R` and the order's digits).
    const refundKeys = `R${order.orderNo.slice(1)}`;
    expect(card.calls.filter((entry) => entry.body?.orderNo === order.orderNo || String(entry.body?.orderNo).startsWith(refundKeys))).toEqual([]);

    // The provider delivers the late payment again: no second refund, nothing published.
    const before = await stored(order.orderNo);
    const outcomesBefore = outcomesOf(order.orderNo).length;
    const since = deliveriesOf(order.orderNo).length;
    expect((await sandboxCall('POST', `/pay/trades/${opened.tradeId}/notify`, { copies: 20 })).envelope.code).toBe(200);
    await settled(order, 'paid', { since, copies: 20 });
    expect(outcomesOf(order.orderNo).slice(outcomesBefore)).toEqual(Array.from({ length: 20 }, () => 'duplicate'));
    expect((await trade(opened.tradeId)).refunds).toHaveLength(1);
    expect(types(events.of(order.orderNo))).toEqual(['payment.failed', 'refund.succeeded']);
    expect(await stored(order.orderNo)).toEqual(before);

    // BUG (services/payments/src/domain/orderStatus.ts:96-100, payStatusOf): the money came too
    // late and went straight back; the order was never paid and will never be fulfilled (no
    // payment.succeeded), yet once it moves closed → refunding → refunded, tradeStatus reads it as
    // paid: payStatus 1, and the web client's pay-result shows "payment successful" (and, for a
    // recharge, polls transactionStatus, which stays 1 "handling" for good). It should stay 2.
    expect(await payStatus(order), 'payStatus of an expired order whose late payment was returned').toBe(2);
  });

  it('a payment after the provider failed the trade (UnionPay) is refunded automatically', async () => {
    const f = flow('UnionPay');
    const order = await payOrder(f);
    const opened = await openTrade(order);
    expect((await sandboxCall('POST', `/pay/trades/${opened.tradeId}/fail`, {})).envelope.data.status).toBe('failed');
    await waitPayStatus(order, 2);
    await settled(order, 'failed');
    const since = deliveriesOf(order.orderNo).length;
    expect((await sandboxCall('POST', `/pay/trades/${opened.tradeId}/pay`, {})).status).toBe(409);
    expect((await sandboxCall('POST', `/pay/trades/${opened.tradeId}/pay`, { force: true })).envelope.data.status).toBe('paid');

    await waitFor('the late payment refunded', async () => (await stored(order.orderNo)).status === 'refunded', 10_000);
    await settled(order, 'paid', { since });
    expect(outcomesOf(order.orderNo).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'failed', 'latePayment']);
    const refundedTrade = await trade(opened.tradeId);
    expect(refundedTrade.refunds.map((refund) => refund.amount)).toEqual([order.payAmount]);
    expect((await stored(order.orderNo)).refunds).toMatchObject([{ reason: 'latePayment', status: 'succeeded', amount: order.payAmount, refundNo: refundedTrade.refunds[0]!.refundNo }]);
    const published = events.of(order.orderNo);
    expect(types(published)).toEqual(['payment.failed', 'refund.succeeded']);
    expect(published[0]!.data).toMatchObject({ reason: 'channelFailed' });
    expect(published[1]!.data).toMatchObject({ reason: 'latePayment', full: true, amount: order.payAmount });
  });

  // BUG (contract, docs/pay-channels.md "Amounts are the order's payAmount (fen for RMB, cents for
  // USD)"): payments charges AlipayHK (channel 8) in RMB fen and sends no currency
  // (services/payments/src/adapters/channels/alipay.ts createTrade biz), while the sandbox opens an
  // AlipayHK trade without a currency in HKD (services/sandbox/src/routes/pay/alipay.ts:77), shows
  // HK$ on its cashier page and notifies the same number, which payments takes as fen: the payer is
  // charged HK$ for a ¥ price. The other protocols agree.
  describe("the provider's trade is in the order's pay currency", () => {
    const ISO: Record<number, string> = { 1: 'CNY', 2: 'USD' };
    it.each(FLOWS.map((f) => [f.name, f] as const))('%s', async (_name, f) => {
      const known = paidByFlow.get(f.name);
      const order = known?.order ?? (await payOrder(f));
      const opened = known ? await trade(known.trade.tradeId) : await openTrade(order);
      expect(opened.currency.toUpperCase(), `${f.name}: the order is paid in ${ISO[order.payCurrency]}`).toBe(ISO[order.payCurrency]);
    });
  });

  describe('a notification replayed 20 times after payment changes nothing', () => {
    const REPLAY_FLOWS = ['Alipay desktop', 'AlipayHK', 'WeChat native', 'Stripe', 'UnionPay'].map(flow);
    it.each(REPLAY_FLOWS.map((f) => [f.name, f] as const))('%s', async (_name, f) => {
      const { order, trade: paidTrade } = paidByFlow.get(f.name) ?? (await payThrough(f));
      const before = await stored(order.orderNo);
      const since = deliveriesOf(order.orderNo).length;
      const outcomesBefore = outcomesOf(order.orderNo).length;

      const replay = await sandboxCall('POST', `/pay/trades/${paidTrade.tradeId}/notify`, { copies: 20 });
      expect(replay.envelope).toMatchObject({ code: 200, data: { tradeId: paidTrade.tradeId, status: 'paid', copies: 20 } });
      await settled(order, 'paid', { since, copies: 20 });

      expect(outcomesOf(order.orderNo).slice(outcomesBefore)).toEqual(Array.from({ length: 20 }, () => 'duplicate'));
      expect(types(events.of(order.orderNo))).toEqual(['payment.succeeded']);
      expect(await stored(order.orderNo)).toEqual(before);
    });
  });
});
