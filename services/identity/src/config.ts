// Identity configuration: stores, providers, secrets and the tunable limits of codes and sign-in.
import { z } from 'zod';
import { baseConfigSchema, csv, loadConfig } from '@aipay/kit';

const DEV_SECRET = 'identity-dev-secret';
/** The development default of INTERNAL_TOKEN, shared with payments' config. */
export const DEV_INTERNAL_TOKEN = 'aipay-dev-internal-token';
const bool = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
const positive = () => z.coerce.number().int().positive();

export const identityConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8101),
    /** Identity signs the access tokens: its private key is required. */
    JWT_PRIVATE_KEY: z.string().min(1),
    MONGO_URL: z.string().min(1).default('mongodb://127.0.0.1:27017'),
    MONGO_DB: z.string().min(1).default('identity'),
    REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379'),
    /** Prefix of identity's own Redis keys (the kit's `auth:` keys have none). */
    REDIS_KEY_PREFIX: z.string().min(1).default('identity:'),
    /** Kafka for the outbox relay; without it events stay stored until a relay runs. */
    KAFKA_BROKERS: csv.optional(),
    SMS_PROVIDER_URL: z.url().default('http://127.0.0.1:8090'),
    EMAIL_PROVIDER_URL: z.url().default('http://127.0.0.1:8090'),
    KYC_PROVIDER_URL: z.url().default('http://127.0.0.1:8090'),
    /** Signs the calls to the SMS, e-mail and KYC providers. */
    PROVIDER_SECRET: z.string().min(1).optional(),
    /** Where the web client lives (face-verification return page). */
    PUBLIC_WEB_URL: z.url().default('http://127.0.0.1:8080'),
    /** Optional URL the KYC provider calls back (not needed: the status is polled). */
    KYC_CALLBACK_URL: z.url().optional(),
    COMPLAINT_WEBHOOK_URL: z.url().optional(),
    /** Chat-bot webhook signing secret; defaults to PROVIDER_SECRET. */
    COMPLAINT_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** HMAC key of the support widget's user hash. */
    SUPPORT_HMAC_SECRET: z.string().min(1).optional(),
    /** HMAC key under which verification codes are stored. */
    CODE_HMAC_SECRET: z.string().min(1).optional(),
    GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
    GOOGLE_CLIENT_IDS: csv.default([]),
    GOOGLE_ISSUERS: csv.default(['https://accounts.google.com', 'accounts.google.com']),
    /** `new` (8-50, seed 000 §5 newer form) or `legacy` (12-50, not only digits, not the mobile). */
    PASSWORD_RULE: z.enum(['new', 'legacy']).default('new'),
    SINGLE_SESSION: bool.default(true),
    GRADUAL_USER_IDS: csv.default([]),
    CODE_TTL_SECONDS: positive().default(300),
    CODE_RESEND_SECONDS: positive().default(60),
    CODE_MAX_TRIES: positive().default(5),
    CODE_DAILY_PER_TARGET: positive().default(10),
    CODE_DAILY_PER_IP: positive().default(50),
    CAPTCHA_TTL_SECONDS: positive().default(120),
    LOGIN_MAX_FAILURES: positive().default(5),
    LOGIN_LOCK_SECONDS: positive().default(15 * 60),
    PAY_PASSWORD_MAX_FAILURES: positive().default(5),
    MOBILE_FLOW_TTL_SECONDS: positive().default(600),
    PROVIDER_TIMEOUT_MS: positive().default(10_000),
    /**
     * Shared secret of the internal API (`/internal/*`, header `x-internal-token`) that our other
     * services call directly (never through the gateway). Required in production; the development
     * default is the same in payments (DEV_INTERNAL_TOKEN).
     */
    INTERNAL_TOKEN: z.string().min(16).optional(),
  })
  .transform((config, ctx) => {
    if (config.NODE_ENV === 'production') {
      for (const key of ['PROVIDER_SECRET', 'SUPPORT_HMAC_SECRET', 'CODE_HMAC_SECRET', 'INTERNAL_TOKEN'] as const) {
        if (!config[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required in production' });
      }
    }
    const providerSecret = config.PROVIDER_SECRET ?? 'sandbox-dev-secret';
    return {
      ...config,
      PROVIDER_SECRET: providerSecret,
      COMPLAINT_WEBHOOK_SECRET: config.COMPLAINT_WEBHOOK_SECRET ?? providerSecret,
      SUPPORT_HMAC_SECRET: config.SUPPORT_HMAC_SECRET ?? DEV_SECRET,
      CODE_HMAC_SECRET: config.CODE_HMAC_SECRET ?? DEV_SECRET,
      INTERNAL_TOKEN: config.INTERNAL_TOKEN ?? DEV_INTERNAL_TOKEN,
    };
  });

export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export function loadIdentityConfig(env: Record<string, string | undefined> = process.env): IdentityConfig {
  return loadConfig('identity', identityConfigSchema, env);
}
