// The sandbox over HTTP (inject) against the real Redis, under a key prefix of its own.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, type Redis } from '@aipay/kit';
import { buildSandbox } from './app.js';
import { loadSandboxConfig } from './config.js';
import { MAX_AGE_MS, signedHeaders, verifySignature } from './signing.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `sandbox-test:${randomUUID()}:`;
const SECRET = 'test-secret';

let redis: Redis;
const apps: Awaited<ReturnType<typeof buildSandbox>>[] = [];

beforeAll(() => {
  redis = createRedis(REDIS_URL, { keyPrefix: PREFIX });
});

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  await redis.del('inbox');
});

afterAll(async () => {
  const raw = createRedis(REDIS_URL);
  const keys = await raw.keys(`${PREFIX}*`);
  if (keys.length) await raw.del(...keys);
  await Promise.all([raw.quit(), redis.quit()]);
});

async function sandbox(env: Record<string, string> = {}) {
  const config = loadSandboxConfig({ NODE_ENV: 'test', REDIS_URL, SANDBOX_SECRET: SECRET, CALLBACK_RETRY_MS: '20', ...env });
  const app = await buildSandbox(config, redis, { logger: false });
  apps.push(app);
  return app;
}

type App = Awaited<ReturnType<typeof sandbox>>;

function post(app: App, url: string, body: object, headers: Record<string, string> = signedHeaders(SECRET, JSON.stringify(body))) {
  return app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json', ...headers } });
}

function signedGet(app: App, url: string) {
  return app.inject({ method: 'GET', url, headers: signedHeaders(SECRET, url) });
}

/** A tiny HTTP server standing in for the identity service's callback endpoint. */
async function callbackReceiver(failFirst = 0) {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  let waiting: (() => void) | undefined;
  let calls = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls += 1;
      if (calls <= failFirst) return response.writeHead(500).end();
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":200}');
      waiting?.();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/kyc/callback`,
    received,
    calls: () => calls,
    next: () => new Promise<void>((resolve) => (received.length ? resolve() : (waiting = resolve))),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('signed provider calls', () => {
  const sms = { to: '+8613800138000', text: 'Your code is 482913' };

  it('accepts a correctly signed request', async () => {
    const app = await sandbox();
    const response = await post(app, '/sms/send', sms);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, msg: 'success', data: { messageId: expect.stringMatching(/^msg_/) } });
  });

  it.each([
    ['a missing signature', {}, /missing/],
    ['a bad signature', { ...signedHeaders(SECRET, '{}') }, /does not match/],
    ['a signature with another secret', signedHeaders('guess', JSON.stringify(sms)), /does not match/],
    ['an old timestamp', signedHeaders(SECRET, JSON.stringify(sms), Date.now() - MAX_AGE_MS - 1), /5 minutes/],
  ])('rejects %s with a 401 envelope', async (_, headers, msg) => {
    const app = await sandbox();
    const response = await post(app, '/sms/send', sms, headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 401, msg: expect.stringMatching(msg), data: null });
    expect((await app.inject({ method: 'GET', url: '/dev/inbox' })).json().data).toEqual([]);
  });

  it('checks the signature before the body, and the body after it', async () => {
    const app = await sandbox();
    expect((await post(app, '/sms/send', { nonsense: true }, {})).statusCode).toBe(401);
    const bad = await post(app, '/sms/send', { to: 'not a number', text: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, data: { field: 'to' } });
  });

  it('signs a GET over its path and query', async () => {
    const app = await sandbox();
    const unknown = await signedGet(app, '/kyc/sessions/kyc_nope?x=1');
    expect(unknown.statusCode).toBe(404);
    const wrongPath = await app.inject({ method: 'GET', url: '/kyc/sessions/kyc_nope', headers: signedHeaders(SECRET, '/kyc/sessions/other') });
    expect(wrongPath.statusCode).toBe(401);
  });

  it('plays a provider outage at FAILURE_RATE', async () => {
    const app = await sandbox({ FAILURE_RATE: '1' });
    const response = await post(app, '/sms/send', sms);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 503, data: null });
    const email = { to: 'li@example.com', subject: 'Code', text: 'Code 111111' };
    expect((await post(app, '/email/send', email)).statusCode).toBe(503);
  });
});

describe('the dev inbox', () => {
  it('holds the SMS and e-mail sent, newest first, with their codes', async () => {
    const app = await sandbox();
    await post(app, '/sms/send', { to: '+8613800138000', text: '【AI Pay】验证码 482913，5 分钟内有效' });
    await post(app, '/email/send', { to: 'li@example.com', subject: 'Your code', text: 'Use 730021 to sign in.', html: '<b>730021</b>' });
    await post(app, '/sms/send', { to: '+8613900139000', text: 'Welcome, no code here' });

    const all = (await app.inject({ method: 'GET', url: '/dev/inbox' })).json();
    expect(all.code).toBe(200);
    expect(all.data.map((m: { to: string }) => m.to)).toEqual(['+8613900139000', 'li@example.com', '+8613800138000']);
    expect(all.data[1]).toMatchObject({ channel: 'email', to: 'li@example.com', subject: 'Your code', code: '730021', id: expect.any(String) });
    expect(all.data[2]).toMatchObject({ channel: 'sms', code: '482913', text: '【AI Pay】验证码 482913，5 分钟内有效' });
    expect(all.data[0].code).toBeNull();
    expect(Date.parse(all.data[0].sentAt)).toBeGreaterThan(Date.now() - 10_000);
  });

  it('filters by recipient and limits', async () => {
    const app = await sandbox();
    await post(app, '/sms/send', { to: '+8613800138000', text: 'first 111111' });
    await post(app, '/sms/send', { to: '+8613900139000', text: 'other 222222' });
    await post(app, '/sms/send', { to: '+8613800138000', text: 'second 333333' });

    const mine = (await app.inject({ method: 'GET', url: '/dev/inbox?to=%2B8613800138000' })).json().data;
    expect(mine.map((m: { code: string }) => m.code)).toEqual(['333333', '111111']);
    const latest = (await app.inject({ method: 'GET', url: '/dev/inbox?to=%2B86%20138-0013-8000&limit=1' })).json().data;
    expect(latest.map((m: { code: string }) => m.code)).toEqual(['333333']);
  });

  it('is cleared by DELETE', async () => {
    const app = await sandbox();
    await post(app, '/sms/send', { to: '+8613800138000', text: 'x 111111' });
    const cleared = await app.inject({ method: 'DELETE', url: '/dev/inbox' });
    expect(cleared.json()).toEqual({ code: 200, msg: 'success', data: { deleted: 1 } });
    expect((await app.inject({ method: 'GET', url: '/dev/inbox' })).json().data).toEqual([]);
  });

  it('keeps the inbox in Redis with a 24 h TTL', async () => {
    const app = await sandbox();
    await post(app, '/sms/send', { to: '+8613800138000', text: 'x 111111' });
    expect(await redis.ttl('inbox')).toBeGreaterThan(24 * 3600 - 10);
  });

  it('renders the page with codes and escapes what it shows', async () => {
    const app = await sandbox();
    await post(app, '/email/send', { to: 'li@example.com', subject: '<img src=x onerror=alert(1)>', text: '<script>alert("x")</script> code 654321' });
    const page = await app.inject({ method: 'GET', url: '/dev/inbox/page?to=li@example.com' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'nonce-/);
    expect(page.body).toContain('654321');
    expect(page.body).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
    expect(page.body).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<img src=x');
    const xss = await app.inject({ method: 'GET', url: '/dev/inbox/page?to=%22%3E%3Cscript%3Ealert(1)%3C/script%3E' });
    expect(xss.body).not.toContain('"><script>alert(1)');
  });
});

describe('the face-verification provider', () => {
  it('runs a session: create, page, pass, signed callback, redirect, status', async () => {
    const receiver = await callbackReceiver();
    try {
      const app = await sandbox({ PUBLIC_URL: 'http://sandbox.test:8090/' });
      const created = await post(app, '/kyc/sessions', {
        userId: 'u-1001',
        name: 'Li Lei',
        idNumber: '110101199003071234',
        returnUrl: 'http://127.0.0.1:8080/kyc/done?from=app',
        callbackUrl: receiver.url,
      });
      expect(created.statusCode).toBe(200);
      const { certifyId, verifyUrl } = created.json().data;
      expect(verifyUrl).toBe(`http://sandbox.test:8090/kyc/verify/${certifyId}`);
      expect((await signedGet(app, `/kyc/sessions/${certifyId}`)).json().data).toEqual({ certifyId, userId: 'u-1001', status: 0 });

      const page = await app.inject({ method: 'GET', url: `/kyc/verify/${certifyId}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('Face verification (sandbox)');
      expect(page.body).toContain('u-1001');
      expect(page.body).toContain(`action="/kyc/verify/${certifyId}/result"`);
      expect(page.body).not.toContain('110101199003071234');

      const result = await app.inject({
        method: 'POST',
        url: `/kyc/verify/${certifyId}/result`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'result=pass',
      });
      expect(result.statusCode).toBe(303);
      expect(result.headers.location).toBe(`http://127.0.0.1:8080/kyc/done?from=app&certifyId=${certifyId}`);
      expect((await signedGet(app, `/kyc/sessions/${certifyId}`)).json().data.status).toBe(1);

      await receiver.next();
      const [callback] = receiver.received;
      expect(JSON.parse(callback!.body)).toEqual({ certifyId, status: 1 });
      expect(callback!.headers['content-type']).toBe('application/json');
      expect(verifySignature(SECRET, callback!.headers, callback!.body)).toEqual({ ok: true });
      expect(verifySignature('another', callback!.headers, callback!.body)).toMatchObject({ ok: false });
    } finally {
      await receiver.close();
    }
  });

  it('does not let a second result change a finished session', async () => {
    const app = await sandbox();
    const { certifyId } = (await post(app, '/kyc/sessions', { userId: 'u-2', returnUrl: 'http://127.0.0.1:8080/back' })).json().data;
    const first = await post(app, `/kyc/verify/${certifyId}/result`, { result: 'fail' }, {});
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`http://127.0.0.1:8080/back?certifyId=${certifyId}`);

    const second = await post(app, `/kyc/verify/${certifyId}/result`, { result: 'pass' }, {});
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 409, data: { certifyId, status: 2 } });
    const again = await app.inject({
      method: 'POST',
      url: `/kyc/verify/${certifyId}/result`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'result=pass',
    });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('already failed');
    expect((await signedGet(app, `/kyc/sessions/${certifyId}`)).json().data.status).toBe(2);
    expect((await app.inject({ method: 'GET', url: `/kyc/verify/${certifyId}` })).body).not.toContain('name="result"');
  });

  it('retries a refused callback', async () => {
    const receiver = await callbackReceiver(2);
    try {
      const app = await sandbox();
      const body = { userId: 'u-3', returnUrl: 'http://127.0.0.1:8080/back', callbackUrl: receiver.url };
      const { certifyId } = (await post(app, '/kyc/sessions', body)).json().data;
      await post(app, `/kyc/verify/${certifyId}/result`, { result: 'pass' }, {});
      await receiver.next();
      expect(receiver.calls()).toBe(3);
      expect(JSON.parse(receiver.received[0]!.body)).toEqual({ certifyId, status: 1 });
    } finally {
      await receiver.close();
    }
  });

  it('finishes by itself with KYC_AUTO_RESULT', async () => {
    const app = await sandbox({ KYC_AUTO_RESULT: 'fail', KYC_AUTO_DELAY_MS: '30' });
    const { certifyId } = (await post(app, '/kyc/sessions', { userId: 'u-4', returnUrl: 'http://127.0.0.1:8080/back' })).json().data;
    const status = await until(async () => {
      const current = (await signedGet(app, `/kyc/sessions/${certifyId}`)).json().data.status;
      return current === 0 ? undefined : current;
    });
    expect(status).toBe(2);
  });

  it('answers unknown sessions with 404', async () => {
    const app = await sandbox();
    const page = await app.inject({ method: 'GET', url: '/kyc/verify/kyc_unknown' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect((await post(app, '/kyc/verify/kyc_unknown/result', { result: 'pass' }, {})).statusCode).toBe(404);
  });

  it('refuses a returnUrl that is not http(s)', async () => {
    const app = await sandbox();
    const response = await post(app, '/kyc/sessions', { userId: 'u-5', returnUrl: 'javascript:alert(1)' });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.field).toBe('returnUrl');
  });
});

describe('health', () => {
  it('is live and ready with Redis', async () => {
    const app = await sandbox();
    expect((await app.inject({ method: 'GET', url: '/live' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.json()).toMatchObject({ code: 200, data: { checks: [{ name: 'redis', ok: true }] } });
  });
});
