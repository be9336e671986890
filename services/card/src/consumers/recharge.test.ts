// Recharge credits through the real Kafka (127.0.0.1:9092 unless KAFKA_BROKERS) and store: the
// kit's idempotent consumer on a topic of this run carrying payment.succeeded. A replayed event
// (same id) and a second event for the same order credit the card once, with one card.recharged in
// the card's outbox; an unknown card ends on the dead-letter topic.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKafka, createLogger, createProducer, IdempotentConsumer, OutboxRelay, type Kafka, type Producer } from '@aipay/kit';
import { deadLetterTopic, OrderType, paymentSucceededEvent, type EventPayload } from '@aipay/contracts';
import { openCard, runId, startHarness, type Harness } from '../testing/harness.js';
import { rechargeHandler } from './recharge.js';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const topic = `it.card.payments.${runId()}`;
const definition = { ...paymentSucceededEvent, topic };
let h: Harness;
let kafka: Kafka;
let producer: Producer;
let consumer: IdempotentConsumer;

async function waitFor(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  h = await startHarness();
  kafka = createKafka({ clientId: 'card-recharge-test', brokers });
  const admin = kafka.admin();
  await admin.connect();
  await admin.createTopics({ topics: [{ topic, numPartitions: 1 }, { topic: deadLetterTopic(topic), numPartitions: 1 }], waitForLeaders: true });
  await admin.disconnect();
  producer = createProducer(kafka);
  await producer.connect();
  consumer = new IdempotentConsumer({
    kafka,
    producer,
    connection: h.connection,
    logger: createLogger('card-recharge-test', 'silent'),
    groupId: `card-test-${runId()}`,
    handlers: [rechargeHandler({ ledger: h.app.ctx.ledger, eventsStored: () => (h.eventsStored += 1) }, definition)],
    maxAttempts: 2,
    retryDelayMs: 20,
  });
  await consumer.start();
});
afterAll(async () => {
  await consumer?.stop();
  await producer?.disconnect();
  await h?.close();
});

function payment(data: Partial<EventPayload<'payment.succeeded'>> & { businessRef: string; userId: string }, id = randomUUID()) {
  const full: EventPayload<'payment.succeeded'> = {
    orderNo: `P${runId()}`,
    orderType: OrderType.recharge,
    amount: 36_720,
    currency: 1,
    usdAmount: 5_000,
    fee: 100,
    channelType: 6,
    transactionType: 1,
    paidAt: new Date().toISOString(),
    ...data,
  } as EventPayload<'payment.succeeded'>;
  return { id, type: 'payment.succeeded', version: 1, occurredAt: new Date().toISOString(), data: full };
}

const publish = (...events: ReturnType<typeof payment>[]) =>
  producer.send({ topic, acks: -1, messages: events.map((event) => ({ key: event.data.orderNo, value: JSON.stringify(event) })) });

describe('payment.succeeded of a recharge', () => {
  it('credits usdAmount to the card once, replayed or published twice, with one card.recharged', async () => {
    const { userId, cardId } = await openCard(h);
    const event = payment({ businessRef: cardId, userId });
    const again = { ...payment({ businessRef: cardId, userId, orderNo: event.data.orderNo }), id: randomUUID() };
    const other = payment({ businessRef: cardId, userId, orderType: OrderType.openAccount, usdAmount: 1199 });
    const before = consumer.applied + consumer.skipped;
    await publish(event, event, again, other);
    await waitFor('four deliveries', () => consumer.applied + consumer.skipped - before >= 4);
    expect(consumer.skipped).toBeGreaterThanOrEqual(1); // the same event id, delivered again

    const card = (await h.app.ctx.ledger.read(cardId))!;
    expect(card.balances.available).toBe(5_000);
    expect(card.journal).toHaveLength(1);
    expect(card.journal[0]).toMatchObject({ opId: `recharge:${event.data.orderNo}`, kind: 'recharge', recordType: 1, amount: 5_000 });
    const stored = await h.app.ctx.models.Card.findById(cardId).lean().exec();
    expect(stored?.outbox).toHaveLength(1);
    expect(stored?.outbox[0]).toMatchObject({
      type: 'card.recharged',
      topic: 'card.events',
      key: cardId,
      data: { cardId, userId, orderNo: event.data.orderNo, amount: 5_000, fee: 100 },
    });
    expect(h.eventsStored).toBeGreaterThanOrEqual(1);

    // The relay publishes it once and clears the card's outbox (a producer that records, no topic written).
    const sent: { topic: string; messages: { key: string }[] }[] = [];
    const recorder = { sendBatch: async (batch: { topicMessages: typeof sent }) => void sent.push(...batch.topicMessages) } as unknown as Producer;
    await new OutboxRelay({ producer: recorder, models: [h.app.ctx.models.Card], logger: createLogger('relay', 'silent') }).drain();
    expect(sent.flatMap((entry) => entry.messages.map((message) => [entry.topic, message.key]))).toEqual([['card.events', cardId]]);
    expect((await h.app.ctx.models.Card.findById(cardId).lean().exec())?.outbox).toEqual([]);
    expect((await h.app.ctx.ledger.invariant(cardId)).ok).toBe(true);
  });

  it('dead-letters a recharge for a card that does not exist (or is another user’s), never drops it', async () => {
    const { cardId } = await openCard(h);
    const before = consumer.deadLettered;
    await publish(payment({ businessRef: 'no-such-card', userId: 'u1' }), payment({ businessRef: cardId, userId: 'not-the-owner' }));
    await waitFor('two dead letters', () => consumer.deadLettered - before >= 2);
    expect((await h.app.ctx.ledger.read(cardId))!.balances.available).toBe(0);
    const admin = kafka.admin();
    await admin.connect();
    const offsets = await admin.fetchTopicOffsets(deadLetterTopic(topic));
    await admin.disconnect();
    expect(offsets.reduce((sum, partition) => sum + Number(partition.high), 0)).toBeGreaterThanOrEqual(2);
  });
});
