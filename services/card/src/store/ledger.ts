// The card ledger on a MongoDB-compatible store without transactions (docs/card.md "Ledger"):
// an operation is decided ONCE, by one conditional single-document update of the card that moves
// the balances and pushes the posting (applied or refused) together; archiving copies old postings
// to `postings` and removes them from the card in one update conditional on the archive epoch.
import type { StoredEvent } from '@aipay/kit';
import {
  BALANCE_NAMES,
  decide,
  incOf,
  opIdOf,
  postingOf,
  sumDistinct,
  validateOperation,
  type Balances,
  type OperationInput,
  type Posting,
} from '../domain/ledger.js';
import type { CardDoc, CardModels, PostingDoc } from './models.js';

export interface LedgerOperation extends OperationInput {
  /** The card must belong to this user, else `noCard` (nothing is recorded). */
  userId?: string;
  /** Outbox events stored in the same update as an APPLIED posting (never with a refusal). */
  events?: StoredEvent[];
}

export type ApplyResult =
  | { status: 'noCard' }
  /** `posting.refused` set: the operation's outcome is a refusal (first time or repeated). */
  | { status: 'applied' | 'duplicate'; posting: Posting; balances: Balances; attempts: number };

export interface LedgerHooks {
  /** Runs between the read and the conditional update (tests interleave an archive step here). */
  beforeWrite?: (cardId: string, opId: string) => Promise<void> | void;
}

export class LedgerContentionError extends Error {
  override readonly name = 'LedgerContentionError';
}

export class OperationOfAnotherCardError extends Error {
  override readonly name = 'OperationOfAnotherCardError';
}

const MAX_ATTEMPTS = 100;

const stripPosting = ({ _id: _ignored, cardId: _card, archiveEpoch: _epoch, ...posting }: PostingDoc): Posting => posting;

export interface LedgerOptions {
  /** A card whose journal reaches this many entries after an apply is reported to the listeners. */
  journalMax?: number;
}

export class Ledger {
  private readonly longJournalListeners: ((cardId: string) => void)[] = [];

  constructor(
    private readonly models: CardModels,
    readonly hooks: LedgerHooks = {},
    private readonly options: LedgerOptions = {},
  ) {}

  /** Called with a card id whenever an apply leaves its journal at `journalMax` entries or more (the archiver's queue). */
  onLongJournal(listener: (cardId: string) => void): void {
    this.longJournalListeners.push(listener);
  }

  async read(cardId: string): Promise<CardDoc | null> {
    return this.models.cards.findOne({ _id: cardId }, { projection: { outbox: 0 } }) as Promise<CardDoc | null>;
  }

  /**
   * Applies the operation once. Read the card (epoch e) → the op id inline or archived = duplicate
   * (its stored outcome is answered) → else ONE update `{_id, archiveEpoch: e, journalOpIds: {$ne:
   * opId}, <decision guard>}`. Matching nothing means the card changed meanwhile (another copy of
   * the operation, an archive step, a balance that moved past the guard): read again.
   */
  async apply(cardId: string, op: LedgerOperation): Promise<ApplyResult> {
    validateOperation(op);
    const opId = opIdOf(op.kind, op.key);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const card = await this.read(cardId);
      if (!card || (op.userId !== undefined && card.userId !== op.userId)) return { status: 'noCard' };
      const inline = card.journalOpIds.includes(opId) ? card.journal.find((posting) => posting.opId === opId) : undefined;
      if (inline) return { status: 'duplicate', posting: inline, balances: card.balances, attempts: attempt };
      // Only after reading the card: an entry archived since then is in `postings` (copied before removal).
      const archived = await this.models.postings.findOne({ _id: opId });
      if (archived) {
        if (archived.cardId !== cardId) throw new OperationOfAnotherCardError(`${opId} belongs to card ${archived.cardId}, not ${cardId}`);
        return { status: 'duplicate', posting: stripPosting(archived), balances: card.balances, attempts: attempt };
      }
      const decision = decide(card, op);
      const posting = postingOf(op, decision, new Date());
      await this.hooks.beforeWrite?.(cardId, opId);
      const inc = incOf(posting.deltas);
      const events = decision.outcome === 'apply' ? (op.events ?? []) : [];
      const updated = await this.models.cards.findOneAndUpdate(
        { _id: cardId, archiveEpoch: card.archiveEpoch, journalOpIds: { $ne: opId }, ...decision.filter },
        {
          ...(Object.keys(inc).length > 0 ? { $inc: inc } : {}),
          $push: { journal: posting, journalOpIds: opId, ...(events.length > 0 ? { outbox: { $each: events } } : {}) },
        } as never,
        { returnDocument: 'after' },
      );
      if (updated) {
        if (updated.journal.length >= (this.options.journalMax ?? Infinity)) for (const listener of this.longJournalListeners) listener(cardId);
        return { status: 'applied', posting, balances: updated.balances, attempts: attempt };
      }
    }
    throw new LedgerContentionError(`card ${cardId}: ${opId} not decided after ${MAX_ATTEMPTS} attempts`);
  }

  /** The stored outcome of an operation (inline or archived), or null when it was never decided. */
  async lookup(cardId: string, opId: string): Promise<Posting | null> {
    const card = await this.read(cardId);
    const inline = card?.journal.find((posting) => posting.opId === opId);
    if (inline) return inline;
    const archived = await this.models.postings.findOne({ _id: opId, cardId });
    return archived ? stripPosting(archived) : null;
  }

  /**
   * One archive step: copies all but the newest `keep` journal entries to `postings` (`_id` = opId,
   * an unordered insert whose duplicates are ignored, so copying twice is harmless), then removes exactly those ($pullAll of the stored
   * elements) and increments the epoch, conditional on the epoch read. Answers how many left the card
   * (0 when there was nothing to move or another archiver moved first).
   */
  async archive(cardId: string, keep = 0): Promise<number> {
    const card = await this.read(cardId);
    if (!card || card.journal.length <= keep) return 0;
    const moving = card.journal.slice(0, card.journal.length - keep);
    try {
      await this.models.postings.insertMany(
        moving.map((posting) => ({ ...posting, _id: posting.opId, cardId, archiveEpoch: card.archiveEpoch })),
        { ordered: false },
      );
    } catch (error) {
      // Copied before (a crash before the removal, or another archiver): the same op id, the same entry.
      if (!onlyDuplicates(error)) throw error;
    }
    await this.hooks.beforeWrite?.(cardId, 'archive');
    const result = await this.models.cards.updateOne(
      { _id: cardId, archiveEpoch: card.archiveEpoch },
      { $pullAll: { journal: moving, journalOpIds: moving.map((posting) => posting.opId) }, $inc: { archiveEpoch: 1 } } as never,
    );
    return result.modifiedCount > 0 ? moving.length : 0;
  }

  /** Cards whose inline journal holds at least `max` entries (the archiver's work list). */
  async longJournals(max: number, limit = 100): Promise<string[]> {
    const cards = await this.models.cards
      .find({ [`journal.${max - 1}`]: { $exists: true } }, { projection: { _id: 1 } })
      .limit(limit)
      .toArray();
    return cards.map((card) => card._id);
  }

  /**
   * The invariant of docs/card.md: each balance equals the sum of its deltas over the distinct op ids
   * of `postings ∪ journal`, and no balance is negative. Exact while operations and archiving run:
   * each card is read first (balances and journal of one instant, epoch e), then its archived
   * postings copied at an epoch below e, i.e. removed from the card before that instant. A posting
   * copied at epoch e or later is either still inline in what was read or was applied after it.
   * Several cards share one read of `postings` (on FerretDB any filter but `_id` scans the collection).
   */
  async invariants(cardIds: string[]): Promise<Map<string, InvariantReport>> {
    const cards = new Map<string, CardDoc>();
    for (const cardId of cardIds) {
      const card = await this.read(cardId);
      if (!card) throw new Error(`no card ${cardId}`);
      cards.set(cardId, card);
    }
    const archived = new Map<string, PostingDoc[]>(cardIds.map((cardId) => [cardId, []]));
    for (const posting of await this.models.postings.find({ cardId: { $in: cardIds } }).toArray()) {
      if (posting.archiveEpoch < cards.get(posting.cardId)!.archiveEpoch) archived.get(posting.cardId)!.push(posting);
    }
    const reports = new Map<string, InvariantReport>();
    for (const [cardId, card] of cards) {
      const moved = archived.get(cardId)!;
      const { sums, operations } = sumDistinct([...moved, ...card.journal]);
      const mismatches = BALANCE_NAMES.filter((name) => sums[name] !== card.balances[name]);
      const negative = BALANCE_NAMES.filter((name) => card.balances[name] < 0);
      reports.set(cardId, {
        ok: mismatches.length === 0 && negative.length === 0,
        balances: card.balances,
        sums,
        operations,
        mismatches,
        negative,
        inline: card.journal.length,
        archived: moved.length,
      });
    }
    return reports;
  }

  async invariant(cardId: string): Promise<InvariantReport> {
    return (await this.invariants([cardId])).get(cardId)!;
  }
}

/** An unordered insert whose only failures are duplicate keys (E11000). */
function onlyDuplicates(error: unknown): boolean {
  const writeErrors = (error as { writeErrors?: { code?: number }[] | { code?: number } }).writeErrors;
  const list = Array.isArray(writeErrors) ? writeErrors : writeErrors ? [writeErrors] : [];
  return list.length > 0 && list.every((entry) => entry.code === 11000);
}

export interface InvariantReport {
  ok: boolean;
  balances: Balances;
  sums: Balances;
  /** Distinct operations decided on the card (applied or refused). */
  operations: number;
  mismatches: string[];
  negative: string[];
  inline: number;
  archived: number;
}
