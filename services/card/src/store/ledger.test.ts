// The ledger against the real store (FerretDB locally): one conditional update per operation, the
// first outcome final, archiving with the epoch, the invariant, crashes between the archive steps.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvent } from '@aipay/kit';
import { cardRechargedEvent } from '@aipay/contracts';
import { openCard, startHarness, uid, type Harness } from '../testing/harness.js';
import { JournalArchiver } from './archiver.js';
import { OperationOfAnotherCardError } from './ledger.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => {
  h.hooks.beforeWrite = undefined;
});

const ledger = () => h.app.ctx.ledger;
async function waitFor(probe: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const card = async (cardId: string) => (await ledger().read(cardId))!;

describe('apply', () => {
  it('moves the balance and stores the posting in one update; a repeat is a duplicate that moves nothing', async () => {
    const { cardId } = await openCard(h);
    const first = await ledger().apply(cardId, { kind: 'recharge', key: 'P1', amount: 500, ref: { orderNo: 'P1' } });
    expect(first).toMatchObject({ status: 'applied', balances: { available: 500, reward: 0, abnormal: 0 } });
    const spend = await ledger().apply(cardId, { kind: 'spend', key: 'T1', amount: 120 });
    expect(spend).toMatchObject({ status: 'applied', balances: { available: 380 } });
    const again = await ledger().apply(cardId, { kind: 'recharge', key: 'P1', amount: 500 });
    expect(again).toMatchObject({ status: 'duplicate', posting: { opId: 'recharge:P1', amount: 500, deltas: { available: 500 } } });
    const stored = await card(cardId);
    expect(stored.balances.available).toBe(380);
    expect(stored.journalOpIds).toEqual(['recharge:P1', 'spend:T1']);
    expect((await ledger().invariant(cardId)).ok).toBe(true);
  });

  it('refuses a debit beyond the balance for good: a later recharge does not turn the refusal into a debit', async () => {
    const { cardId } = await openCard(h, 100);
    const refused = await ledger().apply(cardId, { kind: 'balancePay', key: 'P2', amount: 101 });
    expect(refused).toMatchObject({ status: 'applied', posting: { refused: 'insufficient', deltas: { available: 0 } }, balances: { available: 100 } });
    await ledger().apply(cardId, { kind: 'recharge', key: uid('P'), amount: 1000 });
    const repeat = await ledger().apply(cardId, { kind: 'balancePay', key: 'P2', amount: 101 });
    expect(repeat).toMatchObject({ status: 'duplicate', posting: { refused: 'insufficient' } });
    expect((await card(cardId)).balances.available).toBe(1100);
  });

  it('keeps keepAtLeast on the card, refuses frozen and cancelled cards, credits them still', async () => {
    const { cardId, userId } = await openCard(h, 1000);
    expect(await ledger().apply(cardId, { kind: 'rechargeRefund', key: 'R1', amount: 600, keepAtLeast: 401 })).toMatchObject({ posting: { refused: 'insufficient' } });
    expect(await ledger().apply(cardId, { kind: 'rechargeRefund', key: 'R2', amount: 600, keepAtLeast: 400 })).toMatchObject({ balances: { available: 400 } });
    await h.app.ctx.models.Card.updateOne({ _id: cardId }, { status: 'frozen' });
    expect(await ledger().apply(cardId, { kind: 'balancePay', key: 'P3', amount: 1, userId })).toMatchObject({ posting: { refused: 'frozen' } });
    expect(await ledger().apply(cardId, { kind: 'refund', key: 'T9', amount: 5 })).toMatchObject({ balances: { available: 405 } });
    await h.app.ctx.models.Card.updateOne({ _id: cardId }, { status: 'cancelled' });
    expect(await ledger().apply(cardId, { kind: 'spend', key: 'T10', amount: 1 })).toMatchObject({ posting: { refused: 'noCard' } });
    expect((await ledger().invariant(cardId)).ok).toBe(true);
  });

  it('answers noCard for an unknown card or another user, recording nothing', async () => {
    const { cardId } = await openCard(h, 100);
    expect(await ledger().apply('no-such-card', { kind: 'spend', key: 'x', amount: 1 })).toEqual({ status: 'noCard' });
    expect(await ledger().apply(cardId, { kind: 'spend', key: 'x', amount: 1, userId: 'someone-else' })).toEqual({ status: 'noCard' });
    expect((await card(cardId)).journal).toHaveLength(1);
  });

  it('stores outbox events only with an applied posting, once', async () => {
    const { cardId, userId } = await openCard(h);
    const event = () =>
      outboxEvent(cardRechargedEvent, { cardId, userId, orderNo: 'P7', amount: 100, fee: 3, rechargedAt: new Date().toISOString() });
    await ledger().apply(cardId, { kind: 'recharge', key: 'P7', amount: 100, events: [event()] });
    await ledger().apply(cardId, { kind: 'recharge', key: 'P7', amount: 100, events: [event()] });
    await ledger().apply(cardId, { kind: 'spend', key: 'T1', amount: 1000, events: [event()] });
    const stored = await h.app.ctx.models.Card.findById(cardId).lean().exec();
    expect(stored?.outbox.map((stored) => stored.type)).toEqual(['card.recharged']);
  });
});

describe('archive', () => {
  it('moves all but the newest entries to postings; a repeat of an archived operation is still a duplicate', async () => {
    const { cardId } = await openCard(h, 1000);
    for (let i = 0; i < 5; i += 1) await ledger().apply(cardId, { kind: 'spend', key: `A${i}`, amount: 10 });
    expect(await ledger().archive(cardId, 2)).toBe(4);
    const stored = await card(cardId);
    expect(stored.journal.map((posting) => posting.opId)).toEqual(['spend:A3', 'spend:A4']);
    expect(stored.archiveEpoch).toBe(1);
    expect(await h.app.ctx.models.postings.countDocuments({ cardId })).toBe(4);
    expect(await ledger().apply(cardId, { kind: 'spend', key: 'A1', amount: 10 })).toMatchObject({ status: 'duplicate' });
    expect(await ledger().lookup(cardId, 'spend:A0')).toMatchObject({ opId: 'spend:A0', amount: 10 });
    expect((await card(cardId)).balances.available).toBe(950);
    expect(await ledger().invariant(cardId)).toMatchObject({ ok: true, operations: 6, inline: 2, archived: 4 });
  });

  it('makes an applier that raced with the archiver read again (the epoch), so the operation lands once', async () => {
    const { cardId } = await openCard(h, 1000);
    // Copy A reads the card (X nowhere), then copy B applies X and the archiver moves it away
    // before A writes: A's update matches nothing (epoch), A reads again and finds X archived.
    let interleaved = false;
    h.hooks.beforeWrite = async (id, opId) => {
      if (interleaved || opId !== 'spend:X' || id !== cardId) return;
      interleaved = true;
      expect(await ledger().apply(cardId, { kind: 'spend', key: 'X', amount: 300 })).toMatchObject({ status: 'applied' });
      expect(await ledger().archive(cardId, 0)).toBe(2);
    };
    const a = await ledger().apply(cardId, { kind: 'spend', key: 'X', amount: 300 });
    expect(a).toMatchObject({ status: 'duplicate', attempts: 2 });
    expect((await card(cardId)).balances.available).toBe(700);
    expect((await ledger().invariant(cardId)).ok).toBe(true);
  });

  it('survives a crash between copy and removal (an entry in both places counts once) and a second archiver', async () => {
    const { cardId } = await openCard(h, 1000);
    for (let i = 0; i < 4; i += 1) await ledger().apply(cardId, { kind: 'spend', key: `C${i}`, amount: 1 });
    h.hooks.beforeWrite = (_id, step) => {
      if (step === 'archive') throw new Error('crash after the copy');
    };
    await expect(ledger().archive(cardId, 1)).rejects.toThrow('crash after the copy');
    h.hooks.beforeWrite = undefined;
    expect(await h.app.ctx.models.postings.countDocuments({ cardId })).toBe(4);
    expect(await ledger().invariant(cardId)).toMatchObject({ ok: true, inline: 5, operations: 5 });
    expect(await ledger().apply(cardId, { kind: 'spend', key: 'C1', amount: 1 })).toMatchObject({ status: 'duplicate' });
    // Two archivers at once: one removes, the other's conditional update matches nothing.
    const moved = await Promise.all([ledger().archive(cardId, 1), ledger().archive(cardId, 1)]);
    expect(moved.sort()).toEqual([0, 4]);
    expect(await ledger().invariant(cardId)).toMatchObject({ ok: true, inline: 1, archived: 4, balances: { available: 996 } });
  });

  it('refuses an operation id archived for another card', async () => {
    const one = await openCard(h, 100);
    const two = await openCard(h, 100);
    await ledger().apply(one.cardId, { kind: 'spend', key: 'shared', amount: 1 });
    await ledger().archive(one.cardId, 0);
    await expect(ledger().apply(two.cardId, { kind: 'spend', key: 'shared', amount: 1 })).rejects.toBeInstanceOf(OperationOfAnotherCardError);
  });

  it('the archiver sweeps the cards whose journal reached the maximum', async () => {
    const { cardId } = await openCard(h, 1000);
    for (let i = 0; i < 7; i += 1) await ledger().apply(cardId, { kind: 'spend', key: `S${i}`, amount: 1 });
    const archiver = new JournalArchiver({ ledger: ledger(), max: 8, keep: 3, sweepMs: 60_000 });
    expect(await ledger().longJournals(8)).toContain(cardId);
    await archiver.sweep();
    expect((await card(cardId)).journal).toHaveLength(3);
    expect(await ledger().longJournals(8)).not.toContain(cardId);
    expect((await ledger().invariant(cardId)).ok).toBe(true);
  });

  it('archives a card as soon as an apply reports its journal long (JOURNAL_MAX)', async () => {
    const { cardId } = await openCard(h, 1000);
    const archiver = new JournalArchiver({ ledger: ledger(), max: h.config.JOURNAL_MAX, keep: h.config.JOURNAL_KEEP, sweepMs: 60_000 });
    const reported: string[] = [];
    ledger().onLongJournal((id) => {
      reported.push(id);
      archiver.enqueue(id);
    });
    archiver.start();
    try {
      for (let i = 0; i < h.config.JOURNAL_MAX; i += 1) await ledger().apply(cardId, { kind: 'spend', key: `Q${i}`, amount: 1 });
      expect(reported).toContain(cardId);
      await waitFor(async () => (await card(cardId)).journal.length <= h.config.JOURNAL_KEEP + 1);
    } finally {
      await archiver.stop();
    }
    expect((await ledger().invariant(cardId)).ok).toBe(true);
  });
});
