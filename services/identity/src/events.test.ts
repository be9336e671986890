// The outbox relay of main.ts against the real Kafka (npm test starts one): the
// registration's user.registered reaches identity.events and leaves the document's outbox.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createKafka, createLogger, createProducer, OutboxRelay } from '@aipay/kit';
import { parseEvent, userRegisteredEvent } from '@aipay/contracts';
import { createModels } from './store/models.js';
import { registerByMobile, startHarness, type Harness } from './testing/harness.js';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

describe('outbox relay to Kafka', () => {
  it('publishes user.registered with the invite code and clears the outbox', { timeout: 60_000 }, async () => {
    const h: Harness = await startHarness();
    cleanups.push(() => h.close());
    const kafka = createKafka({ clientId: `identity-test-${randomBytes(3).toString('hex')}`, brokers });
    const producer = createProducer(kafka);
    await producer.connect();
    cleanups.push(() => producer.disconnect());
    const relay = new OutboxRelay({ producer, models: [createModels(h.connection).User], logger: createLogger('identity-test', 'silent') });

    const { user } = await registerByMobile(h, undefined, { inviteCode: 'KAFKA1' });
    expect(await relay.drain()).toBe(1);
    const doc = await h.connection.db!.collection('users').findOne({ _id: user.id });
    expect(doc?.outbox).toEqual([]);

    const consumer = kafka.consumer({ groupId: `identity-test-${randomBytes(4).toString('hex')}` });
    cleanups.push(() => consumer.disconnect());
    await consumer.connect();
    await consumer.subscribe({ topic: 'identity.events', fromBeginning: true });
    const received = await new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('user.registered not received')), 45_000);
      void consumer.run({
        eachMessage: async ({ message }) => {
          if (message.key?.toString() !== user.id) return;
          clearTimeout(timer);
          resolve(JSON.parse(message.value!.toString()));
        },
      });
    });
    const event = parseEvent(userRegisteredEvent, received);
    expect(event.data).toMatchObject({ userId: user.id, inviteCode: 'KAFKA1', region: 86 });
  });
});
