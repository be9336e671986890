// Through the gateway to a service, against real Redis: auth, revocation, validation, routing, limits.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { SessionVersions } from '@aipay/kit';
import { buildGateway, gatewayConfigSchema } from '@aipay/gateway';
import { buildAccountService } from '../support/account-service.js';
import { endpoints, runId } from '../support/endpoints.js';
import { tokenKeys } from '../support/keys.js';

const keys = tokenKeys();
let redis: Redis;
let service: Awaited<ReturnType<typeof buildAccountService>>;
let gateway: Awaited<ReturnType<typeof buildGateway>>;
let base: string;
const webDist = mkdtempSync(join(tmpdir(), 'web-dist-'));

async function call(path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const response = await fetch(`${base}${path}`, init);
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

/** Signs a token straight at the service (the gateway's sign-in limit is tested on its own). */
async function login(userId: string): Promise<string> {
  const response = await service.inject({ method: 'POST', url: '/user/login', payload: { userId } });
  return response.json().data.token;
}

beforeAll(async () => {
  redis = new Redis(endpoints().REDIS_URL);
  service = await buildAccountService({ redis, ...keys });
  const serviceUrl = await service.listen({ host: '127.0.0.1', port: 0 });
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  writeFileSync(join(webDist, 'version.json'), '{"version":"1.2.3"}');
  const config = gatewayConfigSchema.parse({
    PORT: '0',
    REDIS_URL: endpoints().REDIS_URL,
    JWT_PUBLIC_KEY: keys.publicKey,
    IDENTITY_URL: serviceUrl,
    CARD_URL: 'http://127.0.0.1:9', // nothing listens there
    AUTH_RATE_LIMIT_PER_MINUTE: '3',
    WEB_DIST: webDist,
  });
  // A fresh limiter window for this run.
  const stale = await redis.keys('gateway:rl:*');
  if (stale.length) await redis.del(...stale);
  gateway = await buildGateway(config, redis, { logger: false });
  base = await gateway.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await gateway?.close();
  await service?.close();
  redis?.disconnect();
});

describe('the gateway', () => {
  it('forwards a request with a valid token to the owning service and returns its envelope', async () => {
    const userId = `u-${runId()}-1`;
    const token = await login(userId);
    const { status, body, headers } = await call('/api/user/info', { headers: { accessToken: token, language: 'en' } });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 200, msg: 'success', data: { id: userId, requestId: headers.get('x-request-id'), language: 'en' } });
  });

  it('accepts the token as Authorization: Bearer too', async () => {
    const token = await login(`u-${runId()}-2`);
    const { body } = await call('/api/user/info', { headers: { authorization: `Bearer ${token}` } });
    expect(body.code).toBe(200);
  });

  it('rejects a login-required call without a token with the 401 envelope, before the service', async () => {
    const zh = await call('/api/user/info');
    expect(zh.status).toBe(401);
    expect(zh.body).toEqual({ code: 401, msg: '登录状态已过期，请重新登录', data: null });
    const en = await call('/api/card/list', { headers: { language: 'en' } });
    expect(en.body).toEqual({ code: 401, msg: 'Login status expired, please log in again', data: null });
  });

  it('answers a revoked token with 1005, at the gateway and in the service', async () => {
    const userId = `u-${runId()}-3`;
    const token = await login(userId);
    await new SessionVersions(redis).revoke(userId, 'logout');
    const { status, body } = await call('/api/user/info', { headers: { accessToken: token, language: 'en' } });
    expect(status).toBe(401);
    expect(body.code).toBe(1005);
    const direct = await service.inject({ method: 'GET', url: '/user/info', headers: { accessToken: token } });
    expect(direct.json().code).toBe(1005);
    const fresh = await login(userId);
    expect((await call('/api/user/info', { headers: { accessToken: fresh } })).body.code).toBe(200);
  });

  it('says "logged in elsewhere" when a newer sign-in ended the session', async () => {
    const userId = `u-${runId()}-4`;
    const token = await login(userId);
    await new SessionVersions(redis).revoke(userId, 'elsewhere');
    const { body } = await call('/api/user/info', { headers: { accessToken: token, language: 'en' } });
    expect(body).toEqual({ code: 1005, msg: 'Account logged in elsewhere', data: null });
  });

  it('answers a forged token with 1005', async () => {
    const other = tokenKeys();
    const forger = await buildAccountService({ redis, ...other });
    const forged = (await forger.inject({ method: 'POST', url: '/user/login', payload: { userId: 'admin' } })).json().data.token;
    await forger.close();
    const { body } = await call('/api/user/info', { headers: { accessToken: forged } });
    expect(body.code).toBe(1005);
  });

  it.each([
    ['zh', 'email', { firstName: 'Li', email: 'not-an-email' }, 'email 格式不正确'],
    ['en', 'email', { firstName: 'Li', email: 'not-an-email' }, 'email is invalid'],
    ['en', 'firstName', { email: 'li@example.com' }, 'firstName is required'],
    ['zh', 'firstName', { firstName: 'x'.repeat(51), email: 'li@example.com' }, 'firstName 长度不能超过 50'],
  ])('bad input (%s) gets a 400 envelope naming %s', async (language, field, payload, msg) => {
    const token = await login(`u-${runId()}-5`);
    const { status, body } = await call('/api/user/updateUserInfo', {
      method: 'POST',
      headers: { accessToken: token, language, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(status).toBe(400);
    expect(body.code).toBe(400);
    expect(body.msg).toBe(msg);
    expect(body.data.field).toBe(field);
  });

  it('answers an unknown API path with 404 and a service that is down with 503, in the envelope', async () => {
    const token = await login(`u-${runId()}-6`);
    const unknown = await call('/api/nothing/here', { headers: { accessToken: token, language: 'en' } });
    expect(unknown).toMatchObject({ status: 404, body: { code: 404, msg: 'Not found' } });
    const down = await call('/api/card/list', { headers: { accessToken: token, language: 'en' } });
    expect(down).toMatchObject({ status: 503, body: { code: 503, data: null } });
  });

  it('rate-limits the sign-in calls per client through Redis', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', language: 'en' },
        body: JSON.stringify({ userId: `rl-${i}` }),
      });
      statuses.push(response.status);
      if (response.status === 429) expect(await response.json()).toMatchObject({ code: 429 });
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await redis.keys('gateway:rl:*')).not.toHaveLength(0);
  });

  it('answers CORS preflights for the allowed origins with the seeds headers', async () => {
    const response = await fetch(`${base}/api/user/info`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'GET', 'access-control-request-headers': 'accesstoken,clienttype,language,ver' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('accesstoken');
  });

  it('serves the web client with an SPA fallback and /version.json', async () => {
    const home = await fetch(`${base}/?login=1`, { headers: { accept: 'text/html' } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<div id="root"></div>');
    const page = await fetch(`${base}/card/anything?x=1`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root"></div>');
    expect(await (await fetch(`${base}/version.json`)).json()).toEqual({ version: '1.2.3' });
  });

  it('shows every service API under /docs', async () => {
    const ui = await fetch(`${base}/docs/`);
    expect(ui.status).toBe(200);
    const spec = (await (await fetch(`${base}/docs/specs/identity.json`)).json()) as any;
    expect(spec.servers).toEqual([{ url: '/api', description: 'identity through the gateway' }]);
    expect(Object.keys(spec.paths)).toContain('/user/updateUserInfo');
    expect((await fetch(`${base}/docs/specs/card.json`)).status).toBe(503);
  });
});
