// Payments configuration: stores, order expiry, exchange rate, the pay page and the channels' keys.
// Channel keys are optional outside production; a notification for a channel without its keys is
// refused (never accepted unverified).
import { z } from 'zod';
import { baseConfigSchema, csv, loadConfig } from '@aipay/kit';
import { parseRate } from './domain/money.js';

const positive = () => z.coerce.number().int().positive();
const optionalText = () => z.string().min(1).optional();

export const paymentsConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8102),
    MONGO_URL: z.string().min(1).default('mongodb://127.0.0.1:27017'),
    MONGO_DB: z.string().min(1).default('payments'),
    REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379'),
    /** Kafka for the outbox relay; without it events stay stored until a relay runs. */
    KAFKA_BROKERS: csv.optional(),
    /** How long an order can be paid, seconds (the pay URL's timeExpireTime counts down from it). */
    ORDER_TTL_SECONDS: positive().default(900),
    /** How often main.ts closes expired pending orders, milliseconds. */
    EXPIRY_SWEEP_MS: positive().default(30_000),
    /** CNY per USD as decimal text (e.g. `7.2`); RMB channels charge `ceil(usd × rate)` fen. */
    EXCHANGE_RATE: z
      .string()
      .default('7.2')
      .transform((text, ctx) => {
        try {
          return parseRate(text);
        } catch {
          ctx.addIssue({ code: 'custom', message: 'a positive decimal such as 7.2' });
          return z.NEVER;
        }
      }),
    /** Where the pay page lives (the provider sandbox will host it). */
    PAY_PAGE_BASE: z.url().default('http://127.0.0.1:8090/pay'),
    /** HMAC key signing the pay page's parameters. */
    PAY_PAGE_SECRET: optionalText(),
    // Alipay (open platform): our private key, Alipay's public key, our app id.
    ALIPAY_APP_ID: optionalText(),
    ALIPAY_PRIVATE_KEY: optionalText(),
    ALIPAY_PUBLIC_KEY: optionalText(),
    // AlipayHK: its own merchant pair and AlipayHK's public key.
    ALIPAYHK_PRIVATE_KEY: optionalText(),
    ALIPAYHK_PUBLIC_KEY: optionalText(),
    // WeChat Pay v3: merchant id, merchant key and serial, APIv3 key (32 bytes), platform key by serial.
    WECHAT_MCH_ID: optionalText(),
    WECHAT_PRIVATE_KEY: optionalText(),
    WECHAT_SERIAL_NO: optionalText(),
    WECHAT_API_V3_KEY: z.string().length(32).optional(),
    WECHAT_PLATFORM_SERIAL: optionalText(),
    WECHAT_PLATFORM_PUBLIC_KEY: optionalText(),
    // Card payment provider (Stripe-style webhooks).
    STRIPE_WEBHOOK_SECRET: optionalText(),
    // UnionPay 5.1: merchant id, our private key, UnionPay's trusted key or certificate.
    UNIONPAY_MER_ID: optionalText(),
    UNIONPAY_PRIVATE_KEY: optionalText(),
    UNIONPAY_PUBLIC_KEY: optionalText(),
  })
  .transform((config, ctx) => {
    if (config.NODE_ENV === 'production') {
      const required = [
        'PAY_PAGE_SECRET',
        'ALIPAY_APP_ID',
        'ALIPAY_PRIVATE_KEY',
        'ALIPAY_PUBLIC_KEY',
        'WECHAT_MCH_ID',
        'WECHAT_API_V3_KEY',
        'WECHAT_PLATFORM_SERIAL',
        'WECHAT_PLATFORM_PUBLIC_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'UNIONPAY_PUBLIC_KEY',
      ] as const;
      for (const key of required) {
        if (!config[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required in production' });
      }
    }
    return { ...config, PAY_PAGE_SECRET: config.PAY_PAGE_SECRET ?? 'payments-dev-pay-page-secret' };
  });

export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

export function loadPaymentsConfig(env: Record<string, string | undefined> = process.env): PaymentsConfig {
  return loadConfig('payments', paymentsConfigSchema, env);
}
