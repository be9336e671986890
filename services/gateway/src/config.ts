// Gateway configuration: where each service listens, limits, CORS, the web client's build.
import { z } from 'zod';
import { baseConfigSchema, csv, loadConfig } from '@aipay/kit';

const optionalUrl = z.url().optional();

export const gatewayConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  REDIS_URL: z.string().min(1),
  IDENTITY_URL: optionalUrl,
  PAYMENTS_URL: optionalUrl,
  CARD_URL: optionalUrl,
  TOOLS_URL: optionalUrl,
  FLEX_URL: optionalUrl,
  AICODING_URL: optionalUrl,
  REFERRALS_URL: optionalUrl,
  /** Allowed browser origins; `*` reflects any origin (development only). */
  CORS_ORIGINS: csv.default(['http://127.0.0.1:8080', 'http://localhost:8080', 'http://127.0.0.1:5173', 'http://localhost:5173']),
  /** Requests per minute per client (token, else IP) across the API. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /** Requests per minute per client to the code-sending and sign-in calls. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /** Folder of the built web client (index.html, assets, version.json). */
  WEB_DIST: z.string().optional(),
  APP_VERSION: z.string().default('dev'),
});

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env = process.env): GatewayConfig {
  return loadConfig('gateway', gatewayConfigSchema, env);
}
