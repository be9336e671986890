// Card process: config, MongoDB, Redis, the outbox relay to Kafka (card.recharged ...), the
// payments.events consumer (recharge credits), the journal archiver, listen, graceful shutdown.
import { createKafka, createProducer, IdempotentConsumer, listen, startServiceProcess } from '@aipay/kit';
import { buildCard } from './app.js';
import { loadCardConfig } from './config.js';
import { rechargeHandler } from './consumers/recharge.js';
import { JournalArchiver } from './store/archiver.js';
import { createCardModels, ensureIndexes } from './store/models.js';

const config = loadCardConfig();
const service = await startServiceProcess({
  name: 'card',
  config,
  outboxModels: (connection) => [createCardModels(connection).Card],
});
const { connection, redis, readiness, lifecycle, logger } = service;
await ensureIndexes(createCardModels(connection));

const app = await buildCard({ config, redis, connection, readiness, onEventsStored: service.eventsStored });
const { ctx } = app;

// Old postings leave the card documents (docs/card.md "Ledger"); safe with several instances.
const archiver = new JournalArchiver({
  ledger: ctx.ledger,
  max: config.JOURNAL_MAX,
  keep: config.JOURNAL_KEEP,
  sweepMs: config.ARCHIVE_SWEEP_MS,
  onError: (error) => logger.error({ err: error }, 'journal archiving failed, will retry'),
});
ctx.ledger.onLongJournal((cardId) => archiver.enqueue(cardId));
archiver.start();
lifecycle.onClose('journal archiver', () => archiver.stop());

if (config.KAFKA_BROKERS) {
  // Its own client: the consumer's producer writes dead letters.
  const kafka = createKafka({ clientId: 'card-consumer', brokers: config.KAFKA_BROKERS, logger });
  const producer = createProducer(kafka);
  await producer.connect();
  lifecycle.onClose('kafka consumer producer', () => producer.disconnect());
  const consumer = new IdempotentConsumer({
    kafka,
    producer,
    connection,
    logger,
    groupId: config.KAFKA_GROUP_ID,
    handlers: [rechargeHandler({ ledger: ctx.ledger, eventsStored: service.eventsStored })],
  });
  await consumer.start();
  lifecycle.onClose('kafka consumer', () => consumer.stop());
} else {
  logger.warn('KAFKA_BROKERS not set: recharges are not credited from payments.events');
}

const address = await listen(app, lifecycle, config.HOST, config.PORT);
logger.info({ address }, 'card listening');
