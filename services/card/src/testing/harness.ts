// Service-test harness: the card app against the real MongoDB-compatible store and Redis, with a
// unique database per run (dropped after), and a helper for the internal API's calls.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { connectMongo, type Connection } from '@aipay/kit';
import { buildCard, type CardApp } from '../app.js';
import { cardConfigSchema, type CardConfig } from '../config.js';
import type { LedgerHooks } from '../store/ledger.js';
import { ensureIndexes } from '../store/models.js';

export interface Harness {
  app: CardApp;
  config: CardConfig;
  redis: Redis;
  connection: Connection;
  token: string;
  /** Hooks handed to the ledger; tests may set `beforeWrite` at any time. */
  hooks: LedgerHooks;
  eventsStored: number;
  close(): Promise<void>;
}

export const runId = (): string => randomBytes(5).toString('hex');

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const run = runId();
  const keys = generateKeyPairSync('ed25519');
  const config = cardConfigSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    MONGO_DB: `card_test_${run}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    INTERNAL_TOKEN: `internal-token-${run}`,
    ...env,
  });
  const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
  const hooks: LedgerHooks = {};
  const harness = { config, redis, connection, token: config.INTERNAL_TOKEN, hooks, eventsStored: 0 } as Harness;
  harness.app = await buildCard({ config, redis, connection, logger: false, ledgerHooks: hooks, onEventsStored: () => (harness.eventsStored += 1) });
  await ensureIndexes(harness.app.ctx.models);
  harness.close = async () => {
    await harness.app.close();
    await connection.dropDatabase();
    await connection.close();
    redis.disconnect();
  };
  return harness;
}

export type Envelope = { code: number; msg: string; data: any };

/** An internal call with the harness's token (or `token`, `null` for none). */
export async function internal(
  h: Harness,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token: string | null = h.token,
): Promise<LightMyRequestResponse & { envelope: Envelope }> {
  const response = await h.app.inject({
    method,
    url,
    headers: { language: 'en', ...(token === null ? {} : { 'x-internal-token': token }) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return Object.assign(response, { envelope: response.json() as Envelope });
}

let counter = 0;
/** A unique id with a prefix (users, cards, orders in tests). */
export const uid = (prefix: string): string => `${prefix}-${randomBytes(4).toString('hex')}-${(counter += 1)}`;

/** Opens a card of a new user through the temporary internal route and credits it `balance` cents. */
export async function openCard(h: Harness, balance = 0): Promise<{ userId: string; cardId: string }> {
  const userId = uid('u');
  const created = await internal(h, 'POST', '/internal/cards', { userId });
  if (created.envelope.code !== 200) throw new Error(`card not created: ${created.body}`);
  const cardId = created.envelope.data.cardId as string;
  if (balance > 0) await h.app.ctx.ledger.apply(cardId, { kind: 'recharge', key: uid('seed'), amount: balance });
  return { userId, cardId };
}
