// Temporal: a client factory, start-once by a deterministic workflow id, and the activity worker a
// service runs to host its activities on its own task queue.
import { Client, Connection, WorkflowExecutionAlreadyStartedError, type WorkflowHandle } from '@temporalio/client';
import { NativeConnection, Worker, Runtime, makeTelemetryFilterString, type Logger as TemporalLogger } from '@temporalio/worker';
import { WorkflowIdReusePolicy, defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import type { Logger } from 'pino';
import type { ReadinessCheck } from './health.js';

export async function createTemporalClient(address: string, namespace = 'default'): Promise<Client> {
  const connection = await Connection.connect({ address });
  return new Client({ connection, namespace });
}

export function temporalReadiness(client: Client): ReadinessCheck {
  return { name: 'temporal', check: async () => client.connection.workflowService.getSystemInfo({}) };
}

export interface StartOnceOptions {
  workflowId: string;
  taskQueue: string;
  args: unknown[];
  /** Keyword search attributes shown in the Temporal UI (userId, orderNo). */
  searchAttributes?: { userId?: string; orderNo?: string };
}

/**
 * Starts a workflow whose id comes from a business key. A second start with the same id, while it
 * runs or after it finished, is a no-op that returns the existing execution.
 */
export async function startWorkflowOnce(
  client: Client,
  workflowType: string,
  options: StartOnceOptions,
): Promise<{ handle: WorkflowHandle; started: boolean }> {
  const typedSearchAttributes = Object.entries(options.searchAttributes ?? {})
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ key: defineSearchAttributeKey(key, SearchAttributeType.KEYWORD), value: value as string }));
  try {
    const handle = await client.workflow.start(workflowType, {
      workflowId: options.workflowId,
      taskQueue: options.taskQueue,
      args: options.args,
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      typedSearchAttributes,
    });
    return { handle, started: true };
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) {
      return { handle: client.workflow.getHandle(options.workflowId), started: false };
    }
    throw error;
  }
}

let runtimeInstalled = false;

/** Routes the Temporal SDK's logs into pino once per process. */
export function installTemporalRuntime(logger: Logger): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  const bridge: TemporalLogger = {
    log: (level, message, meta) => logger[level === 'TRACE' ? 'trace' : level === 'DEBUG' ? 'debug' : level === 'INFO' ? 'info' : level === 'WARN' ? 'warn' : 'error']({ ...meta }, message),
    trace: (message, meta) => logger.trace({ ...meta }, message),
    debug: (message, meta) => logger.debug({ ...meta }, message),
    info: (message, meta) => logger.info({ ...meta }, message),
    warn: (message, meta) => logger.warn({ ...meta }, message),
    error: (message, meta) => logger.error({ ...meta }, message),
  };
  Runtime.install({
    logger: bridge,
    telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} } },
  });
}

export interface ActivityWorkerOptions {
  address: string;
  namespace?: string;
  /** The service's own queue, e.g. `card-activities`. */
  taskQueue: string;
  activities: Record<string, (...args: any[]) => Promise<unknown>>;
  logger: Logger;
}

/** A worker that runs only activities (no workflow code) for one service. */
export async function createActivityWorker(options: ActivityWorkerOptions): Promise<{ worker: Worker; connection: NativeConnection }> {
  installTemporalRuntime(options.logger);
  const connection = await NativeConnection.connect({ address: options.address });
  const worker = await Worker.create({
    connection,
    namespace: options.namespace ?? 'default',
    taskQueue: options.taskQueue,
    activities: options.activities,
  });
  return { worker, connection };
}

/** Workflow ids from business keys (ARCHITECTURE §5): a second start is a no-op. */
export const workflowIds = {
  cardOpening: (userId: string) => `card-opening:${userId}`,
  recharge: (orderNo: string) => `recharge:${orderNo}`,
  kyc: (certifyId: string) => `kyc:${certifyId}`,
  upgrade: (taskId: string) => `upgrade:${taskId}`,
  smsNumber: (id: string) => `sms-number:${id}`,
  mailbox: (id: string) => `mailbox:${id}`,
  rewardFreeze: (rewardId: string) => `reward:${rewardId}`,
  flexSubscription: (userId: string, platform: string) => `flex:${userId}:${platform}`,
} as const;
