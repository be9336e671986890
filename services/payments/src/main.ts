// Payments process: config, MongoDB, Redis, the outbox relay to Kafka, the expiry and refund
// sweeps, listen, graceful shutdown.
import { listen, startServiceProcess } from '@aipay/kit';
import { buildPayments } from './app.js';
import { loadPaymentsConfig } from './config.js';
import { createOrderModels } from './store/orders.js';

const config = loadPaymentsConfig();
const service = await startServiceProcess({
  name: 'payments',
  config,
  outboxModels: (connection) => [createOrderModels(connection).Order],
});
const { connection, redis, readiness, lifecycle, logger, relay } = service;
const models = createOrderModels(connection);
await models.Order.createIndexes();

const app = await buildPayments({ config, redis, connection, readiness, onEventsStored: service.eventsStored });

// Expired pending orders are closed lazily when read, and by this sweep (conditional updates only,
// so several instances may sweep at once). The app's store: a balance order asks the card first.
const orders = app.ctx.orders;
let sweeping = false;
const sweep = setInterval(() => {
  if (sweeping) return;
  sweeping = true;
  orders
    .closeExpired()
    .then((closed) => {
      if (closed > 0) {
        logger.info({ closed }, 'expired orders settled');
        relay?.notify();
      }
    })
    .catch((error: unknown) => logger.error({ err: error }, 'expiry sweep failed'))
    .finally(() => {
      sweeping = false;
    });
}, config.EXPIRY_SWEEP_MS);
lifecycle.onClose('expiry sweep', () => clearInterval(sweep));

// Refunds still requested (a kick lost in a crash, a `processing` answer) are sent again; the
// provider refunds once per refundNo and the outcome is applied once (src/refunds.ts), so several
// instances may sweep at once.
let refunding = false;
const refundSweep = setInterval(() => {
  if (refunding) return;
  refunding = true;
  app.ctx.refunds
    .sweep()
    .then((settled) => {
      if (settled > 0) logger.info({ settled }, 'refunds settled by the sweep');
    })
    .catch((error: unknown) => logger.error({ err: error }, 'refund sweep failed'))
    .finally(() => {
      refunding = false;
    });
}, config.REFUND_SWEEP_MS);
lifecycle.onClose('refund sweep', () => clearInterval(refundSweep));
const address = await listen(app, lifecycle, config.HOST, config.PORT);
logger.info({ address }, 'payments listening');
