// Card service configuration: stores, Kafka (the outbox relay and the recharge consumer), the
// internal token of our service-to-service calls, and the ledger's archiving.
import { z } from 'zod';
import { baseConfigSchema, csv, loadConfig } from '@aipay/kit';

const positive = () => z.coerce.number().int().positive();
/** The development default of INTERNAL_TOKEN, the same as identity's and payments'. */
export const DEV_INTERNAL_TOKEN = 'aipay-dev-internal-token';

export const cardConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(8103),
    MONGO_URL: z.string().min(1).default('mongodb://127.0.0.1:27017'),
    MONGO_DB: z.string().min(1).default('card'),
    REDIS_URL: z.string().min(1).default('redis://127.0.0.1:6379'),
    /** Kafka for the outbox relay and the payments.events consumer; without it neither runs. */
    KAFKA_BROKERS: csv.optional(),
    /** Consumer group of the payments.events consumer (recharge credits). */
    KAFKA_GROUP_ID: z.string().min(1).default('card'),
    /** Shared secret of the internal API (header x-internal-token); required in production. */
    INTERNAL_TOKEN: z.string().min(16).default(DEV_INTERNAL_TOKEN),
    /** A card whose inline journal reaches this many entries is archived (docs/card.md "Ledger"). */
    JOURNAL_MAX: positive().default(16),
    /** How many of the newest entries archiving leaves inline. */
    JOURNAL_KEEP: z.coerce.number().int().min(0).default(4),
    /** How often the archiver scans for long journals a crash left behind, milliseconds (the ledger reports the others at once). */
    ARCHIVE_SWEEP_MS: positive().default(60_000),
  })
  .transform((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.INTERNAL_TOKEN === DEV_INTERNAL_TOKEN) {
      ctx.addIssue({ code: 'custom', path: ['INTERNAL_TOKEN'], message: 'required in production' });
    }
    if (config.JOURNAL_KEEP >= config.JOURNAL_MAX) {
      ctx.addIssue({ code: 'custom', path: ['JOURNAL_KEEP'], message: 'must be below JOURNAL_MAX' });
    }
    return config;
  });

export type CardConfig = z.infer<typeof cardConfigSchema>;

export function loadCardConfig(env: Record<string, string | undefined> = process.env): CardConfig {
  return loadConfig('card', cardConfigSchema, env);
}
