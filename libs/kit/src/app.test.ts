import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from './app.js';
import { appError } from './errors.js';

async function buildApp() {
  const app = await createApp({ name: 'test', logger: false, readiness: [{ name: 'always-down', check: async () => { throw new Error('down'); } }] });
  app.post(
    '/user/updateUserInfo',
    { schema: { body: z.object({ firstName: z.string().min(1).max(50), age: z.number().int().min(18) }).strict() } },
    async (request) => ({ code: 200, msg: 'success', data: { firstName: request.body.firstName } }),
  );
  app.get('/boom', async () => {
    throw new Error('database password is hunter2');
  });
  app.get('/member', async () => {
    throw appError('MEMBER_EXPIRED');
  });
  return app;
}

describe('the app factory', () => {
  it('wraps success in the envelope {code, msg, data}', async () => {
    const app = await buildApp();
    const response = await app.inject({ method: 'POST', url: '/user/updateUserInfo', payload: { firstName: 'Li', age: 30 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, msg: 'success', data: { firstName: 'Li' } });
    expect(response.headers['x-request-id']).toBeTruthy();
  });

  it.each([
    ['zh', '{}', 'firstName', 'firstName 不能为空'],
    ['en', '{}', 'firstName', 'firstName is required'],
    ['en', '{"firstName":"Li","age":12}', 'age', 'age must be at least 18'],
    ['zh', '{"firstName":"Li","age":12}', 'age', 'age 不能小于 18'],
    ['en', '{"firstName":"","age":20}', 'firstName', 'firstName must be at least 1 long'],
    ['en', '{"firstName":"Li","age":"x"}', 'age', 'age is invalid'],
    ['en', '{"firstName":"Li","age":20,"admin":true}', 'admin', 'Unknown field admin'],
  ])('bad input (%s, %s) gets a 400 envelope naming %s', async (language, body, field, msg) => {
    const app = await buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/user/updateUserInfo',
      headers: { language, 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode).toBe(400);
    const envelope = response.json();
    expect(envelope.code).toBe(400);
    expect(envelope.msg).toBe(msg);
    expect(envelope.data.field).toBe(field);
  });

  it('malformed JSON is a 400 envelope, not a 500', async () => {
    const app = await buildApp();
    const response = await app.inject({
      method: 'POST',
      url: '/user/updateUserInfo',
      headers: { language: 'en', 'content-type': 'application/json' },
      payload: '{"firstName":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, data: { field: 'body' } });
  });

  it('takes an empty JSON body as no body', async () => {
    const app = await buildApp();
    app.post('/user/logout', async (request) => ({ code: 200, msg: 'success', data: request.body ?? null }));
    const response = await app.inject({ method: 'POST', url: '/user/logout', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(response.json()).toEqual({ code: 200, msg: 'success', data: null });
  });

  it('hides the internals of a 500', async () => {
    const app = await buildApp();
    const response = await app.inject({ method: 'GET', url: '/boom', headers: { language: 'en' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 500, msg: 'Server error', data: null });
    expect(response.body).not.toContain('hunter2');
  });

  it('renders a catalogue error with its seed code in the request language', async () => {
    const app = await buildApp();
    const zh = await app.inject({ method: 'GET', url: '/member' });
    expect(zh.json()).toEqual({ code: 2137, msg: '账户会员已过期', data: null });
    const en = await app.inject({ method: 'GET', url: '/member', headers: { language: 'en-US' } });
    expect(en.json().msg).toBe('Account membership expired');
  });

  it('answers unknown paths with the 404 envelope', async () => {
    const app = await buildApp();
    const response = await app.inject({ method: 'GET', url: '/nope', headers: { language: 'en' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 404, msg: 'Not found', data: null });
  });

  it('is live while readiness reports the failing dependency', async () => {
    const app = await buildApp();
    expect((await app.inject({ method: 'GET', url: '/live' })).statusCode).toBe(200);
    const ready = await app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().data.checks).toEqual([{ name: 'always-down', ok: false, error: 'down' }]);
  });

  it('serves Prometheus metrics and an OpenAPI document built from the zod schemas', async () => {
    const app = await buildApp();
    await app.inject({ method: 'GET', url: '/member' });
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toContain('http_request_duration_seconds_count{service="test",method="GET",route="/member",status="400"} 1');
    const spec = (await app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(spec.paths['/user/updateUserInfo'].post.requestBody.content['application/json'].schema.required).toEqual(['firstName', 'age']);
  });
});
