// Sandbox configuration. The sandbox pretends to be outside providers, so it must never run in production.
import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@aipay/kit';

const rate = z.coerce.number().min(0).max(1);
/** An optional variable; set but empty counts as unset. */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const text = () => unsetIfEmpty(z.string().trim().min(1));
/** A PEM key; literal `\n` sequences (one-line env values) become newlines. */
const pem = () =>
  unsetIfEmpty(
    z
      .string()
      .transform((value) => value.replace(/\\n/g, '\n').trim())
      .pipe(z.string().regex(/^-----BEGIN [A-Z0-9 ]+-----\n[\s\S]+\n-----END [A-Z0-9 ]+-----$/, 'must be a PEM key')),
  );
const flag = z.union([z.boolean(), z.stringbool()]);

export const sandboxConfigSchema = baseConfigSchema
  .omit({ JWT_PUBLIC_KEY: true, JWT_PRIVATE_KEY: true, JWT_TTL_SECONDS: true })
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8090),
    REDIS_URL: z.string().min(1),
    /** Signs and verifies every provider call and callback (see signing.ts). */
    SANDBOX_SECRET: z.string().min(1).optional(),
    /** Base of the hosted pages' links (the KYC verifyUrl). */
    PUBLIC_URL: z.url().default('http://127.0.0.1:8090'),
    /** A KYC session finishes by itself with this result after KYC_AUTO_DELAY_MS. */
    KYC_AUTO_RESULT: z.enum(['none', 'pass', 'fail']).default('none'),
    KYC_AUTO_DELAY_MS: z.coerce.number().int().min(0).default(1000),
    /** Share of SMS / e-mail sends answered with a 503; the channel-specific knobs win. */
    FAILURE_RATE: rate.default(0),
    SMS_FAILURE_RATE: rate.optional(),
    EMAIL_FAILURE_RATE: rate.optional(),
    /** First back-off of a failed KYC callback; it doubles on each of the 3 retries. */
    CALLBACK_RETRY_MS: z.coerce.number().int().min(0).default(1000),
    // Payment providers (docs/pay-channels.md): each protocol answers once its keys are set.
    PAY_ALIPAY_APP_ID: text(),
    PAY_ALIPAY_PRIVATE_KEY: pem(),
    PAY_ALIPAY_MERCHANT_PUBLIC_KEY: pem(),
    PAY_ALIPAYHK_APP_ID: text(),
    PAY_ALIPAYHK_PRIVATE_KEY: pem(),
    PAY_ALIPAYHK_MERCHANT_PUBLIC_KEY: pem(),
    PAY_WECHAT_MCH_ID: text(),
    PAY_WECHAT_MERCHANT_SERIAL: text(),
    PAY_WECHAT_MERCHANT_PUBLIC_KEY: pem(),
    PAY_WECHAT_PLATFORM_SERIAL: text(),
    PAY_WECHAT_PLATFORM_PRIVATE_KEY: pem(),
    /** Encrypts the notification resource: exactly 32 bytes. */
    PAY_WECHAT_API_V3_KEY: unsetIfEmpty(z.string().refine((key) => Buffer.byteLength(key) === 32, 'must be 32 bytes')),
    PAY_STRIPE_SECRET_KEY: text(),
    PAY_STRIPE_WEBHOOK_SECRET: text(),
    PAY_STRIPE_WEBHOOK_URL: unsetIfEmpty(z.url({ protocol: /^https?$/ })),
    PAY_UNIONPAY_MER_ID: text(),
    PAY_UNIONPAY_PRIVATE_KEY: pem(),
    PAY_UNIONPAY_MERCHANT_PUBLIC_KEY: pem(),
    /** Asynchronous payment notifications: delay, extra copies, stale notice, drops, back-off. */
    PAY_NOTIFY_DELAY_MS: z.coerce.number().int().min(0).default(300),
    PAY_NOTIFY_DUPLICATES: z.coerce.number().int().min(0).max(20).default(1),
    PAY_NOTIFY_OUT_OF_ORDER: flag.default(true),
    PAY_NOTIFY_FAILURE_RATE: rate.default(0),
    PAY_NOTIFY_RETRY_MS: z.coerce.number().int().min(0).default(1000),
    // Card issuers (docs/card-issuers.md): each platform answers once its API secret is set.
    PAY_ISSUER_QBITBUDGET_API_SECRET: text(),
    PAY_ISSUER_QBITBUDGET_WEBHOOK_SECRET: text(),
    PAY_ISSUER_QBITBUDGET_WEBHOOK_URL: unsetIfEmpty(z.url({ protocol: /^https?$/ })),
    PAY_ISSUER_CORPAY_API_SECRET: text(),
    PAY_ISSUER_CORPAY_WEBHOOK_SECRET: text(),
    PAY_ISSUER_CORPAY_WEBHOOK_URL: unsetIfEmpty(z.url({ protocol: /^https?$/ })),
    /** Each issuer's USD reserve (cents) until the test API sets it; issuing and top-ups draw on it. */
    PAY_ISSUER_RESERVE_CENTS: z.coerce.number().int().min(0).default(10_000_000),
    /** What issuing one card costs the reserve (cents), on top of its initial amount. */
    PAY_ISSUER_CARD_FEE_CENTS: z.coerce.number().int().min(0).default(100),
    /** The cross-border fee in basis points of the charge (150 = 1.5 %), at least 1 cent. */
    PAY_ISSUER_CROSS_BORDER_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(150),
  })
  .transform(({ SMS_FAILURE_RATE, EMAIL_FAILURE_RATE, SANDBOX_SECRET, ...config }, ctx) => {
    if (!SANDBOX_SECRET && config.NODE_ENV === 'production') {
      ctx.addIssue({ code: 'custom', path: ['SANDBOX_SECRET'], message: 'required in production' });
    }
    return {
      ...config,
      SANDBOX_SECRET: SANDBOX_SECRET ?? 'sandbox-dev-secret',
      SMS_FAILURE_RATE: SMS_FAILURE_RATE ?? config.FAILURE_RATE,
      EMAIL_FAILURE_RATE: EMAIL_FAILURE_RATE ?? config.FAILURE_RATE,
    };
  });

export type SandboxConfig = z.infer<typeof sandboxConfigSchema>;

export const PRODUCTION_REFUSAL =
  'sandbox: refusing to start with NODE_ENV=production. The sandbox fakes SMS, e-mail, KYC and payment providers; ' +
  'it runs in development and tests only.';

/** Throws when the environment is production; main.ts turns that into exit code 1. */
export function assertNotProduction(env: Record<string, string | undefined> = process.env): void {
  if (env.NODE_ENV?.trim().toLowerCase() === 'production') throw new Error(PRODUCTION_REFUSAL);
}

export function loadSandboxConfig(env: Record<string, string | undefined> = process.env): SandboxConfig {
  assertNotProduction(env);
  return loadConfig('sandbox', sandboxConfigSchema, env);
}
