// Merchant spending through the test API: what it does to the issuer's balance, and the events it
// announces (freeze blocks authorisations, insufficient balance declines, reversals and refunds
// credit, cross-border charges debit a fee). Concurrency against the real Redis.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { merchantListener, sandboxes, sleep } from '../pay/testkit.js';
import { holder, issuerClient, issuerEnv, issuerSecrets, requestId } from './testkit.js';

const secrets = issuerSecrets();
const boxes = sandboxes();
const cardService = await merchantListener({ status: 200 });
afterEach(() => boxes.closeApps());
afterAll(async () => {
  await boxes.cleanup();
  await cardService.close();
});

async function card(initialAmount = 5000, env: Record<string, string> = {}) {
  const app = await boxes.build({ ...issuerEnv(secrets, cardService.url), PAY_NOTIFY_DUPLICATES: '0', ...env });
  const qb = issuerClient(app, 'qbitbudget', secrets);
  const cardId = (await qb('POST', '/cards', { requestId: requestId(), holder, initialAmount })).json.cardId as string;
  const simulate = async (body: object) => {
    const response = await app.inject({ method: 'POST', url: `/issuer/qbitbudget/cards/${cardId}/simulate`, payload: body });
    return { status: response.statusCode, ...response.json() };
  };
  const balance = async () => (await qb('GET', `/cards/${cardId}`)).json.balance as number;
  /** The events of `ids` once each has arrived (the listener is shared, so by id). */
  const eventsOf = async (ids: string[]) => {
    const find = () => ids.map((id) => cardService.received.map((r) => JSON.parse(r.body)).find((event) => event.id === id));
    for (let waited = 0; find().includes(undefined) && waited < 3000; waited += 20) await sleep(20);
    return find();
  };
  return { app, qb, cardId, simulate, balance, eventsOf };
}

describe('simulated spending', () => {
  it('debits an authorisation and declines one larger than the balance', async () => {
    const { simulate, balance } = await card(1000);
    const approved = await simulate({ kind: 'authorisation', amount: 700, merchant: { name: 'Anthropic', mcc: '5817', city: 'San Francisco' } });
    expect(approved.data.transactions).toEqual([expect.objectContaining({ type: 'authorisation', status: 'succeeded', amount: 700, balanceAfter: 300, merchant: { name: 'Anthropic', mcc: '5817', country: 'US', city: 'San Francisco' } })]);
    const declined = await simulate({ kind: 'authorisation', amount: 301 });
    expect(declined.data.transactions).toEqual([expect.objectContaining({ type: 'decline', status: 'declined', declineReason: 'insufficient_balance', amount: 301, balanceAfter: 300 })]);
    const forced = await simulate({ kind: 'decline', amount: 5, reason: 'do_not_honour' });
    expect(forced.data.transactions[0]).toMatchObject({ type: 'decline', declineReason: 'do_not_honour' });
    expect(await balance()).toBe(300);
    expect((await simulate({ kind: 'authorisation' })).status).toBe(400);
    expect((await simulate({ kind: 'teleport', amount: 1 })).status).toBe(400);
  });

  it('declines while frozen or cancelled, and approves again once unfrozen; the decline is announced', async () => {
    const { qb, cardId, simulate, balance, eventsOf } = await card(1000);
    await qb('POST', `/cards/${cardId}/freeze`);
    const frozen = await simulate({ kind: 'authorisation', amount: 100 });
    expect(frozen.data.transactions[0]).toMatchObject({ type: 'decline', declineReason: 'card_frozen', balanceAfter: 1000 });
    const [event] = await eventsOf(frozen.data.webhookIds);
    expect(event).toMatchObject({ type: 'transaction.declined', data: { cardId, declineReason: 'card_frozen', amount: 100 } });
    await qb('POST', `/cards/${cardId}/unfreeze`);
    expect((await simulate({ kind: 'authorisation', amount: 100 })).data.transactions[0].type).toBe('authorisation');
    await qb('POST', `/cards/${cardId}/cancel`);
    expect((await simulate({ kind: 'authorisation', amount: 1 })).data.transactions[0]).toMatchObject({ declineReason: 'card_cancelled' });
    expect((await simulate({ kind: 'refund' })).status).toBe(409);
    expect(await balance()).toBe(0);
  });

  it('credits pre-authorisation reversals and refunds, never more than was authorised', async () => {
    const { simulate, balance, eventsOf } = await card(2000);
    const hold = (await simulate({ kind: 'authorisation', amount: 600, merchant: 'Hotel' })).data.transactions[0];
    const reversal = await simulate({ kind: 'reversal' });
    expect(reversal.data.transactions[0]).toMatchObject({ type: 'reversal', amount: 600, balanceAfter: 2000, relatedTransactionId: hold.transactionId, merchant: { name: 'Hotel' } });
    expect((await simulate({ kind: 'reversal', transactionId: hold.transactionId })).status).toBe(409);

    const purchase = (await simulate({ kind: 'authorisation', amount: 500 })).data.transactions[0];
    const partial = await simulate({ kind: 'refund', transactionId: purchase.transactionId, amount: 200 });
    expect(partial.data.transactions[0]).toMatchObject({ type: 'refund', amount: 200, balanceAfter: 1700 });
    const over = await simulate({ kind: 'refund', transactionId: purchase.transactionId, amount: 301 });
    expect(over).toMatchObject({ status: 409, data: { reason: 'exceeds' } });
    expect((await simulate({ kind: 'refund' })).data.transactions[0]).toMatchObject({ amount: 300, balanceAfter: 2000 });
    expect((await simulate({ kind: 'refund' })).data.reason).toBe('noAuthorisation');
    expect(await balance()).toBe(2000);
    const events = await eventsOf([reversal.data.webhookIds[0], partial.data.webhookIds[0]]);
    expect(events.map((e) => e?.type)).toEqual(['transaction.reversed', 'transaction.refunded']);
  });

  it('charges a cross-border fee on top of a foreign charge, or declines when both do not fit', async () => {
    const { simulate, balance, eventsOf } = await card(10_300);
    const charge = await simulate({ kind: 'crossBorder', amount: 10_000, currency: 'eur', merchantAmount: 9_200, merchant: { name: 'Spotify AB', country: 'SE' } });
    const [authorisation, fee] = charge.data.transactions;
    expect(authorisation).toMatchObject({ type: 'authorisation', amount: 10_000, crossBorder: true, merchantCurrency: 'EUR', merchantAmount: 9_200, balanceAfter: 300, merchant: { country: 'SE' } });
    expect(fee).toMatchObject({ type: 'fee', feeType: 'cross_border', amount: 150, balanceAfter: 150, relatedTransactionId: authorisation.transactionId });
    expect(await balance()).toBe(150);
    const events = await eventsOf(charge.data.webhookIds);
    expect(events.map((e) => e?.type)).toEqual(['transaction.authorised', 'transaction.fee']);
    const tooMuch = await simulate({ kind: 'crossBorder', amount: 149 });
    expect(tooMuch.data.transactions).toEqual([expect.objectContaining({ type: 'decline', declineReason: 'insufficient_balance', crossBorder: true })]);
    const exact = await simulate({ kind: 'crossBorder', amount: 140, fee: 10 });
    expect(exact.data.card.balance).toBe(0);
  });

  it('keeps the balance and the reserve whole under concurrent spending, top-ups and withdrawals', async () => {
    const { app, qb, cardId, simulate, balance } = await card(1000);
    const reserve = async () => (await app.inject({ method: 'GET', url: '/issuer/qbitbudget/reserve' })).json().data.available as number;
    const reserveBefore = await reserve();
    const work = [
      ...Array.from({ length: 6 }, () => simulate({ kind: 'authorisation', amount: 150 })),
      ...Array.from({ length: 4 }, () => qb('POST', `/cards/${cardId}/withdraw`, { requestId: requestId(), amount: 200 })),
      ...Array.from({ length: 3 }, () => qb('POST', `/cards/${cardId}/top-up`, { requestId: requestId(), amount: 100 })),
    ];
    await Promise.all(work);
    const { json } = await qb('GET', `/cards/${cardId}/transactions`, undefined);
    const ok = json.transactions.filter((t: { status: string }) => t.status === 'succeeded');
    const sum = (type: string) => ok.filter((t: { type: string }) => t.type === type).reduce((s: number, t: { amount: number }) => s + t.amount, 0);
    const final = await balance();
    expect(final).toBeGreaterThanOrEqual(0);
    expect(final).toBe(sum('topUp') - sum('withdraw') - sum('authorisation'));
    // The initial 1000 was drawn before; the reserve moved only by this test's top-ups and withdrawals.
    expect(await reserve()).toBe(reserveBefore - (sum('topUp') - 1000) + sum('withdraw'));
  });
});
