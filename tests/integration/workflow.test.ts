// A consumer starts a workflow by a deterministic id; the workflow runs an activity hosted on a
// service's own task queue; a second start is a no-op; the run shows in the Temporal UI's API.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import type { Kafka, Producer } from 'kafkajs';
import type { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import {
  connectMongo,
  createActivityWorker,
  createKafka,
  createLogger,
  createProducer,
  createTemporalClient,
  IdempotentConsumer,
  installTemporalRuntime,
  on,
  outboxEvent,
  OutboxRelay,
  pushEvents,
  startWorkflowOnce,
} from '@aipay/kit';
import { endpoints, runId } from '../support/endpoints.js';
import { orderPaidEvent, testOrderModel } from '../support/events.js';
import { createTopic, waitFor } from '../support/kafka.js';

const logger = createLogger('workflow-test', 'silent');
let connection: Connection;
let kafka: Kafka;
let producer: Producer;
let client: Client;
let workflowWorker: Worker;
let workflowConnection: NativeConnection;
let activityWorker: Awaited<ReturnType<typeof createActivityWorker>>;
let runs: Promise<void>[] = [];
const fulfilled = new Map<string, number>();

beforeAll(async () => {
  installTemporalRuntime(logger);
  connection = await connectMongo(endpoints().MONGO_URL, `it_workflow_${runId()}`);
  kafka = createKafka({ clientId: 'workflow-test', brokers: endpoints().KAFKA_BROKERS.split(',') });
  producer = createProducer(kafka);
  await producer.connect();
  client = await createTemporalClient(endpoints().TEMPORAL_ADDRESS);

  workflowConnection = await NativeConnection.connect({ address: endpoints().TEMPORAL_ADDRESS });
  workflowWorker = await Worker.create({
    connection: workflowConnection,
    taskQueue: `it-workflows-${runId()}`,
    workflowsPath: fileURLToPath(new URL('../support/workflows/index.ts', import.meta.url)),
  });
  activityWorker = await createActivityWorker({
    address: endpoints().TEMPORAL_ADDRESS,
    taskQueue: `it-service-activities-${runId()}`,
    logger,
    activities: {
      markFulfilled: async (orderNo: string) => {
        const count = (fulfilled.get(orderNo) ?? 0) + 1;
        fulfilled.set(orderNo, count);
        return count;
      },
    },
  });
  runs = [workflowWorker.run(), activityWorker.worker.run()];
}, 180_000);

afterAll(async () => {
  workflowWorker?.shutdown();
  activityWorker?.worker.shutdown();
  await Promise.allSettled(runs);
  await workflowConnection?.close();
  await activityWorker?.connection.close();
  await client?.connection.close();
  await producer?.disconnect();
  await connection?.dropDatabase();
  await connection?.close();
});

describe('workflows', () => {
  it('a consumer starts a workflow by deterministic id; a second start runs nothing', async () => {
    const topic = `it.workflow.${runId()}`;
    await createTopic(kafka, topic);
    const definition = orderPaidEvent(topic);
    const orderNo = `wf-${runId()}`;
    const workflowId = `test-fulfilment:${orderNo}`;
    const starts: boolean[] = [];

    const consumer = new IdempotentConsumer({
      kafka,
      producer,
      connection,
      logger,
      groupId: `it-workflow-${runId()}`,
      handlers: [on(definition, async (event) => {
        const { started } = await startWorkflowOnce(client, 'testFulfilment', {
          workflowId: `test-fulfilment:${event.data.orderNo}`,
          taskQueue: `it-workflows-${runId()}`,
          args: [event.data.orderNo, `it-service-activities-${runId()}`],
          searchAttributes: { orderNo: event.data.orderNo },
        });
        starts.push(started);
      })],
    });
    await consumer.start();

    // Two distinct events for the same order (a duplicated business trigger, not a redelivery).
    const orders = testOrderModel(connection);
    await orders.updateOne({ _id: orderNo }, { $set: { status: 'paid', amount: 100 }, ...pushEvents(outboxEvent(definition, { orderNo, amount: 100 })) }, { upsert: true });
    await orders.updateOne({ _id: orderNo }, pushEvents(outboxEvent(definition, { orderNo, amount: 100 })));
    await new OutboxRelay({ producer, models: [orders], logger }).drain();

    await waitFor('both events handled', async () => consumer.applied === 2);
    await consumer.stop();
    expect(starts).toEqual([true, false]);

    const result = await client.workflow.getHandle(workflowId).result();
    expect(result).toBe(1);
    expect(fulfilled.get(orderNo)).toBe(1);

    // Starting it again after it finished is still a no-op.
    const again = await startWorkflowOnce(client, 'testFulfilment', {
      workflowId,
      taskQueue: `it-workflows-${runId()}`,
      args: [orderNo, `it-service-activities-${runId()}`],
    });
    expect(again.started).toBe(false);
    expect(fulfilled.get(orderNo)).toBe(1);

    // Visible in the Temporal Web UI's API under its readable id, and searchable by orderNo.
    const ui = await fetch(`${endpoints().TEMPORAL_UI_URL}/api/v1/namespaces/default/workflows/${encodeURIComponent(workflowId)}`);
    expect(ui.status).toBe(200);
    const described = (await ui.json()) as any;
    expect(described.workflowExecutionInfo.execution.workflowId).toBe(workflowId);
    expect(described.workflowExecutionInfo.type.name).toBe('testFulfilment');
    expect(described.workflowExecutionInfo.status).toBe('WORKFLOW_EXECUTION_STATUS_COMPLETED');

    const found = await waitFor('visibility by orderNo', async () => {
      const ids: string[] = [];
      for await (const execution of client.workflow.list({ query: `orderNo = "${orderNo}"` })) ids.push(execution.workflowId);
      return ids.length > 0 ? ids : undefined;
    });
    expect(found).toEqual([workflowId]);
  });
});
