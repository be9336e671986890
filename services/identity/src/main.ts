// Identity process: config, MongoDB, Redis, the outbox relay to Kafka, listen, graceful shutdown.
import { listen, startServiceProcess } from '@aipay/kit';
import { buildIdentity } from './app.js';
import { loadIdentityConfig } from './config.js';
import { createModels } from './store/models.js';

const config = loadIdentityConfig();
const service = await startServiceProcess({
  name: 'identity',
  config,
  outboxModels: (connection) => [createModels(connection).User],
});
const { connection, redis, readiness, lifecycle, logger } = service;
const app = await buildIdentity({ config, redis, connection, readiness, onEventsStored: service.eventsStored });
const address = await listen(app, lifecycle, config.HOST, config.PORT);
logger.info({ address }, 'identity listening');
