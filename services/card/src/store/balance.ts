// The internal balance API's logic (docs/payments.md "Balance payments", docs/card.md "Internal
// balance API"): debits idempotent by the caller's key (orderNo) with the first outcome final,
// refusals included; credits idempotent by refundNo, never more than was debited for the order.
// Crash-safe order: the terms are stored first (`pending`), the ledger decides the outcome once
// (inside the card document, by op id), then the outcome is copied onto the debit record. A repeat at
// any point after a crash goes through the same steps and meets the same ledger outcome.
import { randomBytes } from 'node:crypto';
import { isDuplicateKeyError } from '@aipay/kit';
import { opIdOf, type Balances, type CardStatus } from '../domain/ledger.js';
import type { Ledger } from './ledger.js';
import type { CardDoc, CardModels, CreditDoc, DebitDoc, DebitReason, DebitStatus } from './models.js';

export interface DebitRequest {
  userId: string;
  cardId: string;
  orderNo: string;
  amount: number;
  keepAtLeast?: number | undefined;
  reason?: DebitReason | undefined;
}

export interface DebitAnswer {
  status: DebitStatus;
  balance?: number;
}

export interface CreditRequest {
  userId: string;
  cardId: string;
  orderNo: string;
  refundNo: string;
  amount: number;
}

/** The same key with other values (409). */
export class KeyConflictError extends Error {
  override readonly name = 'KeyConflictError';
}

export interface CardView {
  cardId: string;
  userId: string;
  status: CardStatus;
  balances: Balances;
}

const viewOf = (card: Pick<CardDoc, '_id' | 'userId' | 'status' | 'balances'>): CardView => ({
  cardId: card._id,
  userId: card.userId,
  status: card.status,
  balances: card.balances,
});

const answerOf = (debit: Pick<DebitDoc, 'status' | 'balance'>): DebitAnswer =>
  debit.balance === null ? { status: debit.status as DebitStatus } : { status: debit.status as DebitStatus, balance: debit.balance };

export const newCardId = (): string => `crd_${randomBytes(10).toString('hex')}`;

export class BalanceService {
  constructor(
    private readonly models: CardModels,
    private readonly ledger: Ledger,
  ) {}

  /** Temporary plumbing until account opening exists: an empty active card of the user. */
  async createCard(userId: string, cardId = newCardId()): Promise<CardView> {
    try {
      const created = await this.models.Card.create({ _id: cardId, userId, status: 'active', createdAt: new Date() });
      return viewOf(created.toObject());
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.card(cardId);
      if (!existing || existing.userId !== userId) throw new KeyConflictError(`card ${cardId} exists for another user`);
      return existing;
    }
  }

  async card(cardId: string): Promise<CardView | null> {
    const card = await this.ledger.read(cardId);
    return card ? viewOf(card) : null;
  }

  async debit(request: DebitRequest): Promise<DebitAnswer> {
    const terms = { userId: request.userId, cardId: request.cardId, amount: request.amount, keepAtLeast: request.keepAtLeast ?? 0, reason: request.reason ?? 'balancePay' };
    let debit = await this.models.Debit.findById(request.orderNo).lean<DebitDoc>().exec();
    if (!debit) {
      try {
        debit = (await this.models.Debit.create({ _id: request.orderNo, ...terms, status: 'pending', createdAt: new Date() })).toObject<DebitDoc>();
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        debit = await this.models.Debit.findById(request.orderNo).lean<DebitDoc>().exec();
        if (!debit) throw error;
      }
    }
    if (debit.userId !== terms.userId || debit.cardId !== terms.cardId || debit.amount !== terms.amount || debit.keepAtLeast !== terms.keepAtLeast || debit.reason !== terms.reason) {
      throw new KeyConflictError(`debit ${request.orderNo} was asked with other values`);
    }
    if (debit.status !== 'pending') return answerOf(debit);

    const result = await this.ledger.apply(debit.cardId, {
      kind: debit.reason,
      key: debit._id,
      amount: debit.amount,
      keepAtLeast: debit.keepAtLeast,
      userId: debit.userId,
      ref: { orderNo: debit._id },
    });
    // noCard is not in the ledger (no card of this user): stable, as card ids are never reused and
    // a card never changes owner nor is deleted (a cancelled card is refused by the ledger itself).
    // No balance with noCard (no card of this user, or a cancelled one), like the contract's stand-in.
    const status: DebitStatus = result.status === 'noCard' ? 'noCard' : (result.posting.refused ?? 'debited');
    const decided: DebitAnswer = result.status === 'noCard' || status === 'noCard' ? { status } : { status, balance: result.balances.available };
    const stored = await this.models.Debit.findOneAndUpdate(
      { _id: debit._id, status: 'pending' },
      { $set: { status: decided.status, balance: decided.balance ?? null, decidedAt: new Date() } },
      { returnDocument: 'after' },
    )
      .lean<DebitDoc>()
      .exec();
    if (stored) return answerOf(stored);
    // A concurrent copy stored it first: the same ledger outcome, answered with its balance.
    const first = await this.models.Debit.findById(debit._id).lean<DebitDoc>().exec();
    return first ? answerOf(first) : decided;
  }

  /** `debited` when the ledger applied the debit (also while its record is still pending). */
  async debitStatus(orderNo: string): Promise<'debited' | 'none'> {
    const debit = await this.models.Debit.findById(orderNo).lean<DebitDoc>().exec();
    return debit && (await this.wasDebited(debit)) ? 'debited' : 'none';
  }

  private async wasDebited(debit: DebitDoc): Promise<boolean> {
    if (debit.status !== 'pending') return debit.status === 'debited';
    const posting = await this.ledger.lookup(debit.cardId, opIdOf(debit.reason, debit._id));
    return posting !== null && posting.refused === undefined;
  }

  /**
   * Credits a refund of a debited order back to its card, once per refundNo: the refund's terms are
   * stored first, then its amount is reserved on the debit (`credited + amount ≤ amount debited`,
   * one conditional update), then the ledger applies it (by op id, once).
   */
  async credit(request: CreditRequest): Promise<'credited'> {
    const { refundNo, orderNo, userId, cardId, amount } = request;
    let credit = await this.models.Credit.findById(refundNo).lean<CreditDoc>().exec();
    if (!credit) {
      try {
        credit = (await this.models.Credit.create({ _id: refundNo, orderNo, userId, cardId, amount, createdAt: new Date() })).toObject<CreditDoc>();
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
        credit = await this.models.Credit.findById(refundNo).lean<CreditDoc>().exec();
        if (!credit) throw error;
      }
    }
    if (credit.orderNo !== orderNo || credit.userId !== userId || credit.cardId !== cardId || credit.amount !== amount) {
      throw new KeyConflictError(`credit ${refundNo} was asked with other values`);
    }
    const debit = await this.models.Debit.findById(orderNo).lean<DebitDoc>().exec();
    if (!debit || debit.userId !== userId || debit.cardId !== cardId || !(await this.wasDebited(debit))) {
      throw new KeyConflictError(`order ${orderNo} has no debit of card ${cardId} to credit back`);
    }
    if (!debit.creditIds.includes(refundNo)) {
      const reserved = await this.models.Debit.updateOne(
        { _id: orderNo, creditIds: { $ne: refundNo }, credited: { $lte: debit.amount - amount } },
        { $inc: { credited: amount }, $push: { creditIds: refundNo } },
      ).exec();
      if (reserved.modifiedCount === 0) {
        const again = await this.models.Debit.findById(orderNo).lean<DebitDoc>().exec();
        if (!again?.creditIds.includes(refundNo)) throw new KeyConflictError(`order ${orderNo}: credits would exceed the ${debit.amount} debited`);
      }
    }
    const result = await this.ledger.apply(cardId, { kind: 'balanceRefund', key: refundNo, amount, ref: { orderNo, refundNo } });
    if (result.status === 'noCard') throw new Error(`card ${cardId} of debit ${orderNo} not found`);
    return 'credited';
  }
}
