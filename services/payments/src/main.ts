// Payments process: config, MongoDB, Redis, the outbox relay to Kafka, the expiry sweep, listen,
// graceful shutdown.
import {
  connectMongo,
  createKafka,
  createLogger,
  createProducer,
  createRedis,
  kafkaReadiness,
  Lifecycle,
  listen,
  mongoReadiness,
  OutboxRelay,
  redisReadiness,
} from '@aipay/kit';
import { buildPayments } from './app.js';
import { loadPaymentsConfig } from './config.js';
import { createOrderModels, OrderStore } from './store/orders.js';

const config = loadPaymentsConfig();
const logger = createLogger('payments', config.LOG_LEVEL);
const lifecycle = new Lifecycle(logger);
lifecycle.handleSignals();

const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
lifecycle.onClose('mongodb', () => connection.close());
const redis = createRedis(config.REDIS_URL);
lifecycle.onClose('redis', () => redis.quit());

const models = createOrderModels(connection);
await models.Order.createIndexes();

const readiness = [mongoReadiness(connection), redisReadiness(redis)];
let relay: OutboxRelay | undefined;
if (config.KAFKA_BROKERS) {
  const kafka = createKafka({ clientId: 'payments', brokers: config.KAFKA_BROKERS, logger });
  const producer = createProducer(kafka);
  await producer.connect();
  lifecycle.onClose('kafka producer', () => producer.disconnect());
  relay = new OutboxRelay({ producer, models: [models.Order], logger });
  relay.start();
  lifecycle.onClose('outbox relay', () => relay?.stop());
  readiness.push(kafkaReadiness(kafka));
} else {
  logger.warn('KAFKA_BROKERS not set: events stay in the outbox until a relay runs');
}

// Expired pending orders are closed lazily when read, and by this sweep (conditional updates only,
// so several instances may sweep at once).
const orders = new OrderStore(models);
let sweeping = false;
const sweep = setInterval(() => {
  if (sweeping) return;
  sweeping = true;
  orders
    .closeExpired()
    .then((closed) => {
      if (closed > 0) {
        logger.info({ closed }, 'expired orders closed');
        relay?.notify();
      }
    })
    .catch((error: unknown) => logger.error({ err: error }, 'expiry sweep failed'))
    .finally(() => {
      sweeping = false;
    });
}, config.EXPIRY_SWEEP_MS);
lifecycle.onClose('expiry sweep', () => clearInterval(sweep));

const app = await buildPayments({ config, redis, connection, readiness, onEventsStored: () => relay?.notify() });
const address = await listen(app, lifecycle, config.HOST, config.PORT);
logger.info({ address }, 'payments listening');
