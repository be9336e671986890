// Identity process: config, MongoDB, Redis, the outbox relay to Kafka, listen, graceful shutdown.
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
import { buildIdentity } from './app.js';
import { loadIdentityConfig } from './config.js';
import { createModels } from './store/models.js';

const config = loadIdentityConfig();
const logger = createLogger('identity', config.LOG_LEVEL);
const lifecycle = new Lifecycle(logger);
lifecycle.handleSignals();

const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
lifecycle.onClose('mongodb', () => connection.close());
// No key prefix: the session versions (`auth:`) are shared with every service; identity's own keys
// carry REDIS_KEY_PREFIX explicitly.
const redis = createRedis(config.REDIS_URL);
lifecycle.onClose('redis', () => redis.quit());

const readiness = [mongoReadiness(connection), redisReadiness(redis)];
let relay: OutboxRelay | undefined;
if (config.KAFKA_BROKERS) {
  const kafka = createKafka({ clientId: 'identity', brokers: config.KAFKA_BROKERS, logger });
  const producer = createProducer(kafka);
  await producer.connect();
  lifecycle.onClose('kafka producer', () => producer.disconnect());
  relay = new OutboxRelay({ producer, models: [createModels(connection).User], logger });
  relay.start();
  lifecycle.onClose('outbox relay', () => relay?.stop());
  readiness.push(kafkaReadiness(kafka));
} else {
  logger.warn('KAFKA_BROKERS not set: events stay in the outbox until a relay runs');
}

const app = await buildIdentity({ config, redis, connection, readiness, onEventsStored: () => relay?.notify() });
const address = await listen(app, lifecycle, config.HOST, config.PORT);
logger.info({ address }, 'identity listening');
