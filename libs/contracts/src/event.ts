// The Kafka event envelope {id, type, version, occurredAt, data} and how an event family is declared.
import { z } from 'zod';

export const eventEnvelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  data: z.unknown(),
});

export type EventEnvelope<D = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: D };

/** One event type: where it is published, its schema version, its payload and its partition key. */
export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  type: Type;
  topic: string;
  version: number;
  data: Schema;
  /** The aggregate id: Kafka message key, so one aggregate's events stay ordered. */
  key: (data: z.infer<Schema>) => string;
}

export function defineEvent<Type extends string, Schema extends z.ZodType>(
  definition: EventDefinition<Type, Schema>,
): EventDefinition<Type, Schema> {
  return definition;
}

export type EventData<E extends EventDefinition> = z.infer<E['data']>;

/** Validates a received envelope against its definition; throws a ZodError on a mismatch. */
export function parseEvent<E extends EventDefinition>(definition: E, raw: unknown): EventEnvelope<EventData<E>> {
  const envelope = eventEnvelopeSchema.parse(raw);
  if (envelope.type !== definition.type) {
    throw new Error(`event type ${envelope.type} does not match ${definition.type}`);
  }
  return { ...envelope, data: definition.data.parse(envelope.data) as EventData<E> };
}

/** Dead-letter topic for a topic: poison messages land here with the error. */
export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}
