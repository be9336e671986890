// Runs a relay or a consumer in a child process that kills itself at a chosen point (a real crash:
// SIGKILL, no cleanup), so tests can check what survives. Driven by environment variables.
import { createKafka, createProducer, createLogger, connectMongo, IdempotentConsumer, OutboxRelay, on } from '@aipay/kit';
import { appliedModel, orderPaidEvent, testOrderModel } from './events.js';

function need(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}
const role = need('ROLE');
const crashPoint = process.env.CRASH;
const crash = (): void => {
  process.kill(process.pid, 'SIGKILL');
};
const logger = createLogger(`child-${role}`, 'warn');
const connection = await connectMongo(need('MONGO_URL'), need('DB_NAME'));
const kafka = createKafka({ clientId: `child-${role}`, brokers: need('KAFKA_BROKERS').split(',') });
const producer = createProducer(kafka);
await producer.connect();

if (role === 'relay') {
  const relay = new OutboxRelay({
    producer,
    models: [testOrderModel(connection)],
    logger,
    leaseMs: Number(need('LEASE_MS')),
    hooks: {
      afterClaim: () => (crashPoint === 'afterClaim' ? crash() : undefined),
      afterPublish: () => (crashPoint === 'afterPublish' ? crash() : undefined),
    },
  });
  await relay.drain();
} else {
  const applied = appliedModel(connection);
  let handled = 0;
  const consumer = new IdempotentConsumer({
    kafka,
    producer,
    connection,
    logger,
    groupId: need('GROUP_ID'),
    handlers: [
      on(orderPaidEvent(need('TOPIC')), async (event) => {
        handled += 1;
        if (handled === Number(need('CRASH_AT'))) crash();
        await applied.updateOne({ _id: event.id }, { $inc: { applied: 1 }, $set: { orderNo: event.data.orderNo } }, { upsert: true });
      }),
    ],
  });
  await consumer.start();
}
// Reaching here without the planned crash is a test failure the parent sees as exit code 3.
await new Promise((resolve) => setTimeout(resolve, 20_000));
process.exit(3);
