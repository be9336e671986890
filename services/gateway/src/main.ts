// Gateway process: config, Redis, listen, graceful shutdown.
import { createLogger, createRedis, Lifecycle, listen } from '@aipay/kit';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.LOG_LEVEL);
const lifecycle = new Lifecycle(logger);
lifecycle.handleSignals();

const redis = createRedis(process.env.REDIS_URL ?? config.REDIS_URL);
lifecycle.onClose('redis', () => redis.quit());
const app = await buildGateway(config, redis);
const address = await listen(app, lifecycle, config.HOST, config.PORT);
logger.info({ address }, 'gateway listening');
