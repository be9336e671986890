// The workflow worker process: runs every product workflow on the `workflows` task queue.
// Activities are not here: each service hosts its own on its own task queue.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker } from '@temporalio/worker';
import { z } from 'zod';
import { createLogger, installTemporalRuntime, Lifecycle, loadConfig } from '@aipay/kit';
import { workflowsPath } from './paths.js';

export const WORKFLOW_TASK_QUEUE = 'workflows';

const configSchema = z.object({
  TEMPORAL_ADDRESS: z.string().min(1),
  TEMPORAL_NAMESPACE: z.string().default('default'),
  WORKFLOW_TASK_QUEUE: z.string().default(WORKFLOW_TASK_QUEUE),
  LOG_LEVEL: z.string().default('info'),
});

const config = loadConfig('workflows', configSchema);
const logger = createLogger('workflows', config.LOG_LEVEL);
const lifecycle = new Lifecycle(logger);
lifecycle.handleSignals();
installTemporalRuntime(logger);

// Built images run dist/worker.js next to a prebuilt bundle; from source, the code is bundled at start.
const here = dirname(fileURLToPath(import.meta.url));
const prebuilt = here.endsWith('dist') ? join(here, 'workflow-bundle.js') : undefined;
const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
const worker = await Worker.create({
  connection,
  namespace: config.TEMPORAL_NAMESPACE,
  taskQueue: config.WORKFLOW_TASK_QUEUE,
  ...(prebuilt && existsSync(prebuilt) ? { workflowBundle: { codePath: prebuilt } } : { workflowsPath }),
});
lifecycle.onClose('temporal connection', () => connection.close());
lifecycle.onClose('worker', async () => {
  worker.shutdown();
  await running;
});
const running = worker.run();
logger.info({ taskQueue: config.WORKFLOW_TASK_QUEUE, address: config.TEMPORAL_ADDRESS }, 'workflow worker running');
await running;
