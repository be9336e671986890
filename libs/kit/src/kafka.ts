// kafkajs client, an idempotent producer, and the readiness check.
import { Kafka, logLevel, Partitioners, type Producer, type KafkaConfig } from 'kafkajs';
import type { Logger } from 'pino';
import type { ReadinessCheck } from './health.js';

const LEVELS: Record<number, 'error' | 'warn' | 'info' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'info',
  [logLevel.DEBUG]: 'debug',
};

export function createKafka(options: { clientId: string; brokers: string[]; logger?: Logger } & Partial<KafkaConfig>): Kafka {
  const { logger, ...config } = options;
  return new Kafka({
    retry: { initialRetryTime: 200, retries: 8 },
    ...config,
    logLevel: logLevel.WARN,
    logCreator: () => ({ namespace, level, log }) => {
      const { message, ...extra } = log;
      if (logger) logger[LEVELS[level] ?? 'info']({ namespace, ...extra }, message);
    },
  });
}

/** Idempotent producer (acks from all in-sync replicas, broker-side de-duplication of retries). */
export function createProducer(kafka: Kafka): Producer {
  return kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
    allowAutoTopicCreation: true,
  });
}

export function kafkaReadiness(kafka: Kafka): ReadinessCheck {
  const admin = kafka.admin();
  let connected: Promise<void> | undefined;
  return {
    name: 'kafka',
    check: async () => {
      connected ??= admin.connect().catch((error: unknown) => {
        connected = undefined;
        throw error;
      });
      await connected;
      await admin.describeCluster();
    },
  };
}

export type { Kafka, Producer };
