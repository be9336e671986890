// Configuration from the environment, validated by zod, failing fast with one clear message.
import { z } from 'zod';

/** Variables every service understands. Services extend this with their own. */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Ed25519 public key (PEM) that verifies access tokens; every service has it. */
  JWT_PUBLIC_KEY: z.string().min(1),
  /** Ed25519 private key (PEM); only the identity service (and tests) sign tokens. */
  JWT_PRIVATE_KEY: z.string().optional(),
  /** Access-token lifetime in seconds. */
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 3600),
});

export class ConfigError extends Error {
  constructor(service: string, issues: z.core.$ZodIssue[]) {
    const lines = issues.map((issue) => `  - ${issue.path.join('.') || '(root)'}: ${issue.message}`);
    super(`${service}: invalid configuration\n${lines.join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses `env` with `schema`; a `\n` escaped in a PEM value is turned back into a newline. */
export function loadConfig<S extends z.ZodType>(
  service: string,
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.infer<S> {
  const normalised = Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, key.endsWith('_KEY') && value ? value.replace(/\\n/g, '\n') : value]),
  );
  const result = schema.safeParse(normalised);
  if (!result.success) throw new ConfigError(service, result.error.issues);
  return result.data;
}

/** Comma-separated list, e.g. KAFKA_BROKERS=127.0.0.1:9092,127.0.0.1:9093. */
export const csv = z
  .string()
  .min(1)
  .transform((value) => value.split(',').map((part) => part.trim()).filter(Boolean));
