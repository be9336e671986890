// The payments service's Fastify app (no listen): orders, channel chooser, pay URL, trade status,
// recharge fee, exchange rate, the providers' notifications, and balance payments (the card service).
import type { Redis } from 'ioredis';
import { createServiceApp, type Connection, type ReadinessCheck } from '@aipay/kit';
import type { PaymentsConfig } from './config.js';
import type { Ctx } from './context.js';
import { DEFAULT_CATALOGUE, type ChannelCatalogue } from './domain/channels.js';
import { createOrderModels, OrderStore } from './store/orders.js';
import { payRoutes } from './routes/pay.js';
import { notifyRoutes } from './routes/notify.js';
import { createChannels, type ProviderChannels } from './adapters/channels/index.js';
import { withBalance } from './adapters/channels/balance.js';
import { HttpCardLedger, type CardLedger } from './adapters/card.js';
import { RefundExecutor, type RefundLog } from './refunds.js';
import { HttpIdentityDirectory, type IdentityDirectory } from './adapters/identity.js';
import { UsageStore } from './store/usage.js';
import { RouteCapture, extraOrderRoutes } from './routes/extraOrder.js';
import { aiflexRoutes } from './routes/aiflex.js';
import { noticeRoutes } from './routes/notice.js';
import { identityVerifyRoutes } from './routes/identityVerify.js';
import { amountRoutes } from './routes/amounts.js';
import { balancePayRoutes } from './routes/balancePay.js';

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
  /** The providers; the real adapters from config by default (tests play the providers). */
  channels?: ProviderChannels;
  /** The card service's balance API; the HTTP client of CARD_URL by default. */
  card?: CardLedger;
  /** Identity's internal API; the HTTP client of IDENTITY_URL by default. */
  identity?: IdentityDirectory;
}

const quiet: RefundLog = { info: () => {}, warn: () => {}, error: () => {} };

export function createContext(deps: PaymentsDeps, log: RefundLog = quiet): Ctx {
  const { config } = deps;
  const card = deps.card ?? new HttpCardLedger({ url: config.CARD_URL, token: config.INTERNAL_TOKEN, timeoutMs: config.CARD_TIMEOUT_MS });
  const orders = new OrderStore(createOrderModels(deps.connection), card);
  const eventsStored = deps.onEventsStored ?? (() => {});
  // Channel 5 (balance) refunds go back to the card, whichever providers are configured.
  const channels = withBalance(deps.channels ?? createChannels(config), card);
  return {
    config: deps.config,
    orders,
    catalogue: deps.catalogue ?? DEFAULT_CATALOGUE,
    eventsStored,
    channels,
    refunds: new RefundExecutor({ orders, channels, card, log, eventsStored }),
    card,
    identity:
      deps.identity ??
      new HttpIdentityDirectory({ url: deps.config.IDENTITY_URL, token: deps.config.INTERNAL_TOKEN, timeoutMs: deps.config.IDENTITY_TIMEOUT_MS }),
    usage: new UsageStore(orders.models),
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
  const ctx = createContext(deps, app.log);
  // Refunds kicked by a request finish before the store closes.
  app.addHook('onClose', () => ctx.refunds.idle());
  // Captures payUrl and tradeStatus as payRoutes registers them, for their aliases (extraOrder.ts).
  const capture = new RouteCapture(app);
  payRoutes(app, ctx);
  await notifyRoutes(app, ctx);
  extraOrderRoutes(app, capture);
  aiflexRoutes(app, ctx, capture);
  noticeRoutes(app, ctx);
  identityVerifyRoutes(app, ctx);
  amountRoutes(app, ctx);
  balancePayRoutes(app, ctx);
  return Object.assign(app, { ctx });
}

export type PaymentsApp = Awaited<ReturnType<typeof buildPayments>>;
