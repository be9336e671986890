// /ready of a kit service checks every dependency for real: MongoDB, Redis, Kafka, Temporal.
import { afterAll, describe, expect, it } from 'vitest';
import {
  connectMongo,
  createApp,
  createKafka,
  createRedis,
  createTemporalClient,
  kafkaReadiness,
  mongoReadiness,
  redisReadiness,
  temporalReadiness,
} from '@aipay/kit';
import { endpoints, runId } from '../support/endpoints.js';

const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

describe('readiness', () => {
  it('is ready when MongoDB, Redis, Kafka and Temporal all answer', async () => {
    const mongo = await connectMongo(endpoints().MONGO_URL, `it_ready_${runId()}`);
    const redis = createRedis(endpoints().REDIS_URL);
    const temporal = await createTemporalClient(endpoints().TEMPORAL_ADDRESS);
    closers.push(() => mongo.close(), () => redis.quit(), () => temporal.connection.close());
    const kafka = createKafka({ clientId: 'ready-test', brokers: endpoints().KAFKA_BROKERS.split(',') });
    const app = await createApp({
      name: 'ready-test',
      logger: false,
      readiness: [mongoReadiness(mongo), redisReadiness(redis), kafkaReadiness(kafka), temporalReadiness(temporal)],
    });
    const response = await app.inject({ method: 'GET', url: '/ready' });
    expect(response.json()).toEqual({
      code: 200,
      msg: 'ready',
      data: { checks: ['mongodb', 'redis', 'kafka', 'temporal'].map((name) => ({ name, ok: true })) },
    });
    await app.close();
  });

  it('is not ready, naming the dependency, when Kafka does not answer', async () => {
    const kafka = createKafka({ clientId: 'ready-test', brokers: ['127.0.0.1:9'], retry: { retries: 0 } });
    const app = await createApp({ name: 'ready-test', logger: false, readiness: [kafkaReadiness(kafka)] });
    const response = await app.inject({ method: 'GET', url: '/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json().data.checks[0]).toMatchObject({ name: 'kafka', ok: false });
    expect((await app.inject({ method: 'GET', url: '/live' })).statusCode).toBe(200);
    await app.close();
  });
});
