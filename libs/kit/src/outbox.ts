// Transactional outbox without transactions: a state change and its pending events are written in
// ONE single-document update ($push to the document's `outbox` array); the relay publishes them and
// then removes exactly the published elements. A crash before publishing leaves the events stored, so they
// are published after restart; a crash after publishing but before the pull republishes them, and the
// idempotent consumer drops the copy by event id. See docs/events.md.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Schema, type Model } from 'mongoose';
import type { Producer } from 'kafkajs';
import type { Logger } from 'pino';
import type { EventData, EventDefinition } from '@aipay/contracts';

/** A pending event as stored inside its aggregate's document. */
export interface StoredEvent {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  topic: string;
  key: string;
  data: unknown;
}

const storedEventSchema = new Schema<StoredEvent>(
  {
    id: { type: String, required: true },
    type: { type: String, required: true },
    version: { type: Number, required: true },
    occurredAt: { type: String, required: true },
    topic: { type: String, required: true },
    key: { type: String, required: true },
    data: { type: Schema.Types.Mixed, required: true },
  },
  { _id: false },
);

/** Fields every aggregate that publishes events carries; spread into its schema definition. */
export const outboxFields = {
  outbox: { type: [storedEventSchema], default: [] },
  outboxLeaseUntil: { type: Date, default: null },
  outboxLeaseOwner: { type: String, default: null },
};

export interface OutboxDocument {
  outbox: StoredEvent[];
  outboxLeaseUntil: Date | null;
  outboxLeaseOwner: string | null;
}

/** Builds a pending event, validating its data against the contract (a bad event never gets stored). */
export function outboxEvent<E extends EventDefinition>(definition: E, data: EventData<E>, now = new Date()): StoredEvent {
  const parsed = definition.data.parse(data) as EventData<E>;
  return {
    id: randomUUID(),
    type: definition.type,
    version: definition.version,
    occurredAt: now.toISOString(),
    topic: definition.topic,
    key: definition.key(parsed),
    data: parsed,
  };
}

/** The part of an update that stores events together with the state change. */
export function pushEvents(...events: StoredEvent[]): { $push: { outbox: { $each: StoredEvent[] } } } {
  return { $push: { outbox: { $each: events } } };
}

export interface RelayHooks {
  /** Called after a document's events are claimed and before they are published (tests inject crashes here). */
  afterClaim?: (events: StoredEvent[]) => Promise<void> | void;
  /** Called after publishing and before the events are cleared. */
  afterPublish?: (events: StoredEvent[]) => Promise<void> | void;
}

export interface RelayOptions {
  producer: Producer;
  models: Model<any>[];
  logger: Logger;
  pollIntervalMs?: number;
  /** How long a claim on a document lasts; another relay may take over after it. */
  leaseMs?: number;
  hooks?: RelayHooks;
}

export class OutboxRelay {
  private readonly owner = randomUUID();
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  published = 0;

  constructor(private readonly options: RelayOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.leaseMs = options.leaseMs ?? 30_000;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Publish soon: call after a write that stored events. */
  notify(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Publishes until no stored event is left; returns how many were published. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const count = await this.publishNext();
      if (count === 0) return total;
      total += count;
    }
  }

  private async run(): Promise<void> {
    while (this.running) {
      try {
        const count = await this.publishNext();
        if (count > 0) continue;
      } catch (error) {
        this.options.logger.error({ err: error }, 'outbox relay: publish failed, will retry');
      }
      await Promise.race([
        sleep(this.pollIntervalMs),
        new Promise<void>((resolve) => {
          this.wake = resolve;
        }),
      ]);
      this.wake = undefined;
    }
  }

  /** Claims one document with pending events (in any model), publishes them, clears them. */
  private async publishNext(): Promise<number> {
    for (const model of this.options.models) {
      const now = new Date();
      const document = (await model
        .findOneAndUpdate(
          { 'outbox.0': { $exists: true }, $or: [{ outboxLeaseUntil: null }, { outboxLeaseUntil: { $lt: now } }] },
          { $set: { outboxLeaseUntil: new Date(now.getTime() + this.leaseMs), outboxLeaseOwner: this.owner } },
          { returnDocument: 'after', lean: true },
        )
        .exec()) as (OutboxDocument & { _id: unknown }) | null;
      if (!document) continue;
      const events = document.outbox;
      await this.options.hooks?.afterClaim?.(events);
      await this.options.producer.sendBatch({
        acks: -1,
        topicMessages: groupByTopic(events),
      });
      await this.options.hooks?.afterPublish?.(events);
      await model
        .updateOne(
          { _id: document._id, outboxLeaseOwner: this.owner },
          {
            // $pullAll by the exact stored elements: portable (FerretDB ignores $pull with a condition).
            $pullAll: { outbox: events },
            $set: { outboxLeaseUntil: null, outboxLeaseOwner: null },
          },
        )
        .exec();
      this.published += events.length;
      return events.length;
    }
    return 0;
  }
}

function groupByTopic(events: StoredEvent[]) {
  const topics = new Map<string, { key: string; value: string; headers: Record<string, string> }[]>();
  for (const event of events) {
    const messages = topics.get(event.topic) ?? [];
    messages.push({
      key: event.key,
      value: JSON.stringify({ id: event.id, type: event.type, version: event.version, occurredAt: event.occurredAt, data: event.data }),
      headers: { eventId: event.id, eventType: event.type },
    });
    topics.set(event.topic, messages);
  }
  return [...topics].map(([topic, messages]) => ({ topic, messages }));
}
