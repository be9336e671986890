// The payments service's Fastify app (no listen): orders, channel chooser, pay URL, trade status,
// recharge fee, exchange rate, and the providers' notifications.
import type { Redis } from 'ioredis';
import { createServiceApp, type Connection, type ReadinessCheck } from '@aipay/kit';
import type { PaymentsConfig } from './config.js';
import type { Ctx } from './context.js';
import { DEFAULT_CATALOGUE, type ChannelCatalogue } from './domain/channels.js';
import { createOrderModels, OrderStore } from './store/orders.js';
import { payRoutes } from './routes/pay.js';
import { notifyRoutes } from './routes/notify.js';

export interface PaymentsDeps {
  config: PaymentsConfig;
  /** A client WITHOUT key prefix (the kit's `auth:` session keys are shared). */
  redis: Redis;
  connection: Connection;
  catalogue?: ChannelCatalogue;
  readiness?: ReadinessCheck[];
  logger?: boolean;
  /** Called after a write that stored outbox events (main.ts wakes the relay). */
  onEventsStored?: () => void;
}

export function createContext(deps: PaymentsDeps): Ctx {
  return {
    config: deps.config,
    orders: new OrderStore(createOrderModels(deps.connection)),
    catalogue: deps.catalogue ?? DEFAULT_CATALOGUE,
    eventsStored: deps.onEventsStored ?? (() => {}),
  };
}

export async function buildPayments(deps: PaymentsDeps) {
  const { config } = deps;
  const app = await createServiceApp({
    name: 'payments',
    config,
    redis: deps.redis,
    connection: deps.connection,
    readiness: deps.readiness,
    logger: deps.logger,
  });
  const ctx = createContext(deps);
  payRoutes(app, ctx);
  await notifyRoutes(app, ctx);
  return Object.assign(app, { ctx });
}

export type PaymentsApp = Awaited<ReturnType<typeof buildPayments>>;
