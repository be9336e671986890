// The card ledger's pure rules (docs/card.md "Ledger"): the kinds of posting with the seeds' balance
// record types (001 §3), which balance each moves and in which direction, the deterministic
// operation ids, the decision "apply or refuse" with the filter that makes it atomic, and the sums
// the invariant compares. No I/O here; src/store/ledger.ts runs the single-document updates.
import { BalanceRecordType } from '@aipay/contracts';

export const BALANCE_NAMES = ['available', 'reward', 'abnormal'] as const;
export type BalanceName = (typeof BALANCE_NAMES)[number];
/** US cents per balance of a card. */
export type Balances = Record<BalanceName, number>;

export const zeroBalances = (): Balances => ({ available: 0, reward: 0, abnormal: 0 });

interface KindRule {
  /** Balance record type of seed 001 §3 (what the user's balance records show). */
  recordType: BalanceRecordType;
  /** +1 credits the balance by the posting's amount, -1 debits it. At most one debited balance. */
  effects: Partial<Record<BalanceName, 1 | -1>>;
}

/**
 * Every kind of posting. The op id of a posting is `{kind}:{key}` with the business key named here.
 * Debits are guarded (no balance below zero); a refused debit is stored as a refusal with no effect.
 */
export const POSTING_KINDS = {
  /** Money of a paid recharge order (payment.succeeded, orderType 0); key orderNo. */
  recharge: { recordType: BalanceRecordType.recharge, effects: { available: 1 } },
  /** A charge of ours on the card (a service fee); key its reference. */
  charge: { recordType: BalanceRecordType.charge, effects: { available: -1 } },
  /** An issuer authorisation (merchant spending, the issuer's webhook); key the issuer's transaction id. */
  spend: { recordType: BalanceRecordType.spend, effects: { available: -1 } },
  /** An authorisation the issuer declined: recorded, moves nothing; key the issuer's transaction id. */
  decline: { recordType: BalanceRecordType.spend, effects: {} },
  /** A merchant refund of a spend; key the issuer's transaction id. */
  refund: { recordType: BalanceRecordType.refund, effects: { available: 1 } },
  /** A reversed (pre-)authorisation; key the issuer's transaction id. */
  reversal: { recordType: BalanceRecordType.reversal, effects: { available: 1 } },
  /** The issuer's cross-border fee of a foreign charge; key the issuer's transaction id. */
  crossBorderFee: { recordType: BalanceRecordType.crossBorderFee, effects: { available: -1 } },
  /** The user withdraws balance (withdraw type 1); key the withdrawal id. */
  withdraw: { recordType: BalanceRecordType.withdraw, effects: { available: -1 } },
  /** A balance payment of payments (channel 5): a spend of the balance; key orderNo. */
  balancePay: { recordType: BalanceRecordType.spend, effects: { available: -1 } },
  /** A refund of a balance payment back to the card; key payments' refundNo. */
  balanceRefund: { recordType: BalanceRecordType.refund, effects: { available: 1 } },
  /** Payments takes a recharge back off the card before refunding it to the payer: a withdrawal; key the debit's key. */
  rechargeRefund: { recordType: BalanceRecordType.withdraw, effects: { available: -1 } },
  /** A referral reward earned (reward.earned); key the reward id. */
  invitationReward: { recordType: BalanceRecordType.invitationReward, effects: { reward: 1 } },
  /** Reward moved into the spendable balance ("balance in"); key the transfer id. */
  rewardToBalance: { recordType: BalanceRecordType.balanceIn, effects: { reward: -1, available: 1 } },
  /** Reward withdrawn to Alipay (withdraw type 2); key the withdrawal id. */
  rewardWithdraw: { recordType: BalanceRecordType.withdraw26, effects: { reward: -1 } },
  /** Money arriving for a card that can no longer spend it (e.g. a refund after cancellation). Provisional. */
  abnormalCredit: { recordType: BalanceRecordType.refund, effects: { abnormal: 1 } },
  /** Abnormal balance withdrawn to Alipay. Provisional. */
  abnormalWithdraw: { recordType: BalanceRecordType.withdraw30, effects: { abnormal: -1 } },
} as const satisfies Record<string, KindRule>;

export type PostingKind = keyof typeof POSTING_KINDS;
export const POSTING_KIND_NAMES = Object.keys(POSTING_KINDS) as PostingKind[];

/** Why a debit was refused. `noCard`: the card is cancelled (a card that does not exist has no ledger). */
export type Refusal = 'insufficient' | 'frozen' | 'noCard';
export type CardStatus = 'active' | 'frozen' | 'cancelled';

/** One ledger entry, inline in the card's `journal` and later in `postings` (`_id` = opId). */
export interface Posting {
  opId: string;
  kind: PostingKind;
  recordType: number;
  /** US cents, > 0. */
  amount: number;
  /** Signed change per balance; all zero for a refusal. */
  deltas: Balances;
  /** Set when the operation was refused: its first (and final) outcome. */
  refused?: Refusal;
  /** Business references (orderNo, refundNo, issuer transaction id ...). */
  ref?: Record<string, string>;
  at: Date;
}

export interface OperationInput {
  kind: PostingKind;
  /** The business key; the op id is `{kind}:{key}`. */
  key: string;
  amount: number;
  /** A debit of `available` must leave at least this much (default 0). */
  keepAtLeast?: number;
  ref?: Record<string, string>;
}

export const opIdOf = (kind: PostingKind, key: string): string => `${kind}:${key}`;

export function deltasOf(kind: PostingKind, amount: number): Balances {
  const deltas = zeroBalances();
  const effects: Partial<Record<BalanceName, 1 | -1>> = POSTING_KINDS[kind].effects;
  for (const name of BALANCE_NAMES) deltas[name] = (effects[name] ?? 0) * amount;
  return deltas;
}

/** The balance a kind debits, if any. */
export function debitedBalance(kind: PostingKind): BalanceName | undefined {
  const effects: Partial<Record<BalanceName, 1 | -1>> = POSTING_KINDS[kind].effects;
  return BALANCE_NAMES.find((name) => effects[name] === -1);
}

export function validateOperation(op: OperationInput): void {
  if (!(op.kind in POSTING_KINDS)) throw new RangeError(`unknown posting kind ${op.kind}`);
  if (!Number.isSafeInteger(op.amount) || op.amount <= 0) throw new RangeError(`amount must be a positive integer of cents: ${op.amount}`);
  if (op.keepAtLeast !== undefined && (!Number.isSafeInteger(op.keepAtLeast) || op.keepAtLeast < 0)) {
    throw new RangeError(`keepAtLeast must be a non-negative integer: ${op.keepAtLeast}`);
  }
  if (!op.key) throw new RangeError('an operation needs a key');
}

export type Decision =
  | { outcome: 'apply'; deltas: Balances; filter: Record<string, unknown> }
  | { outcome: 'refuse'; refusal: Refusal; filter: Record<string, unknown> };

/**
 * Applies or refuses `op` given what was read, and the filter that makes the choice atomic: the
 * update only matches while the condition that led to the choice still holds. Credits always apply;
 * a debit needs an active card and `balance ≥ amount (+ keepAtLeast on available)`.
 */
export function decide(card: { status: CardStatus; balances: Balances }, op: OperationInput): Decision {
  const debited = debitedBalance(op.kind);
  if (!debited) return { outcome: 'apply', deltas: deltasOf(op.kind, op.amount), filter: {} };
  if (card.status === 'frozen') return { outcome: 'refuse', refusal: 'frozen', filter: { status: 'frozen' } };
  if (card.status === 'cancelled') return { outcome: 'refuse', refusal: 'noCard', filter: { status: 'cancelled' } };
  const needed = op.amount + (debited === 'available' ? (op.keepAtLeast ?? 0) : 0);
  const field = `balances.${debited}`;
  if (card.balances[debited] < needed) return { outcome: 'refuse', refusal: 'insufficient', filter: { status: 'active', [field]: { $lt: needed } } };
  return { outcome: 'apply', deltas: deltasOf(op.kind, op.amount), filter: { status: 'active', [field]: { $gte: needed } } };
}

export function postingOf(op: OperationInput, decision: Decision, at: Date): Posting {
  const posting: Posting = {
    opId: opIdOf(op.kind, op.key),
    kind: op.kind,
    recordType: POSTING_KINDS[op.kind].recordType,
    amount: op.amount,
    deltas: decision.outcome === 'apply' ? decision.deltas : zeroBalances(),
    at,
  };
  if (decision.outcome === 'refuse') posting.refused = decision.refusal;
  if (op.ref) posting.ref = op.ref;
  return posting;
}

/** The `$inc` of a posting: only the balances it moves (nothing for a refusal). */
export function incOf(deltas: Balances): Record<string, number> {
  const inc: Record<string, number> = {};
  for (const name of BALANCE_NAMES) if (deltas[name] !== 0) inc[`balances.${name}`] = deltas[name];
  return inc;
}

/** Sums each balance over the DISTINCT op ids of the postings (a posting may be inline and archived at once). */
export function sumDistinct(postings: Iterable<Pick<Posting, 'opId' | 'deltas'>>): { sums: Balances; operations: number } {
  const seen = new Set<string>();
  const sums = zeroBalances();
  for (const posting of postings) {
    if (seen.has(posting.opId)) continue;
    seen.add(posting.opId);
    for (const name of BALANCE_NAMES) sums[name] += posting.deltas[name] ?? 0;
  }
  return { sums, operations: seen.size };
}
