// The card service's balance API client: the contract's calls against the card stand-in, and every
// answer we cannot trust as a typed CardServiceError (the route makes it a 503).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardServiceError, HttpCardLedger } from './card.js';
import { startFakeCard, type FakeCard } from '../testing/card.js';

const TOKEN = 'card-internal-token-0123456789';
let card: FakeCard;
beforeAll(async () => {
  card = await startFakeCard(TOKEN);
});
afterAll(async () => {
  await card.close();
});

const ledger = (options: Partial<ConstructorParameters<typeof HttpCardLedger>[0]> = {}) =>
  new HttpCardLedger({ url: card.url, token: TOKEN, timeoutMs: 1_000, ...options });

async function reason(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CardServiceError);
  return (error as CardServiceError).reason;
}

describe('HttpCardLedger', () => {
  it('debits once per orderNo, answers the debit state, credits once per refundNo', async () => {
    card.open('c-1', 'u-1', 2_000);
    const input = { userId: 'u-1', cardId: 'c-1', orderNo: 'P1', amount: 1_200 };
    expect(await ledger().debitStatus('P1')).toBe('none');
    expect(await ledger().debit(input)).toEqual({ status: 'debited', balance: 800 });
    expect(await ledger().debit(input)).toEqual({ status: 'debited', balance: 800 });
    expect(await ledger().debitStatus('P1')).toBe('debited');
    expect(await ledger().debit({ ...input, orderNo: 'P2' })).toEqual({ status: 'insufficient', balance: 800 });
    expect(await ledger().debitStatus('P2')).toBe('none');
    expect(await ledger().debit({ ...input, orderNo: 'P3', cardId: 'nope' })).toEqual({ status: 'noCard' });
    const credit = { userId: 'u-1', cardId: 'c-1', orderNo: 'P1', refundNo: 'R1', amount: 1_200 };
    expect(await ledger().credit(credit)).toEqual({ status: 'credited' });
    expect(await ledger().credit(credit)).toEqual({ status: 'credited' });
    expect(card.cards.get('c-1')?.balance).toBe(2_000);
    expect(card.calls.every((entry) => entry.tokenOk)).toBe(true);
  });

  it('takes a recharge refund off the card keyed by its refundNo, keeping keepAtLeast, and credits it back once', async () => {
    card.open('c-2', 'u-2', 5_000);
    const refund = { userId: 'u-2', cardId: 'c-2', orderNo: 'R2001', reason: 'rechargeRefund' as const, keepAtLeast: 100 };
    // 5000 − 4901 = 99 < 100: insufficient, and that answer is final for the refundNo.
    expect(await ledger().debit({ ...refund, amount: 4_901 })).toEqual({ status: 'insufficient', balance: 5_000 });
    expect(await ledger().debit({ ...refund, amount: 4_901 })).toEqual({ status: 'insufficient', balance: 5_000 });
    // Another refund of the same recharge, leaving exactly $1: debited, once.
    const second = { ...refund, orderNo: 'R2002', amount: 4_900 };
    expect(await ledger().debit(second)).toEqual({ status: 'debited', balance: 100 });
    expect(await ledger().debit(second)).toEqual({ status: 'debited', balance: 100 });
    expect(card.debitsTaken('R2002')).toBe(1);
    // The same key with other terms (keepAtLeast, reason) is refused.
    expect(await reason(ledger().debit({ ...second, keepAtLeast: 0 }))).toBe('refused');
    expect(await reason(ledger().debit({ ...second, reason: 'balancePay' }))).toBe('refused');
    // The channel refused the refund: back onto the card, once; only what that debit took goes back.
    const back = { userId: 'u-2', cardId: 'c-2', orderNo: 'R2002', refundNo: 'R2002', amount: 4_900 };
    expect(await ledger().credit(back)).toEqual({ status: 'credited' });
    expect(await ledger().credit(back)).toEqual({ status: 'credited' });
    expect(card.cards.get('c-2')?.balance).toBe(5_000);
    expect(await reason(ledger().credit({ ...back, orderNo: 'R2001', refundNo: 'R2001', amount: 4_901 }))).toBe('refused');
    const bodies = card.calls.filter((entry) => entry.path === '/internal/balance/debits').map((entry) => entry.body);
    expect(bodies.find((body) => body.orderNo === 'R2002')).toEqual({ ...second });
    // A balance order's debit says so too (the defaults are sent).
    expect(bodies.find((body) => body.orderNo === 'P1')).toEqual({ userId: 'u-1', cardId: 'c-1', orderNo: 'P1', amount: 1_200, reason: 'balancePay', keepAtLeast: 0 });
  });

  it('turns what it cannot trust into CardServiceError: refused, server error, unreachable, timeout, bad answer', async () => {
    const input = { userId: 'u-1', cardId: 'c-1', orderNo: 'P9', amount: 100 };
    // Another debit under an orderNo already used (409), and our token refused (403).
    expect(await reason(ledger().debit({ ...input, orderNo: 'P1' }))).toBe('refused');
    expect(await reason(ledger({ token: 'another-token-0123456789' }).debit(input))).toBe('refused');
    card.failWith = 502;
    expect(await reason(ledger().debitStatus('P1'))).toBe('serverError');
    card.failWith = null;
    expect(await reason(ledger({ url: 'http://127.0.0.1:9' }).debit(input))).toBe('unreachable');
    const never: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    expect(await reason(ledger({ fetch: never, timeoutMs: 50 }).debit(input))).toBe('timeout');
    const text: typeof fetch = () => Promise.resolve(new Response('<html>proxy</html>', { status: 200 }));
    expect(await reason(ledger({ fetch: text }).debit(input))).toBe('badAnswer');
    const odd: typeof fetch = () => Promise.resolve(Response.json({ code: 200, msg: 'success', data: { status: 'maybe' } }));
    expect(await reason(ledger({ fetch: odd }).debit(input))).toBe('badAnswer');
    expect(card.debits.has('P9')).toBe(false);
  });
});
