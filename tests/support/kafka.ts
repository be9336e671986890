// Kafka helpers for tests: single-partition topics and reading back everything on a topic.
import type { Kafka, IHeaders } from 'kafkajs';

export async function createTopic(kafka: Kafka, topic: string, partitions = 1): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.createTopics({ topics: [{ topic, numPartitions: partitions, replicationFactor: 1 }], waitForLeaders: true });
  } finally {
    await admin.disconnect();
  }
}

export interface ReadMessage {
  key: string | null;
  value: string | null;
  headers: Record<string, string>;
}

function headersOf(headers: IHeaders | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([key, value]) => [key, String(value)]));
}

/** Reads every message on the topic up to its current end (high watermark). */
export async function readTopic(kafka: Kafka, topic: string): Promise<ReadMessage[]> {
  const admin = kafka.admin();
  await admin.connect();
  const offsets = await admin.fetchTopicOffsets(topic);
  await admin.disconnect();
  const total = offsets.reduce((sum, partition) => sum + Number(partition.high) - Number(partition.low), 0);
  if (total === 0) return [];
  const consumer = kafka.consumer({ groupId: `reader-${topic}-${Date.now()}-${Math.random()}` });
  const messages: ReadMessage[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`read ${messages.length} of ${total} messages on ${topic}`)), 30_000);
    void consumer.run({
      eachMessage: async ({ message }) => {
        messages.push({ key: message.key?.toString() ?? null, value: message.value?.toString() ?? null, headers: headersOf(message.headers) });
        if (messages.length >= total) {
          clearTimeout(timer);
          resolve();
        }
      },
    });
  });
  await consumer.disconnect();
  return messages;
}

export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
