// Test support for the adapters: generated key pairs (ours and the provider's), an order, and a
// fetch that lets a test play the provider and records what was sent.
import { generateKeyPairSync } from 'node:crypto';
import { ClientType, Currency, OrderType, PayChannel, TransactionType } from '@aipay/contracts';
import { PayOrderStatus } from '../../domain/orderStatus.js';
import type { OrderDoc, RefundEntry } from '../../store/orders.js';
import type { CreateTradeInput, RefundInput } from './index.js';
import type { Fetch, Http } from './support.js';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export function rsaPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Ours and the provider's, generated once per test file. */
export const merchant = rsaPair();
export const provider = rsaPair();

export function testOrder(overrides: Partial<OrderDoc> = {}): OrderDoc {
  const now = new Date('2026-03-01T02:00:00.000Z');
  return {
    _id: 'P202603011234567890',
    userId: 'u-1',
    orderType: OrderType.recharge,
    businessRef: 'card-1',
    amount: 5_000,
    currency: Currency.USD,
    usdAmount: 5_000,
    payAmount: 36_000,
    payCurrency: Currency.RMB,
    channelType: PayChannel.fourierAlipay,
    transactionType: TransactionType.alipay,
    payPageType: null,
    status: PayOrderStatus.pending,
    providerTradeNo: null,
    channelTradeRef: null,
    expireAt: new Date(Date.now() + 900_000),
    paidAt: null,
    closedAt: null,
    refunds: [],
    createdAt: now,
    updatedAt: now,
    outbox: [],
    outboxLeaseUntil: null,
    outboxLeaseOwner: null,
    ...overrides,
  };
}

export function tradeInput(order: OrderDoc, clientType: ClientType = ClientType.desktop): CreateTradeInput {
  return {
    order,
    clientType,
    notifyUrl: 'https://pay.example.com/v1/pay/notify/test',
    returnUrl: `https://web.example.com/pay-result?orderNo=${order._id}&redirect=1`,
    clientIp: '203.0.113.7',
  };
}

export function refundInput(order: OrderDoc, refund: Partial<RefundEntry> = {}): RefundInput {
  return {
    order,
    refund: {
      refundNo: `R${order._id.slice(1)}01`,
      amount: 14_400,
      usdAmount: 2_000,
      reason: 'requested',
      status: 'requested',
      createdAt: new Date('2026-03-01T03:00:00.000Z'),
      ...refund,
    },
  };
}

export interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export type ProviderPlay = (request: SentRequest) => Response | Promise<Response>;

/** A fetch answered by `play`; `sent` records every request. */
export function playProvider(play: ProviderPlay): { http: Http; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const fetch: Fetch = async (input, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const request = { url: String(input), method: init?.method ?? 'GET', headers, body: typeof init?.body === 'string' ? init.body : '' };
    sent.push(request);
    return play(request);
  };
  return { http: { fetch, timeoutMs: 2_000 }, sent };
}

/** A fetch that never answers until aborted (a provider that hangs). */
export function hangingProvider(timeoutMs: number): Http {
  const fetch: Fetch = (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(init.signal?.reason ?? new Error('aborted')));
    });
  return { fetch, timeoutMs };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
