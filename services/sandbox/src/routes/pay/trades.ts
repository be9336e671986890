// The payment providers' trades in Redis (the client carries the `sandbox:` prefix), kept 24 h.
// Every change is a compare-and-set on the trade's JSON, so a click, the test API and a late
// precreate cannot overwrite one another on the shared connection.
import { randomBytes, randomInt } from 'node:crypto';
import type { Redis } from '@aipay/kit';
import { TTL_SECONDS } from '../../store.js';

export const PROTOCOLS = ['alipay', 'alipayhk', 'wechat', 'stripe', 'unionpay'] as const;
export type Protocol = (typeof PROTOCOLS)[number];
export type TradeStatus = 'created' | 'paid' | 'failed' | 'expired';

export interface Refund {
  refundNo: string;
  /** The provider's id of the refund (WeChat refund_id, Stripe re_..., UnionPay queryId). */
  refundId: string;
  amount: number;
  createdAt: string;
}

export interface Trade {
  tradeId: string;
  protocol: Protocol;
  /** The merchant's order number (out_trade_no, client_reference_id, orderId). */
  orderNo: string;
  /** Minor units (fen, cents). */
  amount: number;
  currency: string;
  subject?: string;
  notifyUrl?: string;
  /** Where "back to the merchant" leads after paying (return_url, frontUrl, success_url, redirect_url). */
  returnUrl?: string;
  /** Stripe's cancel_url: where a failed or expired checkout leads. */
  cancelUrl?: string;
  expiresAt: string;
  status: TradeStatus;
  /** Alipay trade_no, WeChat transaction_id, Stripe pi_..., UnionPay queryId. */
  providerTradeNo: string;
  createdAt: string;
  finishedAt?: string;
  refunds: Refund[];
  /** Protocol details the answers and notifications repeat (txnTime, appid, session id ...). */
  extra: Record<string, string>;
}

export type NewTrade = Omit<Trade, 'tradeId' | 'status' | 'createdAt' | 'refunds' | 'providerTradeNo'> & { tradeId?: string };

const tradeKey = (tradeId: string) => `pay:trade:${tradeId}`;
const orderKey = (protocol: Protocol, orderNo: string) => `pay:order:${protocol}:${orderNo}`;
const providerKey = (protocol: Protocol, providerTradeNo: string) => `pay:ptn:${protocol}:${providerTradeNo}`;
const refundKey = (protocol: Protocol, refundNo: string) => `pay:refund:${protocol}:${refundNo}`;
const byOrderKey = (orderNo: string) => `pay:by-order:${orderNo}`;
const ALL_KEY = 'pay:trades';

// Sets KEYS[1] to ARGV[2] when it still holds ARGV[1] ('' standing for no value).
const CAS_SCRIPT = `
local current = redis.call('GET', KEYS[1]) or ''
if current ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3])
return 1`;

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const alnum = (n: number) => randomBytes(n).toString('base64url').replace(/[-_]/g, 'x').slice(0, n);

/** `yyyyMMdd` (or more) of the Asia/Shanghai wall clock. */
export function shanghaiTime(at: number | Date, pattern: 'compact' | 'spaced' = 'spaced'): string {
  const iso = new Date(new Date(at).getTime() + 8 * 3600_000).toISOString();
  return pattern === 'spaced' ? `${iso.slice(0, 10)} ${iso.slice(11, 19)}` : iso.slice(0, 19).replace(/[-T:]/g, '');
}

export function newProviderTradeNo(protocol: Protocol, now = Date.now()): string {
  const day = shanghaiTime(now, 'compact').slice(0, 8);
  switch (protocol) {
    case 'alipay':
    case 'alipayhk':
      return `${day}22001${digits(15)}`;
    case 'wechat':
      return `42000${digits(5)}${day}${digits(10)}`;
    case 'stripe':
      return `pi_${alnum(24)}`;
    case 'unionpay':
      return `${shanghaiTime(now, 'compact').slice(2)}${digits(9)}`;
  }
}

export function newRefundId(protocol: Protocol, now = Date.now()): string {
  if (protocol === 'stripe') return `re_${alnum(24)}`;
  if (protocol === 'wechat') return `50300${digits(24)}`;
  return newProviderTradeNo(protocol, now);
}

export const newId = (prefix: string, length = 24) => `${prefix}_${alnum(length)}`;

/** A trade still waiting whose expiry has passed reads as expired. */
function current(trade: Trade, now = Date.now()): Trade {
  return trade.status === 'created' && Date.parse(trade.expiresAt) <= now ? { ...trade, status: 'expired' } : trade;
}

export type OpenOutcome = 'created' | 'existing' | 'paid';
export type SettleRefusal = 'notFound' | 'finished' | 'expired';
export type RefundOutcome =
  | { ok: true; trade: Trade; refund: Refund; repeated: boolean }
  | { ok: false; reason: 'notPaid' | 'exceeds' | 'otherTrade'; trade: Trade };

export class PayTrades {
  constructor(private readonly redis: Redis) {}

  private async cas(key: string, expected: string, next: string): Promise<boolean> {
    return (await this.redis.eval(CAS_SCRIPT, 1, key, expected, next, String(TTL_SECONDS))) === 1;
  }

  async get(tradeId: string): Promise<Trade | null> {
    const raw = await this.redis.get(tradeKey(tradeId));
    return raw ? current(JSON.parse(raw) as Trade) : null;
  }

  private async lookup(key: string): Promise<Trade | null> {
    const tradeId = await this.redis.get(key);
    return tradeId ? this.get(tradeId) : null;
  }

  byOrder = (protocol: Protocol, orderNo: string) => this.lookup(orderKey(protocol, orderNo));
  byProviderTradeNo = (protocol: Protocol, providerTradeNo: string) => this.lookup(providerKey(protocol, providerTradeNo));
  byRefundNo = (protocol: Protocol, refundNo: string) => this.lookup(refundKey(protocol, refundNo));

  /**
   * One live trade per (protocol, order): a second creation while it waits answers it again, a
   * paid one is refused by the caller, and a failed or expired one is replaced by a new trade.
   */
  async open(input: NewTrade): Promise<{ trade: Trade; outcome: OpenOutcome }> {
    const pointer = orderKey(input.protocol, input.orderNo);
    for (;;) {
      const previousId = (await this.redis.get(pointer)) ?? '';
      const previous = previousId ? await this.get(previousId) : null;
      if (previous?.status === 'created') return { trade: await this.refreshLinks(previous, input), outcome: 'existing' };
      if (previous?.status === 'paid') return { trade: previous, outcome: 'paid' };
      const now = Date.now();
      const trade: Trade = {
        ...input,
        tradeId: input.tradeId ?? newId('tr'),
        status: 'created',
        providerTradeNo: newProviderTradeNo(input.protocol, now),
        createdAt: new Date(now).toISOString(),
        refunds: [],
      };
      await this.redis.set(tradeKey(trade.tradeId), JSON.stringify(trade), 'EX', TTL_SECONDS);
      if (!(await this.cas(pointer, previousId, trade.tradeId))) {
        await this.redis.del(tradeKey(trade.tradeId));
        continue;
      }
      await this.redis
        .multi()
        .set(providerKey(trade.protocol, trade.providerTradeNo), trade.tradeId, 'EX', TTL_SECONDS)
        .zadd(byOrderKey(trade.orderNo), now, trade.tradeId)
        .expire(byOrderKey(trade.orderNo), TTL_SECONDS)
        .zadd(ALL_KEY, now, trade.tradeId)
        .zremrangebyscore(ALL_KEY, '-inf', now - TTL_SECONDS * 1000)
        .expire(ALL_KEY, TTL_SECONDS)
        .exec();
      return { trade, outcome: 'created' };
    }
  }

  /** A second creation may bring the browser's pages (a WAP pay after a QR code, say). */
  private async refreshLinks(trade: Trade, input: NewTrade): Promise<Trade> {
    const links = { returnUrl: input.returnUrl ?? trade.returnUrl, cancelUrl: input.cancelUrl ?? trade.cancelUrl };
    if (links.returnUrl === trade.returnUrl && links.cancelUrl === trade.cancelUrl) return trade;
    const refreshed = await this.update(trade.tradeId, (stored) => {
      const next = { ...stored, ...links };
      return { next, result: next };
    });
    return refreshed ?? trade;
  }

  /** The trade a refund by order number is about: the order's paid trade here, else its latest. */
  async forRefund(protocol: Protocol, orderNo: string): Promise<Trade | null> {
    const trades = await this.list(orderNo);
    return trades.find((trade) => trade.protocol === protocol && trade.status === 'paid') ?? this.byOrder(protocol, orderNo);
  }

  /** Newest first: one order's trades, or the latest across every order. */
  async list(orderNo?: string, limit = 50): Promise<Trade[]> {
    const ids = await this.redis.zrevrange(orderNo ? byOrderKey(orderNo) : ALL_KEY, 0, limit - 1);
    const trades = await Promise.all(ids.map((id) => this.get(id)));
    return trades.filter((trade): trade is Trade => trade !== null);
  }

  /** Applies `change` atomically; `change` returns null to leave the trade as it is. */
  async update<R>(tradeId: string, change: (trade: Trade) => { next: Trade | null; result: R }): Promise<R | null> {
    for (;;) {
      const raw = await this.redis.get(tradeKey(tradeId));
      if (!raw) return null;
      const { next, result } = change(current(JSON.parse(raw) as Trade));
      if (!next || (await this.cas(tradeKey(tradeId), raw, JSON.stringify(next)))) return result;
    }
  }

  /**
   * Ends a waiting trade as paid, failed or expired. `force` pays a trade that has already failed
   * or expired (money that arrives late); nothing changes a paid trade.
   */
  async settle(tradeId: string, to: 'paid' | 'failed' | 'expired', force = false) {
    type Result = { ok: true; trade: Trade } | { ok: false; reason: Exclude<SettleRefusal, 'notFound'>; trade: Trade };
    const outcome = await this.update<Result>(tradeId, (trade) => {
      const allowed = trade.status === 'created' || (force && to === 'paid' && trade.status !== 'paid');
      if (!allowed) {
        const reason = trade.status === 'expired' && to !== 'expired' ? ('expired' as const) : ('finished' as const);
        return { next: null, result: { ok: false, reason, trade } };
      }
      const now = new Date().toISOString();
      const next: Trade = { ...trade, status: to, finishedAt: now, ...(to === 'expired' ? { expiresAt: now } : {}) };
      return { next, result: { ok: true, trade: next } };
    });
    return outcome ?? ({ ok: false, reason: 'notFound' } as const);
  }

  /**
   * A refund at the provider: the same refundNo answers the refund already made (whatever the
   * amount asked now); a new one must fit in what is left of a paid trade.
   */
  async refund(tradeId: string, refundNo: string, amount: number | undefined): Promise<RefundOutcome | null> {
    const protocol = (await this.get(tradeId))?.protocol;
    if (!protocol) return null;
    const indexed = await this.redis.set(refundKey(protocol, refundNo), tradeId, 'EX', TTL_SECONDS, 'NX');
    if (indexed === null && (await this.redis.get(refundKey(protocol, refundNo))) !== tradeId) {
      const trade = await this.get(tradeId);
      return trade && { ok: false, reason: 'otherTrade', trade };
    }
    const outcome = await this.update<RefundOutcome>(tradeId, (trade) => {
      const existing = trade.refunds.find((refund) => refund.refundNo === refundNo);
      if (existing) return { next: null, result: { ok: true, trade, refund: existing, repeated: true } };
      if (trade.status !== 'paid') return { next: null, result: { ok: false, reason: 'notPaid', trade } };
      const left = remaining(trade);
      const wanted = amount ?? left;
      if (wanted <= 0 || wanted > left) return { next: null, result: { ok: false, reason: 'exceeds', trade } };
      const refund: Refund = { refundNo, refundId: newRefundId(trade.protocol), amount: wanted, createdAt: new Date().toISOString() };
      const next = { ...trade, refunds: [...trade.refunds, refund] };
      return { next, result: { ok: true, trade: next, refund, repeated: false } };
    });
    // A refused refund does not keep its number.
    if (indexed !== null && !outcome?.ok) await this.redis.del(refundKey(protocol, refundNo));
    return outcome;
  }

  /** A cached answer (Stripe's Idempotency-Key). */
  async remember(key: string, value: string): Promise<void> {
    await this.redis.set(`pay:idem:${key}`, value, 'EX', TTL_SECONDS, 'NX');
  }

  recall(key: string): Promise<string | null> {
    return this.redis.get(`pay:idem:${key}`);
  }
}

export function refunded(trade: Trade): number {
  return trade.refunds.reduce((sum, refund) => sum + refund.amount, 0);
}

export function remaining(trade: Trade): number {
  return trade.amount - refunded(trade);
}
