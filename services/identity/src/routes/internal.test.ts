// The internal API payments calls (x-internal-token, never through the gateway): the payer's region
// and verification, face verification started for a recharge, and the payment password check of a
// balance payment, against the real store.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, registerByMobile, startHarness, type Harness } from '../testing/harness.js';
import { DEV_INTERNAL_TOKEN, identityConfigSchema } from '../config.js';
import { internalTokenOk } from './internal.js';

let h: Harness;
const TOKEN = 'internal-token-for-tests-0123456789';
beforeAll(async () => {
  h = await startHarness({ INTERNAL_TOKEN: TOKEN });
});
afterAll(async () => {
  await h?.close();
});

const users = () => h.connection.db!.collection('users');

async function internal(method: 'GET' | 'POST', url: string, body?: unknown, token: string | null = TOKEN, language: 'zh' | 'en' = 'en') {
  const response = await h.app.inject({
    method,
    url,
    headers: { language, ...(token === null ? {} : { 'x-internal-token': token }) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
  return Object.assign(response, { envelope: response.json() as { code: number; msg: string; data: any } });
}

describe('the internal token', () => {
  it('is required on every internal call (403 without it or with another), before the input is read', async () => {
    const { user } = await registerByMobile(h);
    for (const token of [null, 'wrong-token', `${TOKEN}x`]) {
      expect((await internal('GET', `/internal/users/${user.id}/payer`, undefined, token)).statusCode).toBe(403);
      expect((await internal('POST', `/internal/users/${user.id}/identityVerify`, {}, token)).statusCode).toBe(403);
      expect((await internal('GET', `/internal/users/${user.id}/identityStatus`, undefined, token)).statusCode).toBe(403);
      expect((await internal('POST', `/internal/users/${user.id}/verifyPayPassword`, { password: 'x' }, token)).statusCode).toBe(403);
    }
    expect(h.providers.kycSessions.size).toBe(0);
  });

  it('compares in constant time and has a development default but is required in production', () => {
    expect(internalTokenOk('abc', 'abc')).toBe(true);
    expect(internalTokenOk('abc', ['abc'])).toBe(true);
    expect(internalTokenOk('abc', 'abd')).toBe(false);
    expect(internalTokenOk('abc', undefined)).toBe(false);
    const base = { JWT_PUBLIC_KEY: 'k', JWT_PRIVATE_KEY: 'k' };
    expect(identityConfigSchema.parse(base).INTERNAL_TOKEN).toBe(DEV_INTERNAL_TOKEN);
    const production = identityConfigSchema.safeParse({ ...base, NODE_ENV: 'production' });
    expect(production.error?.issues.map((issue) => issue.path[0])).toContain('INTERNAL_TOKEN');
  });

  it('is not in /openapi.json (the gateway documents public calls only)', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/internal'))).toEqual([]);
  });
});

describe('GET /internal/users/:userId/payer', () => {
  it('answers area code, isHKMOUser and verified; 404 for an unknown user', async () => {
    const { user } = await registerByMobile(h);
    const payer = await internal('GET', `/internal/users/${user.id}/payer`);
    expect(payer.envelope).toEqual({ code: 200, msg: 'success', data: { userId: user.id, areaCode: 86, isHKMOUser: false, verified: false } });
    await users().updateOne({ _id: user.id }, { $set: { areaCode: 853, verified: true } });
    const macao = await internal('GET', `/internal/users/${user.id}/payer`);
    expect(macao.envelope.data).toEqual({ userId: user.id, areaCode: 853, isHKMOUser: true, verified: true });
    expect((await internal('GET', '/internal/users/nobody/payer')).statusCode).toBe(404);
  });
});

describe('face verification for payments', () => {
  it('starts with the return URL, remembers the session, reads 0 then 1 and marks verified once', async () => {
    const { user } = await registerByMobile(h);
    const none = await internal('GET', `/internal/users/${user.id}/identityStatus`);
    expect(none.envelope.data).toEqual({ certifyId: null, status: 2, verified: false });

    const started = await internal('POST', `/internal/users/${user.id}/identityVerify`, { returnUrl: 'https://web.example/pay-face-verify-result?orderNo=P1' });
    expect(started.envelope.code).toBe(200);
    const { certifyId, verifyUrl } = started.envelope.data;
    expect(verifyUrl).toContain(certifyId);
    expect((await users().findOne({ _id: user.id }))?.certifyId).toBe(certifyId);

    const processing = await internal('GET', `/internal/users/${user.id}/identityStatus`);
    expect(processing.envelope.data).toEqual({ certifyId, status: 0, verified: false });
    h.providers.kycSessions.get(certifyId)!.status = 1;
    for (let i = 0; i < 3; i += 1) {
      const passed = await internal('GET', `/internal/users/${user.id}/identityStatus`);
      expect(passed.envelope.data).toEqual({ certifyId, status: 1, verified: true });
    }
    const doc = await users().findOne({ _id: user.id });
    expect(doc).toMatchObject({ verified: true, certifyId });
    expect(doc?.outbox.filter((event: { type: string }) => event.type === 'user.verified')).toHaveLength(1);
    expect((await internal('GET', `/internal/users/${user.id}/payer`)).envelope.data.verified).toBe(true);

    const again = await internal('POST', `/internal/users/${user.id}/identityVerify`, { returnUrl: 'https://web.example/x' });
    expect(again.envelope.code).toBe(3111);
    expect(h.providers.badSignatures).toEqual([]);
  });

  it('reports a failed session as 2 and lets the user start again', async () => {
    const { user } = await registerByMobile(h);
    const first = await internal('POST', `/internal/users/${user.id}/identityVerify`, { returnUrl: 'http://127.0.0.1:8080/pay-face-verify-result' });
    h.providers.kycSessions.get(first.envelope.data.certifyId)!.status = 2;
    expect((await internal('GET', `/internal/users/${user.id}/identityStatus`)).envelope.data).toMatchObject({ status: 2, verified: false });
    const second = await internal('POST', `/internal/users/${user.id}/identityVerify`, { returnUrl: 'http://127.0.0.1:8080/pay-face-verify-result' });
    expect(second.envelope.data.certifyId).not.toBe(first.envelope.data.certifyId);
    expect((await internal('GET', `/internal/users/${user.id}/identityStatus`)).envelope.data).toEqual({
      certifyId: second.envelope.data.certifyId,
      status: 0,
      verified: false,
    });
  });

  it('names the field of a missing or non-http(s) returnUrl; 404 for an unknown user', async () => {
    const { user } = await registerByMobile(h);
    const missing = await internal('POST', `/internal/users/${user.id}/identityVerify`, {});
    expect(missing.envelope).toMatchObject({ code: 400, msg: 'returnUrl is required', data: { field: 'returnUrl' } });
    for (const returnUrl of ['javascript:alert(1)', 'ftp://web.example/x', 'not a url']) {
      const bad = await internal('POST', `/internal/users/${user.id}/identityVerify`, { returnUrl });
      expect(bad.envelope, returnUrl).toMatchObject({ code: 400, data: { field: 'returnUrl' } });
    }
    expect((await internal('POST', '/internal/users/nobody/identityVerify', { returnUrl: 'https://web.example/' })).statusCode).toBe(404);
    expect(h.providers.kycSessions.size).toBeGreaterThan(0);
  });

  it('answers 503 (KYC_UNAVAILABLE) when the provider cannot be reached', async () => {
    const { user } = await registerByMobile(h);
    const broken = await startHarness({ INTERNAL_TOKEN: TOKEN, KYC_PROVIDER_URL: 'http://127.0.0.1:9' });
    try {
      await broken.connection.db!.collection('users').insertOne({ ...(await users().findOne({ _id: user.id }))!, outbox: [] });
      const response = await broken.app.inject({
        method: 'POST',
        url: `/internal/users/${user.id}/identityVerify`,
        headers: { 'x-internal-token': TOKEN },
        payload: { returnUrl: 'https://web.example/' },
      });
      expect(response.json()).toMatchObject({ code: 3108 });
    } finally {
      await broken.close();
    }
  });
});

describe('POST /internal/users/:userId/verifyPayPassword', () => {
  const check = (userId: string, password: string) => internal('POST', `/internal/users/${userId}/verifyPayPassword`, { password });
  const own = (token: string, password: string) => call(h, { url: '/account/verifyPayPassword', token, body: { password } });

  it('answers like the user\'s own verify and shares its counter and its lock (5 − failCount attempts left)', async () => {
    const { user, token } = await registerByMobile(h);
    expect((await check(user.id, '123456')).envelope).toEqual({ code: 200, msg: 'success', data: { resultType: 1, failCount: 0 } });
    expect((await call(h, { url: '/account/setPayPassword', token, body: { password: '123456' } })).envelope.code).toBe(200);
    expect((await check(user.id, '123456')).envelope.data).toEqual({ resultType: 0, failCount: 0 });
    expect((await check(user.id, '000000')).envelope.data).toEqual({ resultType: 2, failCount: 1 });
    // The user's own wrong try counts on the same counter; a right password resets it.
    expect((await own(token, '000000')).envelope.data).toEqual({ resultType: 2, failCount: 2 });
    expect((await check(user.id, '123456')).envelope.data).toEqual({ resultType: 0, failCount: 0 });

    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await check(user.id, '654321')).envelope.data);
    expect(answers.map((answer) => answer.failCount)).toEqual([1, 2, 3, 4, 5]);
    expect(answers.map((answer) => answer.resultType)).toEqual([2, 2, 2, 2, 3]);
    // Locked for both callers, the right password included, until a reset.
    expect((await check(user.id, '123456')).envelope.data).toEqual({ resultType: 3, failCount: 5 });
    expect((await own(token, '123456')).envelope.data).toEqual({ resultType: 3, failCount: 5 });
    expect((await users().findOne({ _id: user.id }))?.payPasswordFailCount).toBe(5);
  });

  it('counts concurrent wrong tries from both callers atomically (never past 5, exactly one lock)', async () => {
    const { user, token } = await registerByMobile(h);
    await call(h, { url: '/account/setPayPassword', token, body: { password: '111111' } });
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? check(user.id, '999999') : own(token, '999999'))));
    const data = answers.map((answer) => answer.envelope.data as { resultType: number; failCount: number });
    expect(data.filter((d) => d.resultType === 2).map((d) => d.failCount).sort()).toEqual([1, 2, 3, 4]);
    expect(data.filter((d) => d.resultType === 3).map((d) => d.failCount)).toEqual([5, 5, 5, 5]);
    expect((await users().findOne({ _id: user.id }))?.payPasswordFailCount).toBe(5);
  });

  it('names the field of a password that is not 6 digits, in zh and en; 404 for an unknown user', async () => {
    const { user } = await registerByMobile(h);
    const en = await internal('POST', `/internal/users/${user.id}/verifyPayPassword`, { password: '12345' });
    expect(en.envelope).toMatchObject({ code: 400, msg: 'password is invalid', data: { field: 'password' } });
    const zh = await internal('POST', `/internal/users/${user.id}/verifyPayPassword`, { password: '12ab56' }, TOKEN, 'zh');
    expect(zh.envelope).toMatchObject({ code: 400, msg: 'password 格式不正确', data: { field: 'password' } });
    const missing = await internal('POST', `/internal/users/${user.id}/verifyPayPassword`, {});
    expect(missing.envelope).toMatchObject({ code: 400, data: { field: 'password' } });
    expect((await check('nobody', '123456')).statusCode).toBe(404);
    expect((await users().findOne({ _id: user.id }))?.payPasswordFailCount).toBe(0);
  });
});
