// The payment providers (docs/pay-channels.md): Alipay, AlipayHK, WeChat Pay, Stripe and UnionPay
// over their own protocols, one hosted cashier page, a test API and the notifier.
import type { Redis } from '@aipay/kit';
import type { SandboxConfig } from '../../config.js';
import type { SandboxApp } from '../../http.js';
import { registerAlipay } from './alipay.js';
import type { PayContext } from './context.js';
import { Notifier } from './notifier.js';
import { registerPayPage } from './page.js';
import { registerStripe } from './stripe.js';
import { PayTrades } from './trades.js';
import { registerUnionPay } from './unionpay.js';
import { registerWechat } from './wechat.js';

export interface PayDeps {
  config: SandboxConfig;
  redis: Redis;
  /** Source of the dropped notifications (tests pin it). */
  random: () => number;
}

export function registerPay(app: SandboxApp, { config, redis, random }: PayDeps): PayContext {
  const notifier = new Notifier(config, app.log, random);
  app.addHook('onClose', async () => notifier.close());
  const context: PayContext = { config, trades: new PayTrades(redis), notifier, publicUrl: config.PUBLIC_URL.replace(/\/+$/, '') };
  registerAlipay(app, context, 'alipay');
  registerAlipay(app, context, 'alipayhk');
  registerWechat(app, context);
  registerStripe(app, context);
  registerUnionPay(app, context);
  registerPayPage(app, context);
  return context;
}
