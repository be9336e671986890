// The gateway: the one public entry of the product.
import cors from '@fastify/cors';
import type { Redis } from 'ioredis';
import { auth, createApp, redisReadiness } from '@aipay/kit';
import type { GatewayConfig } from './config.js';
import { registerDocs } from './docs.js';
import { registerProxy } from './proxy.js';
import type { ServiceName } from './routing.js';
import { registerWeb } from './web.js';

export function upstreamsFrom(config: GatewayConfig): Partial<Record<ServiceName, string>> {
  return {
    identity: config.IDENTITY_URL,
    payments: config.PAYMENTS_URL,
    card: config.CARD_URL,
    tools: config.TOOLS_URL,
    flex: config.FLEX_URL,
    aicoding: config.AICODING_URL,
    referrals: config.REFERRALS_URL,
  };
}

export async function buildGateway(config: GatewayConfig, redis: Redis, options: { logger?: boolean } = {}) {
  const web: { fallback?: Awaited<ReturnType<typeof registerWeb>> } = {};
  const app = await createApp({
    name: 'gateway',
    version: config.APP_VERSION,
    logLevel: config.LOG_LEVEL,
    logger: options.logger ?? true,
    readiness: [redisReadiness(redis)],
    onNotFound: (request, reply) => web.fallback?.(request, reply) ?? false,
  });
  const upstreams = upstreamsFrom(config);
  await app.register(cors, {
    origin: config.CORS_ORIGINS.includes('*') ? true : config.CORS_ORIGINS,
    credentials: true,
    allowedHeaders: ['accessToken', 'authorization', 'clientType', 'language', 'ver', 'content-type', 'x-request-id'],
    exposedHeaders: ['x-request-id'],
    maxAge: 600,
  });
  await app.register(auth, { publicKey: config.JWT_PUBLIC_KEY, redis });
  await registerProxy(app, {
    upstreams,
    redis,
    perMinute: config.RATE_LIMIT_PER_MINUTE,
    authPerMinute: config.AUTH_RATE_LIMIT_PER_MINUTE,
  });
  await registerDocs(app, upstreams);
  web.fallback = await registerWeb(app, { dist: config.WEB_DIST, version: config.APP_VERSION });
  return app;
}
