// Merchant spending on a card, as the test API simulates it: authorisations (declined when the card
// is frozen, cancelled, expired or short of balance), forced declines, pre-authorisation reversals
// and refunds (credits against an authorisation), and cross-border charges with their fee.
// Pure: the store applies the result atomically.
import { expired } from './cards.js';
import type { DeclineReason, IssuerCard, IssuerTransaction, Merchant } from './model.js';

export const SIMULATE_KINDS = ['authorisation', 'decline', 'reversal', 'refund', 'crossBorder'] as const;
export type SimulateKind = (typeof SIMULATE_KINDS)[number];

export interface SimulateInput {
  kind: SimulateKind;
  /** US cents. Required to spend; a reversal or refund defaults to what is left of its authorisation. */
  amount?: number;
  merchant?: string | Partial<Merchant>;
  /** The merchant's currency (cross-border: default EUR). */
  currency?: string;
  /** What the merchant charged in its currency (default: `amount`). */
  merchantAmount?: number;
  /** The authorisation a reversal or refund is about (default: the latest one with something left). */
  transactionId?: string;
  /** A forced decline's reason (default insufficient_balance). */
  reason?: DeclineReason;
  /** A cross-border fee in cents instead of PAY_ISSUER_CROSS_BORDER_FEE_BPS. */
  fee?: number;
}

export type SimulateRefusal = 'amountRequired' | 'noAuthorisation' | 'exceeds' | 'cancelled';
export type SimulateOutcome =
  | { ok: true; next: IssuerCard; transactions: IssuerTransaction[] }
  | { ok: false; reason: SimulateRefusal; message: string };

export interface SimulateEnv {
  feeBps: number;
  now: number;
  newTransactionId: () => string;
}

const refuse = (reason: SimulateRefusal, message: string): SimulateOutcome => ({ ok: false, reason, message });

function merchantOf(input: SimulateInput): Merchant {
  const given = typeof input.merchant === 'string' ? { name: input.merchant } : (input.merchant ?? {});
  const crossBorder = input.kind === 'crossBorder';
  return {
    name: given.name ?? (crossBorder ? 'Sandbox Shop Europe' : 'Sandbox Shop'),
    mcc: given.mcc ?? '5734',
    country: given.country ?? (crossBorder ? 'GB' : 'US'),
    ...(given.city ? { city: given.city } : {}),
  };
}

export const crossBorderFee = (amount: number, bps: number) => (bps === 0 ? 0 : Math.max(1, Math.round((amount * bps) / 10_000)));

const remaining = (authorisation: IssuerTransaction) => authorisation.amount - (authorisation.returned ?? 0);

function declineReasonOf(card: IssuerCard, needed: number, now: number): DeclineReason | null {
  if (card.status === 'cancelled') return 'card_cancelled';
  if (card.status === 'frozen') return 'card_frozen';
  if (expired(card.expiry, now)) return 'card_expired';
  return needed > card.balance ? 'insufficient_balance' : null;
}

/** The card after `input`, with the transactions it made (one, or two for a cross-border charge). */
export function simulate(card: IssuerCard, input: SimulateInput, env: SimulateEnv): SimulateOutcome {
  const createdAt = new Date(env.now).toISOString();
  const at = (transactions: IssuerTransaction[], balance: number, replaced: IssuerTransaction[] = card.transactions): SimulateOutcome => ({
    ok: true,
    next: { ...card, balance, updatedAt: createdAt, transactions: [...replaced, ...transactions] },
    transactions,
  });

  if (input.kind === 'reversal' || input.kind === 'refund') {
    if (card.status === 'cancelled') return refuse('cancelled', 'the card is cancelled');
    const target = input.transactionId
      ? card.transactions.find((t) => t.transactionId === input.transactionId && t.type === 'authorisation' && t.status === 'succeeded')
      : [...card.transactions].reverse().find((t) => t.type === 'authorisation' && t.status === 'succeeded' && remaining(t) > 0);
    if (!target) return refuse('noAuthorisation', 'no approved authorisation to credit against on this card');
    const amount = input.amount ?? remaining(target);
    if (amount <= 0 || amount > remaining(target)) return refuse('exceeds', `at most ${remaining(target)} cents are left of ${target.transactionId}`);
    const balance = card.balance + amount;
    const credit: IssuerTransaction = {
      transactionId: env.newTransactionId(),
      type: input.kind,
      status: 'succeeded',
      amount,
      balanceAfter: balance,
      ...(target.merchant ? { merchant: target.merchant } : {}),
      ...(target.crossBorder ? { crossBorder: true } : {}),
      relatedTransactionId: target.transactionId,
      createdAt,
    };
    const updated = card.transactions.map((t) => (t === target ? { ...t, returned: (t.returned ?? 0) + amount } : t));
    return at([credit], balance, updated);
  }

  const amount = input.amount;
  if (amount === undefined || amount <= 0) return refuse('amountRequired', 'a positive amount (US cents) is required');
  const merchant = merchantOf(input);
  const crossBorder = input.kind === 'crossBorder';
  const currency = (input.currency ?? (crossBorder ? 'EUR' : 'USD')).toUpperCase();
  const foreign = currency === 'USD' ? {} : { merchantCurrency: currency, merchantAmount: input.merchantAmount ?? amount };
  const fee = crossBorder ? (input.fee ?? crossBorderFee(amount, env.feeBps)) : 0;
  const charge = { transactionId: env.newTransactionId(), amount, merchant, ...foreign, ...(crossBorder ? { crossBorder: true } : {}), createdAt };

  const reason = input.kind === 'decline' ? (input.reason ?? 'insufficient_balance') : declineReasonOf(card, amount + fee, env.now);
  if (reason) return at([{ ...charge, type: 'decline', status: 'declined', balanceAfter: card.balance, declineReason: reason }], card.balance);

  const afterCharge = card.balance - amount;
  const authorisation: IssuerTransaction = { ...charge, type: 'authorisation', status: 'succeeded', balanceAfter: afterCharge, returned: 0 };
  if (fee === 0) return at([authorisation], afterCharge);
  const feeTransaction: IssuerTransaction = {
    transactionId: env.newTransactionId(),
    type: 'fee',
    status: 'succeeded',
    amount: fee,
    balanceAfter: afterCharge - fee,
    feeType: 'cross_border',
    merchant,
    crossBorder: true,
    relatedTransactionId: authorisation.transactionId,
    createdAt,
  };
  return at([authorisation, feeTransaction], afterCharge - fee);
}
