// The card platforms (docs/card-issuers.md): QbitBudget and Corpay over their own signed APIs,
// signed webhooks for merchant spending, and a test API to spend, decline, reverse and refund.
import type { Redis } from '@aipay/kit';
import type { SandboxConfig } from '../../config.js';
import type { SandboxApp } from '../../http.js';
import { registerIssuerApi } from './api.js';
import { ISSUER_PLATFORMS } from './platforms.js';
import { IssuerStore } from './store.js';
import { registerIssuerTestApi } from './testApi.js';
import { IssuerWebhooks } from './webhooks.js';

export interface IssuerDeps {
  config: SandboxConfig;
  redis: Redis;
  /** Source of the dropped webhooks (tests pin it). */
  random: () => number;
}

export function registerIssuers(app: SandboxApp, { config, redis, random }: IssuerDeps) {
  const store = new IssuerStore(redis, {
    reserveCents: config.PAY_ISSUER_RESERVE_CENTS,
    cardFeeCents: config.PAY_ISSUER_CARD_FEE_CENTS,
    crossBorderFeeBps: config.PAY_ISSUER_CROSS_BORDER_FEE_BPS,
  });
  const webhooks = new IssuerWebhooks(config, app.log, random);
  app.addHook('onClose', async () => webhooks.close());
  for (const platform of ISSUER_PLATFORMS) registerIssuerApi(app, platform, { config, store });
  registerIssuerTestApi(app, store, webhooks);
  return { store, webhooks };
}
