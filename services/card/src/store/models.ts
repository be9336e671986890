// The card service's collections. `cards`: one document per card with its balances, the newest
// postings (`journal`, `journalOpIds`), the archive epoch and the outbox (docs/card.md "Ledger").
// `postings`: archived postings, `_id` = opId. `debits` and `credits`: the internal balance API's
// idempotency records (by orderNo, by refundNo; docs/card.md "Internal balance API").
import { Schema, type Connection, type Model, type mongo } from 'mongoose';
import { outboxFields, type OutboxDocument } from '@aipay/kit';
import type { Balances, CardStatus, Posting } from '../domain/ledger.js';

export interface CardDoc extends OutboxDocument {
  _id: string;
  userId: string;
  status: CardStatus;
  balances: Balances;
  /** The newest postings, oldest first; archived to `postings` by the archiver. */
  journal: Posting[];
  /** The op ids of `journal` (the `$ne` guard of a single update reads this flat array). */
  journalOpIds: string[];
  /** Incremented by every archive step; an apply is conditional on the epoch it read. */
  archiveEpoch: number;
  createdAt: Date;
}

export interface PostingDoc extends Posting {
  /** = opId. */
  _id: string;
  cardId: string;
  /** The card's archive epoch when the archiver read the entry (removed from the card when it moves past). */
  archiveEpoch: number;
}

export type DebitStatus = 'debited' | 'insufficient' | 'noCard' | 'frozen';
export type DebitReason = 'balancePay' | 'rechargeRefund';

export interface DebitDoc {
  /** The caller's key: payments' orderNo (for a recharge refund, the key payments sends). */
  _id: string;
  userId: string;
  cardId: string;
  amount: number;
  keepAtLeast: number;
  reason: DebitReason;
  /** `pending` until the first outcome is stored (the ledger holds it already once applied). */
  status: 'pending' | DebitStatus;
  balance: number | null;
  /** Credited back so far (refunds of this debit), US cents, and their refundNos. */
  credited: number;
  creditIds: string[];
  createdAt: Date;
  decidedAt: Date | null;
}

export interface CreditDoc {
  /** payments' refundNo. */
  _id: string;
  orderNo: string;
  userId: string;
  cardId: string;
  amount: number;
  createdAt: Date;
}

const balancesSchema = new Schema<Balances>(
  { available: { type: Number, default: 0 }, reward: { type: Number, default: 0 }, abnormal: { type: Number, default: 0 } },
  { _id: false },
);

const cardSchema = new Schema<CardDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    status: { type: String, required: true, default: 'active' },
    balances: { type: balancesSchema, default: () => ({}) },
    // Written and read by the ledger through the driver (exact elements for $pullAll), never cast.
    journal: { type: Schema.Types.Mixed, default: () => [] },
    journalOpIds: { type: [String], default: [] },
    archiveEpoch: { type: Number, default: 0 },
    createdAt: { type: Date, required: true },
    ...outboxFields,
  },
  { versionKey: false, collection: 'cards' },
);

const postingSchema = new Schema<PostingDoc>(
  {
    _id: { type: String, required: true },
    cardId: { type: String, required: true, index: true },
  },
  { versionKey: false, collection: 'postings', strict: false },
);

const debitSchema = new Schema<DebitDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    cardId: { type: String, required: true },
    amount: { type: Number, required: true },
    keepAtLeast: { type: Number, required: true, default: 0 },
    reason: { type: String, required: true },
    status: { type: String, required: true, default: 'pending' },
    balance: { type: Number, default: null },
    credited: { type: Number, default: 0 },
    creditIds: { type: [String], default: [] },
    createdAt: { type: Date, required: true },
    decidedAt: { type: Date, default: null },
  },
  { versionKey: false, collection: 'debits' },
);

const creditSchema = new Schema<CreditDoc>(
  {
    _id: { type: String, required: true },
    orderNo: { type: String, required: true },
    userId: { type: String, required: true },
    cardId: { type: String, required: true },
    amount: { type: Number, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'credits' },
);

export interface CardModels {
  Card: Model<CardDoc>;
  Posting: Model<PostingDoc>;
  Debit: Model<DebitDoc>;
  Credit: Model<CreditDoc>;
  /** The driver's collections the ledger writes (no casting, exact stored elements). */
  cards: mongo.Collection<CardDoc>;
  postings: mongo.Collection<PostingDoc>;
}

export function createCardModels(connection: Connection): CardModels {
  const Card = (connection.models.Card as Model<CardDoc> | undefined) ?? connection.model<CardDoc>('Card', cardSchema);
  const Posting = (connection.models.Posting as Model<PostingDoc> | undefined) ?? connection.model<PostingDoc>('Posting', postingSchema);
  return {
    Card,
    Posting,
    Debit: (connection.models.Debit as Model<DebitDoc> | undefined) ?? connection.model<DebitDoc>('Debit', debitSchema),
    Credit: (connection.models.Credit as Model<CreditDoc> | undefined) ?? connection.model<CreditDoc>('Credit', creditSchema),
    cards: Card.collection as unknown as mongo.Collection<CardDoc>,
    postings: Posting.collection as unknown as mongo.Collection<PostingDoc>,
  };
}

/** The indexes (no TTL, no partial indexes: FerretDB). */
export async function ensureIndexes(models: CardModels): Promise<void> {
  await Promise.all([models.Card.createIndexes(), models.Posting.createIndexes()]);
}
