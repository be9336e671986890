// Idempotent Kafka consumer: each event id is applied at most once per consumer group (a processed-id
// record keyed by group and event id, unique by _id), retried a bounded number of times, and moved to
// the topic's dead-letter topic with the error when it keeps failing or cannot be parsed.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Consumer, Kafka, KafkaMessage, Producer } from 'kafkajs';
import type { Connection, Model } from 'mongoose';
import { Schema } from 'mongoose';
import type { Logger } from 'pino';
import {
  deadLetterTopic,
  eventEnvelopeSchema,
  parseEvent,
  type EventData,
  type EventDefinition,
  type EventEnvelope,
} from '@aipay/contracts';
import { isDuplicateKeyError } from './mongo.js';

export interface HandlerContext {
  topic: string;
  partition: number;
  offset: string;
  attempt: number;
  logger: Logger;
}

export interface EventHandler<E extends EventDefinition = EventDefinition> {
  definition: E;
  handle: (event: EventEnvelope<EventData<E>>, context: HandlerContext) => Promise<void>;
}

/** Declares what a service does with one event type. */
export function on<E extends EventDefinition>(
  definition: E,
  handle: (event: EventEnvelope<EventData<E>>, context: HandlerContext) => Promise<void>,
): EventHandler<E> {
  return { definition, handle };
}

interface ProcessedEvent {
  _id: string;
  groupId: string;
  eventId: string;
  type: string;
  processedAt: Date;
  outcome: 'applied' | 'dead-lettered';
}

const processedSchema = new Schema<ProcessedEvent>(
  {
    _id: { type: String, required: true },
    groupId: { type: String, required: true },
    eventId: { type: String, required: true },
    type: { type: String, required: true },
    processedAt: { type: Date, required: true },
    outcome: { type: String, required: true },
  },
  { versionKey: false, collection: 'processed_events' },
);

export interface ConsumerOptions {
  kafka: Kafka;
  groupId: string;
  connection: Connection;
  producer: Producer;
  handlers: EventHandler<any>[];
  logger: Logger;
  maxAttempts?: number;
  retryDelayMs?: number;
  fromBeginning?: boolean;
  partitionsConsumedConcurrently?: number;
}

class PoisonMessage extends Error {}

export class IdempotentConsumer {
  private readonly consumer: Consumer;
  private readonly processed: Model<ProcessedEvent>;
  private readonly handlers = new Map<string, EventHandler>();
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;
  applied = 0;
  skipped = 0;
  deadLettered = 0;

  constructor(private readonly options: ConsumerOptions) {
    this.consumer = options.kafka.consumer({ groupId: options.groupId, sessionTimeout: 10_000, heartbeatInterval: 1000 });
    this.processed = (options.connection.models.ProcessedEvent ??
      options.connection.model('ProcessedEvent', processedSchema)) as Model<ProcessedEvent>;
    for (const handler of options.handlers) this.handlers.set(handler.definition.type, handler);
    this.maxAttempts = options.maxAttempts ?? 5;
    this.retryDelayMs = options.retryDelayMs ?? 200;
  }

  get topics(): string[] {
    return [...new Set([...this.handlers.values()].map((handler) => handler.definition.topic))];
  }

  async start(): Promise<void> {
    await this.processed.init();
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: this.topics, fromBeginning: this.options.fromBeginning ?? true });
    await this.consumer.run({
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 3,
      eachMessage: async ({ topic, partition, message }) => this.process(topic, partition, message),
    });
  }

  async stop(): Promise<void> {
    await this.consumer.disconnect();
  }

  private async process(topic: string, partition: number, message: KafkaMessage): Promise<void> {
    const logger = this.options.logger.child({ topic, partition, offset: message.offset });
    let envelope: EventEnvelope;
    try {
      envelope = eventEnvelopeSchema.parse(JSON.parse(message.value?.toString() ?? ''));
    } catch (error) {
      await this.deadLetter(topic, partition, message, new PoisonMessage(`unreadable event: ${describe(error)}`), 1, undefined);
      return;
    }
    const handler = this.handlers.get(envelope.type);
    if (!handler) return; // another consumer's event on a shared topic
    const processedId = `${this.options.groupId}:${envelope.id}`;
    if (await this.processed.exists({ _id: processedId })) {
      this.skipped += 1;
      logger.debug({ eventId: envelope.id }, 'event already processed, skipped');
      return;
    }
    let event: EventEnvelope;
    try {
      event = parseEvent(handler.definition, envelope);
    } catch (error) {
      await this.deadLetter(topic, partition, message, new PoisonMessage(describe(error)), 1, envelope);
      return;
    }
    for (let attempt = 1; ; attempt += 1) {
      try {
        await handler.handle(event, { topic, partition, offset: message.offset, attempt, logger });
        await this.markProcessed(processedId, envelope, 'applied');
        this.applied += 1;
        return;
      } catch (error) {
        logger.warn({ err: error, eventId: envelope.id, attempt }, 'event handler failed');
        if (attempt >= this.maxAttempts) {
          await this.deadLetter(topic, partition, message, error, attempt, envelope);
          return;
        }
        await sleep(this.retryDelayMs * 2 ** (attempt - 1));
      }
    }
  }

  private async markProcessed(_id: string, envelope: EventEnvelope, outcome: ProcessedEvent['outcome']): Promise<void> {
    try {
      await this.processed.create({
        _id,
        groupId: this.options.groupId,
        eventId: envelope.id,
        type: envelope.type,
        processedAt: new Date(),
        outcome,
      });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  private async deadLetter(
    topic: string,
    partition: number,
    message: KafkaMessage,
    error: unknown,
    attempts: number,
    envelope: EventEnvelope | undefined,
  ): Promise<void> {
    await this.options.producer.send({
      topic: deadLetterTopic(topic),
      acks: -1,
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: {
            'x-original-topic': topic,
            'x-original-partition': String(partition),
            'x-original-offset': message.offset,
            'x-consumer-group': this.options.groupId,
            'x-error': describe(error).slice(0, 2000),
            'x-attempts': String(attempts),
            'x-failed-at': new Date().toISOString(),
          },
        },
      ],
    });
    this.deadLettered += 1;
    this.options.logger.error({ err: error, topic, partition, offset: message.offset, attempts }, 'event moved to dead-letter topic');
    if (envelope) await this.markProcessed(`${this.options.groupId}:${envelope.id}`, envelope, 'dead-lettered');
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
