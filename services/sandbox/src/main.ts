// Sandbox process: refuse production, then config, Redis, listen, graceful shutdown.
import { createLogger, createRedis, Lifecycle, listen } from '@aipay/kit';
import { buildSandbox } from './app.js';
import { assertNotProduction, loadSandboxConfig } from './config.js';

try {
  assertNotProduction();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const config = loadSandboxConfig();
const logger = createLogger('sandbox', config.LOG_LEVEL);
const lifecycle = new Lifecycle(logger);
lifecycle.handleSignals();

const redis = createRedis(config.REDIS_URL, { keyPrefix: 'sandbox:' });
lifecycle.onClose('redis', () => redis.quit());
const app = await buildSandbox(config, redis);
const address = await listen(app, lifecycle, config.HOST, config.PORT);
logger.info({ address, inbox: `${address}/dev/inbox/page` }, 'sandbox listening');
