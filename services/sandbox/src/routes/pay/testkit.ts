// Test helpers for the payment providers: fresh keys, a sandbox on the real Redis under a prefix
// of its own, and a local HTTP listener playing the merchant's notification endpoint.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRedis, type Redis } from '@aipay/kit';
import { buildSandbox, type SandboxOptions } from '../../app.js';
import { loadSandboxConfig } from '../../config.js';

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export function rsaPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

/** Both halves of every protocol: the merchant's pair and the provider's. */
export function payKeys() {
  return {
    alipay: { appId: '2021000000000001', merchant: rsaPair(), provider: rsaPair() },
    alipayhk: { appId: '2021000000000002', merchant: rsaPair(), provider: rsaPair() },
    wechat: {
      appId: 'wx0000000000000001',
      mchId: '1900000001',
      merchantSerial: randomBytes(20).toString('hex').toUpperCase(),
      platformSerial: randomBytes(20).toString('hex').toUpperCase(),
      apiV3Key: randomBytes(16).toString('hex'),
      merchant: rsaPair(),
      platform: rsaPair(),
    },
    stripe: { secretKey: `sk_test_${randomBytes(16).toString('hex')}`, webhookSecret: `whsec_${randomBytes(16).toString('hex')}` },
    unionpay: { merId: '777290058110048', certId: '69629715588', merchant: rsaPair(), provider: rsaPair() },
  };
}

export type PayKeys = ReturnType<typeof payKeys>;

/** The sandbox's environment for `keys` (PEMs written one-line with `\n`, as .env files have them). */
export function sandboxEnv(keys: PayKeys): Record<string, string> {
  const oneLine = (pem: string) => pem.replace(/\n/g, '\\n');
  return {
    PAY_ALIPAY_APP_ID: keys.alipay.appId,
    PAY_ALIPAY_PRIVATE_KEY: oneLine(keys.alipay.provider.privateKey),
    PAY_ALIPAY_MERCHANT_PUBLIC_KEY: keys.alipay.merchant.publicKey,
    PAY_ALIPAYHK_APP_ID: keys.alipayhk.appId,
    PAY_ALIPAYHK_PRIVATE_KEY: keys.alipayhk.provider.privateKey,
    PAY_ALIPAYHK_MERCHANT_PUBLIC_KEY: oneLine(keys.alipayhk.merchant.publicKey),
    PAY_WECHAT_MCH_ID: keys.wechat.mchId,
    PAY_WECHAT_MERCHANT_SERIAL: keys.wechat.merchantSerial,
    PAY_WECHAT_MERCHANT_PUBLIC_KEY: keys.wechat.merchant.publicKey,
    PAY_WECHAT_PLATFORM_SERIAL: keys.wechat.platformSerial,
    PAY_WECHAT_PLATFORM_PRIVATE_KEY: keys.wechat.platform.privateKey,
    PAY_WECHAT_API_V3_KEY: keys.wechat.apiV3Key,
    PAY_STRIPE_SECRET_KEY: keys.stripe.secretKey,
    PAY_STRIPE_WEBHOOK_SECRET: keys.stripe.webhookSecret,
    PAY_UNIONPAY_MER_ID: keys.unionpay.merId,
    PAY_UNIONPAY_PRIVATE_KEY: keys.unionpay.provider.privateKey,
    PAY_UNIONPAY_MERCHANT_PUBLIC_KEY: keys.unionpay.merchant.publicKey,
  };
}

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export type Sandbox = Awaited<ReturnType<typeof buildSandbox>>;

/** Builds sandboxes on one Redis key prefix; `cleanup` closes them and deletes the keys. */
export function sandboxes() {
  const prefix = `sandbox-pay-test:${randomUUID()}:`;
  const redis: Redis = createRedis(REDIS_URL, { keyPrefix: prefix });
  const apps: Sandbox[] = [];
  return {
    async build(env: Record<string, string> = {}, options: SandboxOptions = {}): Promise<Sandbox> {
      const base = { NODE_ENV: 'test', REDIS_URL, PUBLIC_URL: 'http://sandbox.test:8090/', PAY_NOTIFY_DELAY_MS: '10', PAY_NOTIFY_RETRY_MS: '20' };
      const app = await buildSandbox(loadSandboxConfig({ ...base, ...env }), redis, { logger: false, ...options });
      apps.push(app);
      return app;
    },
    async closeApps(): Promise<void> {
      await Promise.all(apps.splice(0).map((app) => app.close()));
    },
    async cleanup(): Promise<void> {
      await Promise.all(apps.splice(0).map((app) => app.close()));
      const raw = createRedis(REDIS_URL);
      const keys = await raw.keys(`${prefix}*`);
      if (keys.length) await raw.del(...keys);
      await Promise.all([raw.quit(), redis.quit()]);
    },
  };
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/**
 * The merchant's notification endpoint: records every request and answers with `answer(n)` for
 * the n-th (from 1), by default the given acknowledgement.
 */
export async function merchantListener(ack: { status?: number; body?: string } = {}, answer?: (n: number) => { status: number; body: string }) {
  const received: Received[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body, path: request.url ?? '' });
      const reply = answer?.(received.length) ?? { status: ack.status ?? 200, body: ack.body ?? '' };
      response.writeHead(reply.status, { 'content-type': 'text/plain' }).end(reply.body);
      for (const waiter of waiters.filter((w) => received.length >= w.count)) waiter.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** Resolves once `count` requests have arrived (rejects after `timeoutMs`). */
    waitFor(count: number, timeoutMs = 3000): Promise<Received[]> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${count} notifications, got ${received.length}`)), timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve(received.slice(0, count));
        };
        if (received.length >= count) done();
        else waiters.push({ count, resolve: done });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Form fields of a body. */
export const formOf = (body: string) => Object.fromEntries(new URLSearchParams(body));
