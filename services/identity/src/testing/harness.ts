// Service-test harness: the identity app against the real MongoDB-compatible store and Redis, with a
// unique database and key prefix per run (dropped after), and the fake providers of providers.ts.
import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { connectMongo, type Connection } from '@aipay/kit';
import { buildIdentity, type IdentityApp } from '../app.js';
import { identityConfigSchema, type IdentityConfig } from '../config.js';
import { startFakeProviders, type FakeProviders } from './providers.js';

export const GOOGLE_CLIENT_ID = 'test-client.apps.googleusercontent.com';

export interface Harness {
  app: IdentityApp;
  config: IdentityConfig;
  redis: Redis;
  connection: Connection;
  providers: FakeProviders;
  eventsStored: number;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const run = randomBytes(5).toString('hex');
  const keys = generateKeyPairSync('ed25519');
  const secret = `provider-${run}`;
  const providers = await startFakeProviders(secret, `webhook-${run}`);
  const config = identityConfigSchema.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    JWT_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    MONGO_URL: process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017',
    MONGO_DB: `identity_test_${run}`,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `identity-test-${run}:`,
    SMS_PROVIDER_URL: providers.url,
    EMAIL_PROVIDER_URL: providers.url,
    KYC_PROVIDER_URL: providers.url,
    PROVIDER_SECRET: secret,
    COMPLAINT_WEBHOOK_URL: `${providers.url}/webhook`,
    COMPLAINT_WEBHOOK_SECRET: `webhook-${run}`,
    GOOGLE_JWKS_URL: `${providers.url}/jwks`,
    GOOGLE_CLIENT_IDS: GOOGLE_CLIENT_ID,
    ...env,
  });
  const connection = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 3 });
  const harness = { config, redis, connection, providers, eventsStored: 0 } as Harness;
  harness.app = await buildIdentity({ config, redis, connection, logger: false, onEventsStored: () => (harness.eventsStored += 1) });
  harness.close = async () => {
    await harness.app.close();
    const users = (await connection.db?.collection('users').find({}, { projection: { _id: 1 } }).toArray()) ?? [];
    const sessionKeys = users.map((user) => `auth:session:${String(user._id)}`);
    if (sessionKeys.length > 0) await redis.del(...sessionKeys);
    const own = await redis.keys(`${config.REDIS_KEY_PREFIX}*`);
    if (own.length > 0) await redis.del(...own);
    await connection.dropDatabase();
    await connection.close();
    redis.disconnect();
    await providers.close();
  };
  return harness;
}

export interface Call {
  method?: 'GET' | 'POST';
  url: string;
  body?: unknown;
  token?: string;
  language?: 'zh' | 'en';
  ip?: string;
}

export async function call(h: Harness, options: Call): Promise<LightMyRequestResponse & { envelope: { code: number; msg: string; data: any } }> {
  const headers: Record<string, string> = { language: options.language ?? 'en' };
  if (options.token) headers.accessToken = options.token;
  // A fresh client address per call unless given, so the per-IP daily cap only bites where tested.
  headers['x-forwarded-for'] = options.ip ?? `10.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
  const response = await h.app.inject({
    method: options.method ?? 'POST',
    url: options.url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
  return Object.assign(response, { envelope: response.json() as { code: number; msg: string; data: any } });
}

/** A human-like drag over a fresh puzzle (the secret x read from Redis); answers the one-time pass. */
export async function passCaptcha(h: Harness): Promise<string> {
  const puzzle = await call(h, { method: 'GET', url: '/user/captcha/puzzle' });
  const captchaId = puzzle.envelope.data.captchaId as string;
  const gapX = Number(await h.redis.get(`${h.config.REDIS_KEY_PREFIX}captcha:${captchaId}`));
  const track = [[0, 0], [gapX / 3, 200], [gapX - 2, 500], [gapX, 700]];
  const verified = await call(h, { url: '/user/captcha/verify', body: { captchaId, x: gapX + 1, durationMs: 700, track } });
  if (verified.envelope.code !== 200) throw new Error(`captcha failed: ${verified.body}`);
  return verified.envelope.data.captchaVerifyParam as string;
}

let mobileCounter = 0;
/** A fresh, valid mainland number for this run. */
export function newMobile(): string {
  mobileCounter += 1;
  return `139${String(Date.now() % 100_000).padStart(5, '0')}${String(mobileCounter).padStart(3, '0')}`;
}

/** Lets the resend throttle pass without waiting 60 s (tests only). */
export async function clearThrottle(h: Harness, target: string): Promise<void> {
  const keys = await h.redis.keys(`${h.config.REDIS_KEY_PREFIX}code-throttle:*:${target}`);
  if (keys.length > 0) await h.redis.del(...keys);
}

/** Sends a register code and registers the mobile; answers the login result. */
export async function registerByMobile(h: Harness, mobile = newMobile(), extra: Record<string, unknown> = {}) {
  const captchaVerifyParam = await passCaptcha(h);
  const sent = await call(h, { url: `/user/register/verifyCode/${mobile}`, body: { captchaVerifyParam } });
  if (sent.envelope.code !== 200) throw new Error(`register code failed: ${sent.body}`);
  const verifyCode = h.providers.lastCode(`+86${mobile}`);
  const registered = await call(h, { url: '/user/register', body: { mobile, verifyCode, ...extra } });
  if (registered.envelope.code !== 200) throw new Error(`register failed: ${registered.body}`);
  return { mobile, token: registered.envelope.data.token as string, user: registered.envelope.data.loginUser };
}
