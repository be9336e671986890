// The outbox and the idempotent consumer against real Kafka and the MongoDB-compatible store,
// with real crashes (SIGKILL of a child process) at the points that matter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import type { Kafka, Producer } from 'kafkajs';
import {
  connectMongo,
  createKafka,
  createLogger,
  createProducer,
  IdempotentConsumer,
  on,
  outboxEvent,
  OutboxRelay,
  pushEvents,
} from '@aipay/kit';
import { deadLetterTopic } from '@aipay/contracts';
import { endpoints, runId } from '../support/endpoints.js';
import { appliedModel, orderPaidEvent, testOrderModel } from '../support/events.js';
import { createTopic, readTopic, waitFor } from '../support/kafka.js';
import { runChild } from '../support/spawn.js';

const logger = createLogger('outbox-test', 'silent');
let connection: Connection;
let kafka: Kafka;
let producer: Producer;
const dbName = () => `it_outbox_${runId()}`;

function childEnv(extra: Record<string, string>): Record<string, string> {
  return { MONGO_URL: endpoints().MONGO_URL, DB_NAME: dbName(), KAFKA_BROKERS: endpoints().KAFKA_BROKERS, LOG_LEVEL: 'warn', ...extra };
}

beforeAll(async () => {
  connection = await connectMongo(endpoints().MONGO_URL, dbName());
  kafka = createKafka({ clientId: 'outbox-test', brokers: endpoints().KAFKA_BROKERS.split(',') });
  producer = createProducer(kafka);
  await producer.connect();
});

afterAll(async () => {
  await producer?.disconnect();
  await connection?.dropDatabase();
  await connection?.close();
});

/** Stores an order as paid together with its pending event, in one single-document write. */
async function payOrder(topic: string, orderNo: string, amount: number) {
  const orders = testOrderModel(connection);
  const event = outboxEvent(orderPaidEvent(topic), { orderNo, amount });
  await orders.updateOne(
    { _id: orderNo },
    { $set: { status: 'paid', amount }, ...pushEvents(event) },
    { upsert: true },
  );
  return event;
}

describe('the outbox', () => {
  it('stores the state change and its event in one document write', async () => {
    const topic = `it.outbox.store.${runId()}`;
    const event = await payOrder(topic, `store-${runId()}`, 1999);
    const stored = await testOrderModel(connection).findById(`store-${runId()}`).lean();
    expect(stored?.status).toBe('paid');
    expect(stored?.outbox.map((pending) => pending.id)).toEqual([event.id]);
    expect(stored?.outbox[0]).toMatchObject({ type: 'test.order.paid', topic, key: `store-${runId()}`, data: { orderNo: `store-${runId()}`, amount: 1999 } });

    expect(await new OutboxRelay({ producer, models: [testOrderModel(connection)], logger }).drain()).toBe(1);
    const messages = await readTopic(kafka, topic);
    expect(messages.map((message) => JSON.parse(message.value!).id)).toEqual([event.id]);
    expect((await testOrderModel(connection).findById(`store-${runId()}`).lean())?.outbox).toEqual([]);
  });

  it('never stores an event whose data breaks its contract', () => {
    expect(() => outboxEvent(orderPaidEvent('t'), { orderNo: 'x', amount: 19.99 })).toThrow(/amount/);
  });

  it('publishes exactly one message when the relay is killed between store and publish', async () => {
    const topic = `it.outbox.crash1.${runId()}`;
    await createTopic(kafka, topic);
    const orderNo = `crash1-${runId()}`;
    const event = await payOrder(topic, orderNo, 500);

    const crashed = await runChild(childEnv({ ROLE: 'relay', CRASH: 'afterClaim', LEASE_MS: '1500' }));
    expect(crashed.signal).toBe('SIGKILL');
    expect(await readTopic(kafka, topic)).toEqual([]);
    const afterCrash = await testOrderModel(connection).findById(orderNo).lean();
    expect(afterCrash?.outbox.map((pending) => pending.id)).toEqual([event.id]);

    // A new relay takes over once the dead one's claim has lapsed.
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const relay = new OutboxRelay({ producer, models: [testOrderModel(connection)], logger });
    expect(await relay.drain()).toBe(1);

    const messages = await readTopic(kafka, topic);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.key).toBe(orderNo);
    expect(JSON.parse(messages[0]!.value!)).toMatchObject({ id: event.id, type: 'test.order.paid', version: 1, data: { orderNo, amount: 500 } });
    expect((await testOrderModel(connection).findById(orderNo).lean())?.outbox).toEqual([]);
    expect(await relay.drain()).toBe(0);
  });

  it('republishes after a crash between publish and clear, and the consumer applies the event once', async () => {
    const topic = `it.outbox.crash2.${runId()}`;
    await createTopic(kafka, topic);
    const orderNo = `crash2-${runId()}`;
    const event = await payOrder(topic, orderNo, 700);

    const crashed = await runChild(childEnv({ ROLE: 'relay', CRASH: 'afterPublish', LEASE_MS: '500' }));
    expect(crashed.signal).toBe('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 600));
    await new OutboxRelay({ producer, models: [testOrderModel(connection)], logger }).drain();
    const messages = await readTopic(kafka, topic);
    expect(messages.map((message) => JSON.parse(message.value!).id)).toEqual([event.id, event.id]);

    const applied = appliedModel(connection);
    const consumer = new IdempotentConsumer({
      kafka,
      producer,
      connection,
      logger,
      groupId: `it-crash2-${runId()}`,
      handlers: [on(orderPaidEvent(topic), async (received) => {
        await applied.updateOne({ _id: received.id }, { $inc: { applied: 1 } }, { upsert: true });
      })],
    });
    await consumer.start();
    await waitFor('both copies to be read', async () => consumer.applied + consumer.skipped === 2);
    await consumer.stop();
    expect(consumer.applied).toBe(1);
    expect(consumer.skipped).toBe(1);
    expect((await applied.findById(event.id).lean())?.applied).toBe(1);
  });
});

describe('the idempotent consumer', () => {
  it('applies each event once when it is killed mid-batch and restarted', async () => {
    const topic = `it.consumer.restart.${runId()}`;
    await createTopic(kafka, topic);
    const events = [];
    for (let i = 0; i < 50; i += 1) events.push(await payOrder(topic, `restart-${runId()}-${i}`, 100 + i));
    await new OutboxRelay({ producer, models: [testOrderModel(connection)], logger }).drain();
    expect(await readTopic(kafka, topic)).toHaveLength(50);

    const groupId = `it-restart-${runId()}`;
    const crashed = await runChild(childEnv({ ROLE: 'consumer', TOPIC: topic, GROUP_ID: groupId, CRASH_AT: '20' }));
    expect(crashed.signal).toBe('SIGKILL');
    const applied = appliedModel(connection);
    const ids = events.map((event) => event.id);
    expect(await applied.countDocuments({ _id: { $in: ids } })).toBe(19);

    const consumer = new IdempotentConsumer({
      kafka,
      producer,
      connection,
      logger,
      groupId,
      handlers: [on(orderPaidEvent(topic), async (event) => {
        await applied.updateOne({ _id: event.id }, { $inc: { applied: 1 } }, { upsert: true });
      })],
    });
    await consumer.start();
    await waitFor('all 50 events', async () => consumer.applied + consumer.skipped >= 50);
    await consumer.stop();

    // The 19 applied before the crash were delivered again (their offsets were never committed) and skipped.
    expect(consumer.skipped).toBe(19);
    expect(consumer.applied).toBe(31);
    const rows = await applied.find({ _id: { $in: ids } }).lean();
    expect(rows).toHaveLength(50);
    expect(rows.every((row) => row.applied === 1)).toBe(true);
  });

  it('moves an unreadable message and an event that keeps failing to the dead-letter topic, and goes on', async () => {
    const topic = `it.consumer.dlq.${runId()}`;
    await createTopic(kafka, topic);
    await createTopic(kafka, deadLetterTopic(topic));
    const definition = orderPaidEvent(topic);
    const good = outboxEvent(definition, { orderNo: 'good', amount: 1 });
    const failing = outboxEvent(definition, { orderNo: 'always-fails', amount: 2 });
    const envelope = (event: typeof good) => JSON.stringify({ id: event.id, type: event.type, version: event.version, occurredAt: event.occurredAt, data: event.data });
    await producer.send({
      topic,
      messages: [
        { key: 'poison', value: 'this is not json' },
        { key: 'always-fails', value: envelope(failing) },
        { key: 'bad-data', value: JSON.stringify({ ...JSON.parse(envelope(good)), id: 'bad-data', data: { orderNo: 'x', amount: 'ten' } }) },
        { key: 'good', value: envelope(good) },
      ],
    });
    const attempts: string[] = [];
    const consumer = new IdempotentConsumer({
      kafka,
      producer,
      connection,
      logger,
      groupId: `it-dlq-${runId()}`,
      maxAttempts: 3,
      retryDelayMs: 10,
      handlers: [on(definition, async (event) => {
        attempts.push(event.data.orderNo);
        if (event.data.orderNo === 'always-fails') throw new Error('issuer refused the top-up');
      })],
    });
    await consumer.start();
    await waitFor('the good event after the bad ones', async () => consumer.applied === 1);
    await consumer.stop();

    expect(attempts).toEqual(['always-fails', 'always-fails', 'always-fails', 'good']);
    const dead = await readTopic(kafka, deadLetterTopic(topic));
    expect(dead.map((message) => message.key)).toEqual(['poison', 'always-fails', 'bad-data']);
    expect(dead[0]!.headers['x-error']).toMatch(/unreadable event/);
    expect(dead[1]!.headers).toMatchObject({ 'x-error': 'Error: issuer refused the top-up', 'x-attempts': '3', 'x-original-topic': topic });
    expect(dead[2]!.headers['x-error']).toMatch(/amount/);
    expect(consumer.deadLettered).toBe(3);
  });
});
