// The ledger's pure rules: record types from the seeds (001 §3), effects per balance, the decision
// with its atomic guard, the invariant's distinct sums.
import { describe, expect, it } from 'vitest';
import { BalanceRecordType } from '@aipay/contracts';
import {
  debitedBalance,
  decide,
  deltasOf,
  incOf,
  opIdOf,
  POSTING_KIND_NAMES,
  POSTING_KINDS,
  postingOf,
  sumDistinct,
  validateOperation,
  zeroBalances,
  type PostingKind,
} from './ledger.js';

describe('posting kinds', () => {
  it.each<[PostingKind, number, Record<string, number>]>([
    ['recharge', 1, { available: 100 }],
    ['charge', 2, { available: -100 }],
    ['spend', 3, { available: -100 }],
    ['decline', 3, {}],
    ['refund', 4, { available: 100 }],
    ['withdraw', 8, { available: -100 }],
    ['reversal', 9, { available: 100 }],
    ['crossBorderFee', 10, { available: -100 }],
    ['balancePay', 3, { available: -100 }],
    ['balanceRefund', 4, { available: 100 }],
    ['rechargeRefund', 8, { available: -100 }],
    ['invitationReward', 21, { reward: 100 }],
    ['rewardToBalance', 28, { reward: -100, available: 100 }],
    ['rewardWithdraw', 26, { reward: -100 }],
    ['abnormalCredit', 4, { abnormal: 100 }],
    ['abnormalWithdraw', 30, { abnormal: -100 }],
  ])('%s is record type %i and moves %o for 100 cents', (kind, recordType, moves) => {
    expect(POSTING_KINDS[kind].recordType).toBe(recordType);
    expect(deltasOf(kind, 100)).toEqual({ ...zeroBalances(), ...moves });
  });

  it('covers every kind in the table above, each a seed record type, each debiting at most one balance', () => {
    expect(POSTING_KIND_NAMES).toHaveLength(16);
    const seedTypes = new Set<number>(Object.values(BalanceRecordType));
    for (const kind of POSTING_KIND_NAMES) {
      expect(seedTypes.has(POSTING_KINDS[kind].recordType), kind).toBe(true);
      expect(Object.values(POSTING_KINDS[kind].effects).filter((sign) => sign === -1).length).toBeLessThanOrEqual(1);
    }
  });

  it('names the debited balance', () => {
    expect(debitedBalance('spend')).toBe('available');
    expect(debitedBalance('rewardToBalance')).toBe('reward');
    expect(debitedBalance('recharge')).toBeUndefined();
    expect(debitedBalance('decline')).toBeUndefined();
  });

  it('has deterministic op ids {kind}:{key}', () => {
    expect(opIdOf('recharge', 'P2026010112345')).toBe('recharge:P2026010112345');
    expect(opIdOf('rechargeRefund', 'R1')).toBe('rechargeRefund:R1');
  });

  it.each([
    [{ kind: 'spend', key: 'k', amount: 0 }, /positive/],
    [{ kind: 'spend', key: 'k', amount: 1.5 }, /positive/],
    [{ kind: 'spend', key: 'k', amount: 10, keepAtLeast: -1 }, /keepAtLeast/],
    [{ kind: 'nope', key: 'k', amount: 10 }, /unknown/],
    [{ kind: 'spend', key: '', amount: 10 }, /key/],
  ])('refuses a malformed operation %o', (op, message) => {
    expect(() => validateOperation(op as never)).toThrow(message);
  });
});

describe('decide', () => {
  const card = (available: number, status: 'active' | 'frozen' | 'cancelled' = 'active') => ({ status, balances: { available, reward: 50, abnormal: 0 } });

  it.each([
    ['a debit within the balance', card(100), { kind: 'spend', key: 'a', amount: 100 }, 'apply', { status: 'active', 'balances.available': { $gte: 100 } }],
    ['a debit beyond the balance', card(99), { kind: 'spend', key: 'a', amount: 100 }, 'insufficient', { status: 'active', 'balances.available': { $lt: 100 } }],
    ['keepAtLeast counts', card(150), { kind: 'balancePay', key: 'a', amount: 100, keepAtLeast: 51 }, 'insufficient', { status: 'active', 'balances.available': { $lt: 151 } }],
    ['keepAtLeast met exactly', card(150), { kind: 'balancePay', key: 'a', amount: 100, keepAtLeast: 50 }, 'apply', { status: 'active', 'balances.available': { $gte: 150 } }],
    ['a debit of the reward balance', card(0), { kind: 'rewardToBalance', key: 'a', amount: 50, keepAtLeast: 10 }, 'apply', { status: 'active', 'balances.reward': { $gte: 50 } }],
    ['a debit of a frozen card', card(1000, 'frozen'), { kind: 'balancePay', key: 'a', amount: 1 }, 'frozen', { status: 'frozen' }],
    ['a debit of a cancelled card', card(1000, 'cancelled'), { kind: 'spend', key: 'a', amount: 1 }, 'noCard', { status: 'cancelled' }],
    ['a credit of a frozen card', card(0, 'frozen'), { kind: 'refund', key: 'a', amount: 1 }, 'apply', {}],
    ['a credit of a cancelled card', card(0, 'cancelled'), { kind: 'recharge', key: 'a', amount: 1 }, 'apply', {}],
  ])('%s', (_name, state, op, outcome, filter) => {
    const decision = decide(state as never, op as never);
    expect(decision.outcome === 'apply' ? 'apply' : decision.refusal).toBe(outcome);
    expect(decision.filter).toEqual(filter);
  });

  it('stores a refusal with no effect, and an applied posting with its deltas', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const op = { kind: 'balancePay' as const, key: 'P1', amount: 300, ref: { orderNo: 'P1' } };
    const refused = postingOf(op, decide(card(100), op), at);
    expect(refused).toEqual({ opId: 'balancePay:P1', kind: 'balancePay', recordType: 3, amount: 300, deltas: zeroBalances(), refused: 'insufficient', ref: { orderNo: 'P1' }, at });
    expect(incOf(refused.deltas)).toEqual({});
    const applied = postingOf(op, decide(card(300), op), at);
    expect(applied.refused).toBeUndefined();
    expect(incOf(applied.deltas)).toEqual({ 'balances.available': -300 });
  });
});

describe('sumDistinct', () => {
  it('counts each op id once (an entry may be inline and archived at once)', () => {
    const posting = (opId: string, available: number, reward = 0) => ({ opId, deltas: { available, reward, abnormal: 0 } });
    expect(sumDistinct([posting('a', 100), posting('b', -30), posting('a', 100), posting('c', 0, 7)])).toEqual({
      sums: { available: 70, reward: 7, abnormal: 0 },
      operations: 3,
    });
  });
});
