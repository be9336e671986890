// What every service process opens before it serves: logger, graceful shutdown, its MongoDB
// database, Redis, and (when Kafka is configured) the outbox relay for its event-carrying models.
import type { Connection, Model } from 'mongoose';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { auth } from './auth.js';
import type { ReadinessCheck } from './health.js';
import { createKafka, createProducer, kafkaReadiness } from './kafka.js';
import { Lifecycle } from './lifecycle.js';
import { createLogger } from './logger.js';
import { connectMongo, mongoReadiness } from './mongo.js';
import { OutboxRelay } from './outbox.js';
import { createRedis, redisReadiness } from './redis.js';

export interface ServiceProcessOptions {
  name: string;
  config: { LOG_LEVEL: string; MONGO_URL: string; MONGO_DB: string; REDIS_URL: string; KAFKA_BROKERS?: string[] | undefined };
  /** Models whose documents carry an outbox; the relay publishes their events. */
  outboxModels?: (connection: Connection) => Model<any>[];
}

export interface ServiceProcess {
  logger: Logger;
  lifecycle: Lifecycle;
  connection: Connection;
  /** No key prefix: the session versions (`auth:`) are shared; a service prefixes its own keys. */
  redis: Redis;
  readiness: ReadinessCheck[];
  relay: OutboxRelay | undefined;
  /** Wake the relay after a write that stored events. */
  eventsStored: () => void;
}

export async function startServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const { name, config } = options;
  const logger = createLogger(name, config.LOG_LEVEL);
  const lifecycle = new Lifecycle(logger);
  lifecycle.handleSignals();

  const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  lifecycle.onClose('mongodb', () => connection.close());
  const redis = createRedis(config.REDIS_URL);
  lifecycle.onClose('redis', () => redis.quit());
  const readiness = [mongoReadiness(connection), redisReadiness(redis)];

  let relay: OutboxRelay | undefined;
  const models = options.outboxModels?.(connection) ?? [];
  if (config.KAFKA_BROKERS && models.length > 0) {
    const kafka = createKafka({ clientId: name, brokers: config.KAFKA_BROKERS, logger });
    const producer = createProducer(kafka);
    await producer.connect();
    lifecycle.onClose('kafka producer', () => producer.disconnect());
    relay = new OutboxRelay({ producer, models, logger });
    relay.start();
    lifecycle.onClose('outbox relay', () => relay?.stop());
    readiness.push(kafkaReadiness(kafka));
  } else if (models.length > 0) {
    logger.warn('KAFKA_BROKERS not set: events stay in the outbox until a relay runs');
  }
  return { logger, lifecycle, connection, redis, readiness, relay, eventsStored: () => relay?.notify() };
}

export interface ServiceAppOptions {
  name: string;
  config: { LOG_LEVEL: string; JWT_PUBLIC_KEY: string; JWT_PRIVATE_KEY?: string | undefined; JWT_TTL_SECONDS: number };
  redis: Redis;
  connection: Connection;
  /** Defaults to MongoDB and Redis; main.ts passes the process's checks (Kafka included). */
  readiness?: ReadinessCheck[] | undefined;
  logger?: boolean | undefined;
}

/** A service's app: the kit's app factory plus token verification (and signing where a key is given). */
export async function createServiceApp(options: ServiceAppOptions) {
  const { config } = options;
  const app = await createApp({
    name: options.name,
    logLevel: config.LOG_LEVEL,
    logger: options.logger ?? true,
    readiness: options.readiness ?? [mongoReadiness(options.connection), redisReadiness(options.redis)],
  });
  await app.register(auth, {
    publicKey: config.JWT_PUBLIC_KEY,
    privateKey: config.JWT_PRIVATE_KEY,
    redis: options.redis,
    ttlSeconds: config.JWT_TTL_SECONDS,
  });
  return app;
}
