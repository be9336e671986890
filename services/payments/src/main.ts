// Payments process: config, MongoDB, Redis, the outbox relay to Kafka, the expiry sweep, listen,
// graceful shutdown.
import { listen, startServiceProcess } from '@aipay/kit';
import { buildPayments } from './app.js';
import { loadPaymentsConfig } from './config.js';
import { createOrderModels, OrderStore } from './store/orders.js';

const config = loadPaymentsConfig();
const service = await startServiceProcess({
  name: 'payments',
  config,
  outboxModels: (connection) => [createOrderModels(connection).Order],
});
const { connection, redis, readiness, lifecycle, logger, relay } = service;
const models = createOrderModels(connection);
await models.Order.createIndexes();

// Expired pending orders are closed lazily when read, and by this sweep (conditional updates only,
// so several instances may sweep at once).
const orders = new OrderStore(models);
let sweeping = false;
const sweep = setInterval(() => {
  if (sweeping) return;
  sweeping = true;
  orders
    .closeExpired()
    .then((closed) => {
      if (closed > 0) {
        logger.info({ closed }, 'expired orders closed');
        relay?.notify();
      }
    })
    .catch((error: unknown) => logger.error({ err: error }, 'expiry sweep failed'))
    .finally(() => {
      sweeping = false;
    });
}, config.EXPIRY_SWEEP_MS);
lifecycle.onClose('expiry sweep', () => clearInterval(sweep));

const app = await buildPayments({ config, redis, connection, readiness, onEventsStored: service.eventsStored });
const address = await listen(app, lifecycle, config.HOST, config.PORT);
logger.info({ address }, 'payments listening');
