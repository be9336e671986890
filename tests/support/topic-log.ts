// A live reader of a Kafka topic for tests: a consumer of its own group reads the topic from the
// beginning and keeps every event; `caughtUp()` waits until it has read up to the end the topic has
// now (so an event that was published before the call is in `events` after it, and nothing that
// was published is still on its way).
import type { Admin, Consumer, Kafka } from 'kafkajs';
import { waitFor } from './kafka.js';

export interface LoggedEvent {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  data: Record<string, unknown>;
  key: string | null;
  partition: number;
  offset: string;
}

export class TopicLog {
  readonly events: LoggedEvent[] = [];
  /** Per partition: the offset after the last message read. */
  private readonly next = new Map<number, bigint>();
  private consumer: Consumer | undefined;
  private admin: Admin | undefined;

  constructor(
    private readonly kafka: Kafka,
    readonly topic: string,
    private readonly groupId: string,
  ) {}

  async start(): Promise<void> {
    this.admin = this.kafka.admin();
    await this.admin.connect();
    this.consumer = this.kafka.consumer({ groupId: this.groupId });
    await this.consumer.connect();
    await this.consumer.subscribe({ topic: this.topic, fromBeginning: true });
    await this.consumer.run({
      eachMessage: async ({ partition, message }) => {
        this.next.set(partition, BigInt(message.offset) + 1n);
        let parsed: Omit<LoggedEvent, 'key' | 'partition' | 'offset'> | undefined;
        try {
          parsed = JSON.parse(message.value?.toString() ?? '') as typeof parsed;
        } catch {
          return; // not an event envelope: not ours to read
        }
        if (parsed) this.events.push({ ...parsed, key: message.key?.toString() ?? null, partition, offset: message.offset });
      },
    });
  }

  /** Waits until every partition has been read up to its current end. */
  async caughtUp(timeoutMs = 15_000): Promise<void> {
    const offsets = await this.admin!.fetchTopicOffsets(this.topic);
    await waitFor(
      `${this.topic} read to its end`,
      async () =>
        offsets.every(({ partition, high, low }) => BigInt(high) <= BigInt(low) || (this.next.get(partition) ?? BigInt(low)) >= BigInt(high)),
      timeoutMs,
    );
  }

  /** The events whose data names `orderNo`, in the order they were read. */
  of(orderNo: string): LoggedEvent[] {
    return this.events.filter((event) => event.data.orderNo === orderNo);
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
    await this.admin?.disconnect();
  }
}
