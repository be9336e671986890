// The provider sandbox: SMS, e-mail, face verification, ID OCR, payments and card issuers played over real HTTP.
import { createApp, redisReadiness, type Redis } from '@aipay/kit';
import { Background } from './callbacks.js';
import type { SandboxConfig } from './config.js';
import { captureRawBodies } from './http.js';
import { registerChatbot } from './routes/chatbot.js';
import { registerInbox } from './routes/inbox.js';
import { registerIssuers } from './routes/issuer/index.js';
import { registerKyc } from './routes/kyc.js';
import { registerMessages } from './routes/messages.js';
import { registerOcr } from './routes/ocr.js';
import { registerPay } from './routes/pay/index.js';
import { SandboxStore } from './store.js';

export interface SandboxOptions {
  logger?: boolean;
  /** Source of the simulated failures and dropped notifications (tests pin it). */
  random?: () => number;
}

export async function buildSandbox(config: SandboxConfig, redis: Redis, options: SandboxOptions = {}) {
  const app = await createApp({
    name: 'sandbox',
    logLevel: config.LOG_LEVEL,
    logger: options.logger ?? true,
    readiness: [redisReadiness(redis)],
  });
  captureRawBodies(app);
  const store = new SandboxStore(redis);
  const background = new Background(config.SANDBOX_SECRET, config.CALLBACK_RETRY_MS, app.log);
  app.addHook('onClose', async () => background.close());

  registerMessages(app, { config, store, random: options.random ?? Math.random });
  registerInbox(app, store);
  registerChatbot(app, { config, store });
  registerKyc(app, { config, store, background });
  registerPay(app, { config, redis, random: options.random ?? Math.random });
  registerIssuers(app, { config, redis, random: options.random ?? Math.random });
  registerOcr(app, config);
  return app;
}
