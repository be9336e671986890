// Queries on users and identifiers. Claims are inserted before the user they point to, and removed
// again when a later step fails, so no two users ever hold the same identifier (no transactions).
import { isDuplicateKeyError, pushEvents, type StoredEvent } from '@aipay/kit';
import type { Models, UserDoc } from './models.js';

export class IdentifierTaken extends Error {
  constructor(readonly key: string) {
    super(`identifier taken: ${key}`);
  }
}

export class UserStore {
  constructor(private readonly models: Models) {}

  async byId(userId: string): Promise<UserDoc | null> {
    return this.models.User.findOne({ _id: userId, deleted: false }).lean<UserDoc>().exec();
  }

  async ownerOf(key: string): Promise<string | null> {
    const found = await this.models.Identifier.findById(key).lean().exec();
    return found?.userId ?? null;
  }

  async byIdentifier(key: string): Promise<UserDoc | null> {
    const userId = await this.ownerOf(key);
    return userId ? this.byId(userId) : null;
  }

  /** Inserts each identifier for the user; on a taken one removes those inserted and throws. */
  async claim(keys: string[], userId: string): Promise<void> {
    const inserted: string[] = [];
    for (const key of keys) {
      try {
        await this.models.Identifier.create({ _id: key, userId });
        inserted.push(key);
      } catch (error) {
        await this.release(inserted, userId);
        if (isDuplicateKeyError(error)) throw new IdentifierTaken(key);
        throw error;
      }
    }
  }

  /** Removes identifiers, only those still pointing at the user. */
  async release(keys: string[], userId: string): Promise<void> {
    if (keys.length === 0) return;
    await this.models.Identifier.deleteMany({ _id: { $in: keys }, userId }).exec();
  }

  async create(user: Partial<UserDoc> & { _id: string; inviteCode: string }, events: StoredEvent[]): Promise<UserDoc> {
    await this.models.User.create({ ...user, outbox: events });
    const created = await this.byId(user._id);
    if (!created) throw new Error('user vanished after insert');
    return created;
  }

  /** A conditional single-document update; returns the document after it, or null if the condition failed. */
  async update(
    filter: Record<string, unknown>,
    set: Record<string, unknown>,
    events: StoredEvent[] = [],
    inc?: Record<string, number>,
  ): Promise<UserDoc | null> {
    const update: Record<string, unknown> = { $set: set };
    if (inc) update.$inc = inc;
    if (events.length > 0) Object.assign(update, pushEvents(...events));
    return this.models.User.findOneAndUpdate({ deleted: false, ...filter }, update, { returnDocument: 'after' })
      .lean<UserDoc>()
      .exec();
  }

  /** Atomically counts a wrong payment password unless already locked; null when locked. */
  async countPayFailure(userId: string, max: number): Promise<UserDoc | null> {
    return this.models.User.findOneAndUpdate(
      { _id: userId, deleted: false, payPasswordHash: { $ne: null }, payPasswordFailCount: { $lt: max } },
      { $inc: { payPasswordFailCount: 1 } },
      { returnDocument: 'after' },
    )
      .lean<UserDoc>()
      .exec();
  }
}
