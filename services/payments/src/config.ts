// Payments configuration: stores, order expiry, exchange rate, the channels' keys and URLs.
// Channel keys are optional outside production; a notification for a channel without its keys is
// refused (never accepted unverified).
import { z } from 'zod';
import { baseConfigSchema, csv, loadConfig } from '@aipay/kit';
import { parseRate } from './domain/money.js';

const positive = () => z.coerce.number().int().positive();

/** Outside production, where the providers are (the sandbox, docs/pay-channels.md) and where we are. */
const SANDBOX_DEFAULTS = {
  ALIPAY_GATEWAY_URL: 'http://127.0.0.1:8090/alipay/gateway.do',
  ALIPAYHK_GATEWAY_URL: 'http://127.0.0.1:8090/alipayhk/gateway.do',
  WECHAT_API_BASE: 'http://127.0.0.1:8090/wechat',
  STRIPE_API_BASE: 'http://127.0.0.1:8090/stripe',
  UNIONPAY_FRONT_URL: 'http://127.0.0.1:8090/unionpay/gateway/api/frontTransReq.do',
  UNIONPAY_BACK_URL: 'http://127.0.0.1:8090/unionpay/gateway/api/backTransReq.do',
  NOTIFY_BASE_URL: 'http://127.0.0.1:8102',
  PUBLIC_WEB_URL: 'http://127.0.0.1:8080',
} as const;

/** What creating trades and refunding needs beyond the notification keys. */
const CHANNEL_KEYS_REQUIRED_IN_PRODUCTION = [
  'ALIPAYHK_APP_ID',
  'ALIPAYHK_PRIVATE_KEY',
  'ALIPAYHK_PUBLIC_KEY',
  'WECHAT_APP_ID',
  'WECHAT_PRIVATE_KEY',
  'WECHAT_SERIAL_NO',
  'STRIPE_SECRET_KEY',
  'UNIONPAY_MER_ID',
  'UNIONPAY_PRIVATE_KEY',
  'UNIONPAY_CERT_ID',
] as const;
const optionalText = () => z.string().min(1).optional();
/** The development default of INTERNAL_TOKEN, the same as identity's (services/identity/src/config.ts). */
export const DEV_INTERNAL_TOKEN = 'aipay-dev-internal-token';

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
    /** Identity's internal API (docs/identity.md "Internal API"): the payer's region and verification. */
    IDENTITY_URL: z.url().default('http://127.0.0.1:8101'),
    /** Shared secret of our internal calls (header x-internal-token); required in production. */
    INTERNAL_TOKEN: z.string().min(16).default(DEV_INTERNAL_TOKEN),
    IDENTITY_TIMEOUT_MS: positive().default(5_000),
    /** The card service's internal API (docs/payments.md "Balance payments"): debits and credits of card balances. */
    CARD_URL: z.url().default('http://127.0.0.1:8103'),
    /** Per card-service call, milliseconds; no balance debit is asked within this time of an order's expiry. */
    CARD_TIMEOUT_MS: positive().default(5_000),
    /** Monthly recharge limits in US cents (001 §6, §9): $100 unverified (deposit route), $3000 verified (face). */
    MONTHLY_LIMIT_UNVERIFIED: z.coerce.number().int().min(0).default(10_000),
    MONTHLY_LIMIT_VERIFIED: z.coerce.number().int().min(0).default(300_000),
    // GET /common/cardAmount in US cents (001 §3 "Payment amounts", §9 "Card fees"; docs/payments.md).
    /** Annual fee of a new card: "$11.99 new". */
    OPEN_CARD_AMOUNT: z.coerce.number().int().min(0).default(1_199),
    /** The standard card is valid 2 years (001 §1): 2 × $11.99. */
    TWO_YEAR_CARD_AMOUNT: z.coerce.number().int().min(0).default(2_398),
    /** "Invitation code discount amount: a parameter, not shown" (002 §9). */
    INVITATION_CODE_DISCOUNT: z.coerce.number().int().min(0).default(0),
    /** Opening fee: "about $3 in older text". */
    OPENING_FEE: z.coerce.number().int().min(0).default(300),
    /** Refundable deposit of the deposit route: the amount is not shown; $10 is ours. */
    CARD_DEPOSIT: z.coerce.number().int().min(0).default(1_000),
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
    // Sending to the providers (docs/pay-channels.md). URLs default to the sandbox outside
    // production (SANDBOX_DEFAULTS) and are required in production.
    ALIPAY_GATEWAY_URL: z.url().optional(),
    ALIPAYHK_APP_ID: optionalText(),
    ALIPAYHK_GATEWAY_URL: z.url().optional(),
    WECHAT_APP_ID: optionalText(),
    /** WeChat Pay API base, without a trailing slash (`https://api.mch.weixin.qq.com`). */
    WECHAT_API_BASE: z.url().optional(),
    /** The card provider's secret API key (Bearer). */
    STRIPE_SECRET_KEY: optionalText(),
    STRIPE_API_BASE: z.url().optional(),
    /** The serial number of our UnionPay signing certificate. */
    UNIONPAY_CERT_ID: optionalText(),
    UNIONPAY_FRONT_URL: z.url().optional(),
    UNIONPAY_BACK_URL: z.url().optional(),
    /** Our public base URL for provider notifications: `{NOTIFY_BASE_URL}/v1/pay/notify/{protocol}`. */
    NOTIFY_BASE_URL: z.url().optional(),
    /** The web client, for return pages: `{PUBLIC_WEB_URL}/pay-result?orderNo=…&redirect=1`. */
    PUBLIC_WEB_URL: z.url().optional(),
    /** How often main.ts sends refunds still `requested` again (crash recovery), milliseconds. */
    REFUND_SWEEP_MS: positive().default(15_000),
  })
  .transform((config, ctx) => {
    if (config.NODE_ENV === 'production') {
      const required = [
        ...(Object.keys(SANDBOX_DEFAULTS) as (keyof typeof SANDBOX_DEFAULTS)[]),
        ...CHANNEL_KEYS_REQUIRED_IN_PRODUCTION,
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
      if (config.INTERNAL_TOKEN === DEV_INTERNAL_TOKEN) ctx.addIssue({ code: 'custom', path: ['INTERNAL_TOKEN'], message: 'required in production' });
    }
    const urls = Object.fromEntries(
      Object.entries(SANDBOX_DEFAULTS).map(([key, url]) => [key, config[key as keyof typeof SANDBOX_DEFAULTS] ?? url]),
    ) as Record<keyof typeof SANDBOX_DEFAULTS, string>;
    return { ...config, ...urls };
  });

export type PaymentsConfig = z.infer<typeof paymentsConfigSchema>;

export function loadPaymentsConfig(env: Record<string, string | undefined> = process.env): PaymentsConfig {
  return loadConfig('payments', paymentsConfigSchema, env);
}
