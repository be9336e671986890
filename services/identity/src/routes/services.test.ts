// Service tests of Google sign-in (test JWKS over HTTP), face verification, complaint webhook and
// account deletion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../adapters/signing.js';
import { call, clearThrottle, GOOGLE_CLIENT_ID, passCaptcha, registerByMobile, startHarness, type Harness } from '../testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const users = () => h.connection.db!.collection('users');

describe('Google sign-in', () => {
  it('creates an account from a verified ID token, then logs the same subject in again', async () => {
    const sub = `g-${Date.now()}`;
    const email = `${sub}@gmail.com`;
    const token = await h.providers.googleToken({ sub, email, email_verified: true, name: 'Li Wei' }, GOOGLE_CLIENT_ID);
    const first = await call(h, { url: '/user/googleOAuthLogin', body: { accessToken: token, clientId: GOOGLE_CLIENT_ID } });
    expect(first.envelope.data.loginUser).toMatchObject({ email, emailVerifyStatus: 1, name: 'Li Wei', mobile: null });
    const again = await call(h, { url: '/user/googleOAuthLogin', body: { accessToken: token, clientId: GOOGLE_CLIENT_ID } });
    expect(again.envelope.data.loginUser.id).toBe(first.envelope.data.loginUser.id);
    const doc = await users().findOne({ _id: first.envelope.data.loginUser.id });
    expect(doc?.outbox[0]).toMatchObject({ type: 'user.registered', data: { email, region: null } });
  });

  it('links a verified Google e-mail to the existing account of that e-mail', async () => {
    const { token, user } = await registerByMobile(h);
    const email = `link.${Date.now()}@gmail.com`;
    await call(h, { url: '/user/email/verifyCode', token, body: { email, verifyCodeType: 'updateEmail', captchaVerifyParam: await passCaptcha(h) } });
    await call(h, { url: '/user/updateEmail', token, body: { email, verifyCode: h.providers.lastCode(email) } });
    const idToken = await h.providers.googleToken({ sub: `sub-${Date.now()}`, email, email_verified: true }, GOOGLE_CLIENT_ID);
    const linked = await call(h, { url: '/user/googleOAuthLogin', body: { accessToken: idToken, clientId: GOOGLE_CLIENT_ID } });
    expect(linked.envelope.data.loginUser.id).toBe(user.id);
  });

  it.each([
    ['another audience', async () => h.providers.googleToken({ sub: 'x', email: 'x@gmail.com' }, 'someone-else'), GOOGLE_CLIENT_ID],
    ['a client id not allowed', async () => h.providers.googleToken({ sub: 'x', email: 'x@gmail.com' }, GOOGLE_CLIENT_ID), 'not-allowed'],
    ['a key not in the JWKS', async () => h.providers.googleToken({ sub: 'x', email: 'x@gmail.com' }, GOOGLE_CLIENT_ID, { foreignKey: true }), GOOGLE_CLIENT_ID],
    ['another issuer', async () => h.providers.googleToken({ sub: 'x', email: 'x@gmail.com' }, GOOGLE_CLIENT_ID, { issuer: 'https://evil.example' }), GOOGLE_CLIENT_ID],
    ['garbage', async () => 'not-a-jwt', GOOGLE_CLIENT_ID],
  ])('refuses %s (login failed)', async (_label, makeToken, clientId) => {
    const response = await call(h, { url: '/user/googleOAuthLogin', body: { accessToken: await makeToken(), clientId } });
    expect(response.envelope).toMatchObject({ code: 3101, msg: 'Login failed, retry' });
  });
});

describe('face verification', () => {
  it('starts a session, reads status 0 then 1, marks the user verified and stores user.verified once', async () => {
    const { token, user } = await registerByMobile(h);
    const started = await call(h, { method: 'GET', url: '/v1/user/identityVerify', token });
    const { certifyId, verifyUrl } = started.envelope.data;
    expect(verifyUrl).toContain(certifyId);
    const pending = await call(h, { method: 'GET', url: `/v1/user/identityVerifyStatus?certifyId=${certifyId}`, token });
    expect(pending.envelope.data).toEqual({ certifyId, status: 0 });
    h.providers.kycSessions.get(certifyId)!.status = 1;
    for (let i = 0; i < 3; i += 1) {
      const done = await call(h, { method: 'GET', url: `/v1/user/identityVerifyStatus?certifyId=${certifyId}`, token });
      expect(done.envelope.data).toEqual({ certifyId, status: 1 });
    }
    const doc = await users().findOne({ _id: user.id });
    expect(doc).toMatchObject({ verified: true, certifyId });
    expect(doc?.outbox.filter((event: { type: string }) => event.type === 'user.verified')).toHaveLength(1);
    expect(h.providers.badSignatures).toEqual([]);
  });

  it("another user's session is not found; the form is null until saved; no certifyId names the field", async () => {
    const a = await registerByMobile(h);
    const b = await registerByMobile(h);
    const started = await call(h, { method: 'GET', url: '/v1/user/identityVerify', token: a.token });
    const other = await call(h, { method: 'GET', url: `/v1/user/identityVerifyStatus?certifyId=${started.envelope.data.certifyId}`, token: b.token });
    expect(other.envelope.code).toBe(404);
    expect((await call(h, { method: 'GET', url: '/v1/user/identity/formData', token: a.token })).envelope).toMatchObject({ code: 200, data: null });
    const missing = await call(h, { method: 'GET', url: '/v1/user/identityVerifyStatus', token: a.token, language: 'zh' });
    expect(missing.envelope).toMatchObject({ code: 400, data: { field: 'certifyId' } });
  });
});

describe('KYC result callback', () => {
  it('accepts a signed callback once (status read back from the provider), refuses an unsigned one', async () => {
    const { token, user } = await registerByMobile(h);
    const started = await call(h, { method: 'GET', url: '/v1/user/identityVerify', token });
    const certifyId = started.envelope.data.certifyId as string;
    h.providers.kycSessions.get(certifyId)!.status = 1;
    const payload = JSON.stringify({ certifyId, status: 1 });
    const unsigned = await h.app.inject({ method: 'POST', url: '/kyc/callback', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.json().code).toBe(403);
    expect((await users().findOne({ _id: user.id }))?.verified).toBe(false);
    for (let i = 0; i < 2; i += 1) {
      const signed = await h.app.inject({
        method: 'POST',
        url: '/kyc/callback',
        headers: { 'content-type': 'application/json', ...signedHeaders(h.config.PROVIDER_SECRET, payload) },
        payload,
      });
      expect(signed.json().code).toBe(200);
    }
    const doc = await users().findOne({ _id: user.id });
    expect(doc?.verified).toBe(true);
    expect(doc?.outbox.filter((event: { type: string }) => event.type === 'user.verified')).toHaveLength(1);
  });
});

describe('complaint', () => {
  it('posts a signed message with user id, phone, e-mail, content and time; success on code 0', async () => {
    const { token, mobile, user } = await registerByMobile(h);
    const response = await call(h, { url: '/user/complaint', token, body: { content: '充值未到账', email: 'li@example.com' } });
    expect(response.envelope.code).toBe(200);
    const sent = h.providers.complaints.at(-1)!;
    expect(sent.signatureOk).toBe(true);
    expect(sent.body).toMatchObject({ msg_type: 'text' });
    const text = (sent.body.content as { text: string }).text;
    for (const part of [user.id, mobile, 'li@example.com', '充值未到账']) expect(text).toContain(part);
    expect(text).toMatch(/time: \d{4}-\d\d-\d\dT/);
  });

  it('fails when the webhook answers another code, or the input is bad', async () => {
    const { token } = await registerByMobile(h);
    h.providers.webhookCode = 9499;
    try {
      const failed = await call(h, { url: '/user/complaint', token, body: { content: 'x', email: 'li@example.com' } });
      expect(failed.envelope).toMatchObject({ code: 3109, msg: 'Submit failed' });
    } finally {
      h.providers.webhookCode = 0;
    }
    const empty = await call(h, { url: '/user/complaint', token, body: { content: ' ', email: 'li@example.com' }, language: 'zh' });
    expect(empty.envelope).toMatchObject({ code: 400, msg: 'content 不能为空', data: { field: 'content' } });
    const badEmail = await call(h, { url: '/user/complaint', token, body: { content: 'x', email: 'nope' } });
    expect(badEmail.envelope).toMatchObject({ code: 400, msg: 'email is invalid', data: { field: 'email' } });
  });
});

describe('account deletion', () => {
  it('is refused while services are active', async () => {
    const { token, user } = await registerByMobile(h);
    await users().updateOne({ _id: user.id }, { $set: { activeServices: true } });
    const refused = await call(h, { url: '/v1/user/deleteAccount', token });
    expect(refused.envelope.code).toBe(3016);
    expect((await call(h, { method: 'GET', url: '/user/info', token })).envelope.code).toBe(200);
  });

  it('anonymises the account, stores user.deleted, revokes sessions and frees the number', async () => {
    const { token, mobile, user } = await registerByMobile(h, undefined, { password: 'abcd1234' });
    const deleted = await call(h, { url: '/v1/user/deleteAccount', token });
    expect(deleted.envelope.code).toBe(200);
    const doc = await users().findOne({ _id: user.id });
    expect(doc).toMatchObject({ deleted: true, mobile: null, email: null, passwordHash: null });
    expect(doc?.outbox.map((event: { type: string }) => event.type)).toEqual(['user.registered', 'user.deleted']);
    expect((await call(h, { method: 'GET', url: '/user/info', token })).envelope.code).toBe(1005);
    expect((await call(h, { url: '/user/passwordLogin', body: { mobile, password: 'abcd1234' } })).envelope.code).toBe(3002);
    await clearThrottle(h, `mobile:86:${mobile}`);
    const again = await call(h, { url: `/user/register/verifyCode/${mobile}`, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(again.envelope.code).toBe(200);
  });
});
