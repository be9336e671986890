// The card service's Fastify app (no listen). For now: the ledger and the internal balance API
// payments calls (x-internal-token, never routed by the gateway); the card's public routes come with
// account opening and the issuers.
import type { Redis } from 'ioredis';
import { createServiceApp, type Connection, type ReadinessCheck } from '@aipay/kit';
import type { CardConfig } from './config.js';
import type { Ctx } from './context.js';
import { Ledger, type LedgerHooks } from './store/ledger.js';
import { BalanceService } from './store/balance.js';
import { createCardModels } from './store/models.js';
import { internalRoutes } from './routes/internal.js';

export interface CardDeps {
  config: CardConfig;
  /** A client WITHOUT key prefix (the kit's `auth:` session keys are shared). */
  redis: Redis;
  connection: Connection;
  readiness?: ReadinessCheck[];
  logger?: boolean;
  /** Called after a write that stored outbox events (main.ts wakes the relay). */
  onEventsStored?: () => void;
  /** Test hooks of the ledger (interleaving). */
  ledgerHooks?: LedgerHooks;
}

export function createContext(deps: CardDeps): Ctx {
  const models = createCardModels(deps.connection);
  const ledger = new Ledger(models, deps.ledgerHooks, { journalMax: deps.config.JOURNAL_MAX });
  return {
    config: deps.config,
    models,
    ledger,
    balance: new BalanceService(models, ledger),
    eventsStored: deps.onEventsStored ?? (() => {}),
  };
}

export async function buildCard(deps: CardDeps) {
  const app = await createServiceApp({
    name: 'card',
    config: deps.config,
    redis: deps.redis,
    connection: deps.connection,
    readiness: deps.readiness,
    logger: deps.logger,
  });
  const ctx = createContext(deps);
  internalRoutes(app, ctx);
  return Object.assign(app, { ctx });
}

export type CardApp = Awaited<ReturnType<typeof buildCard>>;
