// The trades store against the real Redis: one live trade per order, atomic settling and refunds.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedis } from '@aipay/kit';
import { PayTrades, remaining, type NewTrade } from './trades.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `sandbox-pay-trades-test:${randomUUID()}:`;
const redis = createRedis(REDIS_URL, { keyPrefix: PREFIX });
const trades = new PayTrades(redis);

afterAll(async () => {
  const raw = createRedis(REDIS_URL);
  const keys = await raw.keys(`${PREFIX}*`);
  if (keys.length) await raw.del(...keys);
  await Promise.all([raw.quit(), redis.quit()]);
});

const input = (orderNo: string, amount = 1000): NewTrade => ({
  protocol: 'wechat',
  orderNo,
  amount,
  currency: 'CNY',
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
  extra: {},
});

describe('PayTrades', () => {
  it('opens one trade per order even when asked concurrently', async () => {
    const orderNo = randomUUID();
    const opened = await Promise.all(Array.from({ length: 8 }, () => trades.open(input(orderNo))));
    expect(new Set(opened.map((o) => o.trade.tradeId)).size).toBe(1);
    expect(opened.filter((o) => o.outcome === 'created')).toHaveLength(1);
    expect(await trades.list(orderNo)).toHaveLength(1);
  });

  it('settles once: concurrent pay and fail, exactly one wins', async () => {
    const { trade } = await trades.open(input(randomUUID()));
    const outcomes = await Promise.all([trades.settle(trade.tradeId, 'paid'), trades.settle(trade.tradeId, 'failed'), trades.settle(trade.tradeId, 'paid')]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect((await trades.settle(trade.tradeId, 'paid', true)).ok).toBe(false);
    expect(await trades.settle('tr_missing', 'paid')).toEqual({ ok: false, reason: 'notFound' });
  });

  it('never refunds more than was paid, even concurrently, and keeps refund numbers', async () => {
    const { trade } = await trades.open(input(randomUUID(), 1000));
    await trades.settle(trade.tradeId, 'paid');
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => trades.refund(trade.tradeId, `R${i}`, 300)));
    expect(outcomes.filter((o) => o?.ok)).toHaveLength(3);
    const after = await trades.get(trade.tradeId);
    expect(remaining(after!)).toBe(100);
    const refused = outcomes.findIndex((o) => !o?.ok);
    expect(await trades.byRefundNo('wechat', `R${refused}`)).toBeNull();
    const other = await trades.open(input(randomUUID()));
    await trades.settle(other.trade.tradeId, 'paid');
    const kept = outcomes.findIndex((o) => o?.ok);
    expect(await trades.refund(other.trade.tradeId, `R${kept}`, 1)).toMatchObject({ ok: false, reason: 'otherTrade' });
  });
});
