// Endpoints from containers, for machines with a container runtime (CI elsewhere, laptops with Docker).
// Same servers as deploy/local: Kafka (KRaft), MongoDB as a one-node replica set, Redis, Temporal dev server.
import { GenericContainer, Wait, getContainerRuntimeClient, type StartedTestContainer } from 'testcontainers';
import { KafkaContainer } from '@testcontainers/kafka';
import type { Endpoints } from './endpoints.js';

export async function containerRuntimeAnswers(): Promise<boolean> {
  try {
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

export async function startContainers(): Promise<{ endpoints: Endpoints; stop: () => Promise<void> }> {
  const [redis, mongo, kafka, temporal] = await Promise.all([
    new GenericContainer('redis:7').withExposedPorts(6379).start(),
    new GenericContainer('mongo:7')
      .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .start(),
    new KafkaContainer('confluentinc/cp-kafka:7.7.1').withKraft().withExposedPorts(9093).start(),
    new GenericContainer('temporalio/temporal:1.5.1')
      .withCommand(['server', 'start-dev', '--ip', '0.0.0.0', '--search-attribute', 'userId=Keyword', '--search-attribute', 'orderNo=Keyword'])
      .withExposedPorts(7233, 8233)
      .withWaitStrategy(Wait.forListeningPorts())
      .start(),
  ]);
  await mongo.exec(['mongosh', '--quiet', '--eval', `rs.initiate({_id:'rs0',members:[{_id:0,host:'127.0.0.1:27017'}]})`]);
  const containers: StartedTestContainer[] = [redis, mongo, kafka, temporal];
  return {
    endpoints: {
      REDIS_URL: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`,
      MONGO_URL: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}/?directConnection=true`,
      KAFKA_BROKERS: `${kafka.getHost()}:${kafka.getMappedPort(9093)}`,
      TEMPORAL_ADDRESS: `${temporal.getHost()}:${temporal.getMappedPort(7233)}`,
      TEMPORAL_UI_URL: `http://${temporal.getHost()}:${temporal.getMappedPort(8233)}`,
    },
    stop: async () => {
      await Promise.all(containers.map((container) => container.stop()));
    },
  };
}
