// The property test of docs/card.md "Ledger": 50 cards × 200 random operations (recharge, spend,
// decline, refund, reversal, withdraw, fees, balance payments with keepAtLeast) applied with 32 in
// flight against the real store, ~20% of them replayed (issuer webhooks and payment events arrive
// again, some at the same moment), while two archivers move journals to `postings` and the invariant
// is checked mid-run. Afterwards, per card: the invariant holds, no balance is negative, every
// operation was decided exactly once (one `applied` answer, every repeat a duplicate with the same
// outcome), none is lost, and the balances equal the sum of the applied operations as the callers
// saw them. CARD_PROPERTY_CARDS / CARD_PROPERTY_OPS / CARD_PROPERTY_SEED scale or replay a run.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_NAMES, deltasOf, opIdOf, zeroBalances, type Balances, type PostingKind } from '../domain/ledger.js';
import { openCard, startHarness, type Harness } from '../testing/harness.js';
import { JournalArchiver } from './archiver.js';
import type { ApplyResult, LedgerOperation } from './ledger.js';

const CARDS = Number(process.env.CARD_PROPERTY_CARDS ?? 50);
const OPS_PER_CARD = Number(process.env.CARD_PROPERTY_OPS ?? 30);
const CONCURRENCY = 32;
const SEED = Number(process.env.CARD_PROPERTY_SEED ?? Date.now() % 2 ** 31);

/** mulberry32: a small seeded PRNG, so a failing run can be replayed with its seed. */
function prng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface PlannedOp {
  cardId: string;
  op: LedgerOperation;
}

const MIX: [PostingKind, number, [number, number]][] = [
  ['recharge', 22, [500, 5000]],
  ['spend', 25, [50, 2500]],
  ['decline', 5, [50, 500]],
  ['refund', 8, [10, 800]],
  ['reversal', 8, [10, 800]],
  ['withdraw', 6, [100, 2000]],
  ['crossBorderFee', 6, [5, 100]],
  ['balancePay', 10, [100, 3000]],
  ['rechargeRefund', 5, [100, 3000]],
  ['invitationReward', 3, [100, 500]],
  ['rewardToBalance', 2, [50, 400]],
];
const WEIGHT = MIX.reduce((sum, [, weight]) => sum + weight, 0);

function plan(cards: string[], random: () => number): { originals: PlannedOp[]; queue: PlannedOp[] } {
  const pick = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const originals: PlannedOp[] = [];
  for (const cardId of cards) {
    for (let i = 0; i < OPS_PER_CARD; i += 1) {
      let roll = random() * WEIGHT;
      const [kind, , [low, high]] = MIX.find(([, weight]) => (roll -= weight) < 0) ?? MIX[0]!;
      const op: LedgerOperation = { kind, key: `${cardId}-${i}`, amount: pick(low, high) };
      if (kind === 'balancePay' && random() < 0.3) op.keepAtLeast = pick(0, 1000);
      originals.push({ cardId, op });
    }
  }
  const queue = [...originals];
  // Replays: ~20%, a quarter of them right next to the original (both in flight at once).
  for (const original of originals) {
    if (random() >= 0.2) continue;
    const copy = { cardId: original.cardId, op: { ...original.op } };
    if (random() < 0.25) queue.push(copy, copy);
    else queue.push(copy);
  }
  for (let i = queue.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [queue[i], queue[j]] = [queue[j]!, queue[i]!];
  }
  return { originals, queue };
}

let h: Harness;
/** Cleared to stop every loop of the run; `afterAll` waits for them before dropping the database
 * (dropping a FerretDB database under running queries crashed the server: SIGBUS in SQLite's WAL). */
let running = true;
const done = new AbortController();
const loops: Promise<unknown>[] = [];
const archivers: JournalArchiver[] = [];
beforeAll(async () => {
  h = await startHarness({ JOURNAL_MAX: '8', JOURNAL_KEEP: '3' });
});
afterAll(async () => {
  running = false;
  done.abort();
  await Promise.allSettled([...loops, ...archivers.map((archiver) => archiver.stop())]);
  await h?.close();
});

describe(`ledger property (${CARDS} cards × ${OPS_PER_CARD} operations, ${CONCURRENCY} in flight, seed ${SEED})`, () => {
  it('keeps the invariant, no balance negative, every operation decided exactly once', { timeout: Math.max(120_000, CARDS * OPS_PER_CARD * 150) }, async () => {
    const random = prng(SEED);
    const ledger = h.app.ctx.ledger;
    const cards: string[] = [];
    for (let i = 0; i < CARDS; i += 1) cards.push((await openCard(h)).cardId);
    const { originals, queue } = plan(cards, random);
    const results = new Map<string, ApplyResult[]>();
    const started = Date.now();
    let midRunChecks = 0;
    const failures: string[] = [];

    // Two archivers racing each other and the appliers on every card the ledger reports long
    // (JOURNAL_MAX 8): one keeps nothing inline, one keeps 3.
    archivers.push(...[0, 3].map((keep) => new JournalArchiver({ ledger, max: 8, keep, sweepMs: 600_000, concurrency: 8 })));
    for (const archiver of archivers) {
      ledger.onLongJournal((cardId) => archiver.enqueue(cardId));
      archiver.start();
    }
    // The invariant is exact at any moment, not only at rest: every card, every 5 s (or three times
    // as long as a check takes: on FerretDB each reads the whole `postings` collection).
    const checker = async () => {
      let pause = 5_000;
      while (running) {
        await sleep(pause, undefined, { signal: done.signal }).catch(() => {});
        if (!running) break;
        const began = Date.now();
        for (const [cardId, report] of await ledger.invariants(cards)) {
          if (!report.ok) failures.push(`mid-run ${cardId}: ${JSON.stringify(report)}`);
        }
        midRunChecks += 1;
        pause = Math.max(5_000, 3 * (Date.now() - began));
      }
    };
    let cursor = 0;
    const worker = async () => {
      while (running && cursor < queue.length) {
        const { cardId, op } = queue[cursor++]!;
        const result = await ledger.apply(cardId, op);
        const opId = opIdOf(op.kind, op.key);
        results.set(opId, [...(results.get(opId) ?? []), result]);
      }
    };
    const checking = checker();
    const workers = Promise.all(Array.from({ length: CONCURRENCY }, worker));
    loops.push(checking, workers);
    await workers;
    const appliedMs = Date.now() - started;
    running = false;
    done.abort();
    await Promise.all([checking, ...archivers.map((archiver) => archiver.stop())]);

    // Every operation: one `applied` answer; every repeat a duplicate with the same outcome.
    const expected = new Map(cards.map((cardId) => [cardId, zeroBalances()]));
    let refusals = 0;
    let maxAttempts = 0;
    for (const { cardId, op } of originals) {
      const answers = results.get(opIdOf(op.kind, op.key)) ?? [];
      const applied = answers.filter((answer) => answer.status === 'applied');
      expect(applied, `${op.kind}:${op.key}`).toHaveLength(1);
      const first = applied[0]!;
      if (first.status === 'noCard') throw new Error('unexpected noCard');
      for (const answer of answers) {
        if (answer.status === 'noCard') throw new Error('unexpected noCard');
        expect(answer.posting.refused, `${op.kind}:${op.key}`).toBe(first.posting.refused);
        maxAttempts = Math.max(maxAttempts, answer.attempts);
      }
      if (first.posting.refused) refusals += 1;
      else {
        const sums = expected.get(cardId)!;
        const deltas = deltasOf(op.kind, op.amount);
        for (const name of BALANCE_NAMES) sums[name] += deltas[name];
      }
    }
    expect(failures).toEqual([]);

    let inline = 0;
    const reports = await ledger.invariants(cards);
    for (const cardId of cards) {
      const report = reports.get(cardId)!;
      expect(report, cardId).toMatchObject({ ok: true, operations: OPS_PER_CARD, negative: [] });
      expect(report.balances).toEqual(expected.get(cardId) as Balances);
      const card = (await ledger.read(cardId))!;
      expect(new Set(card.journalOpIds).size).toBe(card.journalOpIds.length);
      inline += report.inline;
    }
    const replays = queue.length - originals.length;
    console.log(
      `ledger property: ${originals.length} operations + ${replays} replays on ${CARDS} cards in ${(appliedMs / 1000).toFixed(1)} s ` +
        `(${Math.round((queue.length / appliedMs) * 1000)} applies/s, ${CONCURRENCY} in flight), ${refusals} refused, ` +
        `${archivers[0]!.moved + archivers[1]!.moved} postings archived during the run, ${inline} inline at the end, ` +
        `${midRunChecks} mid-run checks of every card, at most ${maxAttempts} attempts for one apply, seed ${SEED}`,
    );
  });
});
