// What the routes and the consumer share: configuration, the models, the ledger, the internal
// balance API's logic, and a hook that wakes the outbox relay after a write that stored events.
import type { CardConfig } from './config.js';
import type { Ledger } from './store/ledger.js';
import type { BalanceService } from './store/balance.js';
import type { CardModels } from './store/models.js';

export interface Ctx {
  config: CardConfig;
  models: CardModels;
  ledger: Ledger;
  balance: BalanceService;
  /** Called after a write that stored outbox events (wakes the relay). */
  eventsStored: () => void;
}
