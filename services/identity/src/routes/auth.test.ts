// Service tests: sign-up and sign-in against the real store and Redis, codes read from the fake SMS
// and e-mail providers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, clearThrottle, newMobile, passCaptcha, registerByMobile, startHarness, type Harness } from '../testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function loginCode(mobile: string): Promise<string> {
  await clearThrottle(h, `mobile:86:${mobile}`);
  const sent = await call(h, { url: `/user/login/verifyCode/${mobile}`, body: { captchaVerifyParam: await passCaptcha(h) } });
  expect(sent.envelope).toMatchObject({ code: 200 });
  return h.providers.lastCode(`+86${mobile}`)!;
}

describe('register and log in by mobile', () => {
  it('registers by phone with a code; the token works on /user/info', async () => {
    const { token, mobile } = await registerByMobile(h, newMobile(), { password: 'abcd1234', inviteCode: 'inv42' });
    const info = await call(h, { method: 'GET', url: '/user/info', token });
    expect(info.statusCode).toBe(200);
    expect(info.envelope.data).toMatchObject({ mobile, areaCode: 86, region: 'china', isHKMOUser: false, password: true, existPayPassword: false, invitedCode: 'INV42' });
    expect(info.envelope.data.hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(info.envelope.data.inviteCode).toMatch(/^[0-9A-Z]{6}$/);
    // The SMS went out signed, in the request language.
    expect(h.providers.badSignatures).toEqual([]);
    expect(h.providers.messages.find((m) => m.to === `+86${mobile}`)?.text).toMatch(/^\[AI Pay\] Your code is \d{6}, valid for 5 minutes\.$/);
  });

  it('stores user.registered with the invite code in the same document (outbox)', async () => {
    const { user } = await registerByMobile(h, newMobile(), { inviteCode: 'ABC123' });
    const doc = await h.connection.db!.collection('users').findOne({ _id: user.id });
    expect(doc?.outbox).toHaveLength(1);
    expect(doc?.outbox[0]).toMatchObject({ type: 'user.registered', topic: 'identity.events', key: user.id, data: { userId: user.id, inviteCode: 'ABC123', region: 86 } });
    expect(h.eventsStored).toBeGreaterThan(0);
  });

  it('a Hong Kong user is isHKMOUser', async () => {
    const mobile = `5${String(Date.now()).slice(-7)}`;
    const sent = await call(h, { url: `/user/register/verifyCode/${mobile}`, body: { captchaVerifyParam: await passCaptcha(h), areaCode: 852 } });
    expect(sent.envelope.code).toBe(200);
    const verifyCode = h.providers.lastCode(`+852${mobile}`);
    const done = await call(h, { url: '/user/register', body: { mobile, areaCode: 852, verifyCode } });
    expect(done.envelope.data.loginUser).toMatchObject({ region: 'hongKong', isHKMOUser: true });
  });

  it('refuses a registered number again, and requires the agreement', async () => {
    const { mobile } = await registerByMobile(h);
    const again = await call(h, { url: `/user/register/verifyCode/${mobile}`, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(again.envelope.code).toBe(3006);
    const noAgreement = await call(h, { url: '/user/register', body: { mobile: newMobile(), verifyCode: '123456', agreement: false } });
    expect(noAgreement.envelope).toMatchObject({ code: 3011, msg: 'Agreement required' });
  });

  it('logs in by code and by password', async () => {
    const { mobile } = await registerByMobile(h, newMobile(), { password: 'abcd1234' });
    const byCode = await call(h, { url: '/user/login', body: { mobile, verifyCode: await loginCode(mobile) } });
    expect(byCode.envelope).toMatchObject({ code: 200, data: { loginUser: { mobile } } });
    const byPassword = await call(h, { url: '/user/passwordLogin', body: { mobile, password: 'abcd1234' } });
    expect(byPassword.envelope.code).toBe(200);
    const info = await call(h, { method: 'GET', url: '/user/info', token: byPassword.envelope.data.token });
    expect(info.envelope.data.mobile).toBe(mobile);
  });

  it('an unknown number gets "user mobile number does not exist"', async () => {
    const response = await call(h, { url: `/user/login/verifyCode/${newMobile()}`, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(response.envelope).toMatchObject({ code: 3003, msg: 'User mobile number does not exist' });
  });
});

describe('verification codes', () => {
  it('a wrong code is 1009; 5 tries burn the code; codes are single-use', async () => {
    const { mobile } = await registerByMobile(h);
    const code = await loginCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await call(h, { url: '/user/login', body: { mobile, verifyCode: wrong }, language: 'zh' });
    expect(first.envelope).toMatchObject({ code: 1009, msg: '验证码错误' });
    for (let i = 2; i <= 4; i += 1) expect((await call(h, { url: '/user/login', body: { mobile, verifyCode: wrong } })).envelope.code).toBe(1009);
    expect((await call(h, { url: '/user/login', body: { mobile, verifyCode: wrong } })).envelope.code).toBe(3010);
    // Burned: even the right code fails now.
    expect((await call(h, { url: '/user/login', body: { mobile, verifyCode: code } })).envelope.code).toBe(1009);
    // A fresh code works once, then not again.
    const fresh = await loginCode(mobile);
    expect((await call(h, { url: '/user/login', body: { mobile, verifyCode: fresh } })).envelope.code).toBe(200);
    expect((await call(h, { url: '/user/login', body: { mobile, verifyCode: fresh } })).envelope.code).toBe(1009);
  });

  it('refuses a resend within 60 s (per purpose: the register code does not block a login code)', async () => {
    const { mobile } = await registerByMobile(h);
    const first = await call(h, { url: `/user/login/verifyCode/${mobile}`, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(first.envelope.code).toBe(200);
    const again = await call(h, { url: `/user/login/verifyCode/${mobile}`, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(again.statusCode).toBe(429);
    expect(again.envelope.code).toBe(3009);
  });

  it('caps codes per number per day (10) and per IP per day (50)', async () => {
    const { mobile } = await registerByMobile(h); // 1 code to this number today
    for (let i = 2; i <= 10; i += 1) await loginCode(mobile);
    await clearThrottle(h, `mobile:86:${mobile}`);
    const eleventh = await call(h, { url: `/user/login/verifyCode/${mobile}`, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(eleventh.envelope).toMatchObject({ code: 3009, data: { reason: 'dailyTarget' } });

    const ip = '192.0.2.77';
    const codes: number[] = [];
    for (let i = 0; i < 51; i += 1) {
      const target = newMobile();
      const sent = await call(h, { url: `/user/register/verifyCode/${target}`, body: { captchaVerifyParam: await passCaptcha(h) }, ip });
      codes.push(sent.envelope.code);
    }
    expect(codes.slice(0, 50).every((code) => code === 200)).toBe(true);
    expect(codes[50]).toBe(3009);
  });
});

describe('password login lockout', () => {
  it('locks after 5 failures ("use code login") until a code login succeeds', async () => {
    const { mobile } = await registerByMobile(h, newMobile(), { password: 'abcd1234' });
    const results: number[] = [];
    for (let i = 0; i < 5; i += 1) results.push((await call(h, { url: '/user/passwordLogin', body: { mobile, password: 'wrong-pass' } })).envelope.code);
    expect(results).toEqual([3002, 3002, 3002, 3002, 3001]);
    const locked = await call(h, { url: '/user/passwordLogin', body: { mobile, password: 'abcd1234' }, language: 'en' });
    expect(locked.envelope).toMatchObject({ code: 3001, msg: 'Too many login failures, please log in with a code' });
    expect((await call(h, { url: '/user/login', body: { mobile, verifyCode: await loginCode(mobile) } })).envelope.code).toBe(200);
    expect((await call(h, { url: '/user/passwordLogin', body: { mobile, password: 'abcd1234' } })).envelope.code).toBe(200);
  });
});

describe('sessions', () => {
  it('logout revokes the token (1005)', async () => {
    const { token } = await registerByMobile(h);
    expect((await call(h, { url: '/user/logout', token })).envelope.code).toBe(200);
    const after = await call(h, { method: 'GET', url: '/user/info', token });
    expect(after.statusCode).toBe(401);
    expect(after.envelope.code).toBe(1005);
  });

  it('a new login ends the older session: "account logged in elsewhere"', async () => {
    const { mobile, token } = await registerByMobile(h, newMobile(), { password: 'abcd1234' });
    const second = await call(h, { url: '/user/passwordLogin', body: { mobile, password: 'abcd1234' } });
    const old = await call(h, { method: 'GET', url: '/user/info', token, language: 'en' });
    expect(old.envelope).toMatchObject({ code: 1005, msg: 'Account logged in elsewhere' });
    expect((await call(h, { method: 'GET', url: '/user/info', token: second.envelope.data.token })).envelope.code).toBe(200);
  });

  it('a payload-less call with content-type JSON and an empty body is accepted', async () => {
    const { token } = await registerByMobile(h);
    const response = await h.app.inject({ method: 'POST', url: '/user/logout', headers: { accessToken: token, 'content-type': 'application/json' }, payload: '' });
    expect(response.json()).toMatchObject({ code: 200 });
    const malformed = await h.app.inject({ method: 'POST', url: '/user/login', headers: { 'content-type': 'application/json' }, payload: '{"mobile":' });
    expect(malformed.json()).toMatchObject({ code: 400, data: { field: 'body' } });
  });

  it('no token is 401', async () => {
    expect((await call(h, { method: 'GET', url: '/user/info' })).envelope.code).toBe(401);
  });
});

describe('e-mail accounts and forgot password', () => {
  it('registers by e-mail (password + confirmation), logs in by e-mail code, resets the password', async () => {
    const email = `li.${Date.now()}@example.com`;
    const send = async (verifyCodeType: string) => {
      const sent = await call(h, { url: '/user/email/verifyCode', body: { email, verifyCodeType, captchaVerifyParam: await passCaptcha(h) } });
      expect(sent.envelope.code).toBe(200);
      await clearThrottle(h, `email:${email}`);
      return h.providers.lastCode(email)!;
    };
    const noConfirm = await call(h, { url: '/user/register', body: { email, password: 'abcd1234', verifyCode: '123456' } });
    expect(noConfirm.envelope).toMatchObject({ code: 400, data: { field: 'confirmPassword' } });
    const mismatch = await call(h, { url: '/user/register', body: { email, password: 'abcd1234', confirmPassword: 'abcd9999', verifyCode: '123456' } });
    expect(mismatch.envelope).toMatchObject({ code: 3104, msg: 'Passwords do not match' });
    const registered = await call(h, { url: '/user/register', body: { email, password: 'abcd1234', confirmPassword: 'abcd1234', verifyCode: await send('register') } });
    expect(registered.envelope.data.loginUser).toMatchObject({ email, emailVerifyStatus: 1, mobile: null, region: null });
    const byCode = await call(h, { url: '/user/login', body: { email, verifyCode: await send('login') } });
    expect(byCode.envelope.code).toBe(200);
    const reset = await call(h, { url: '/user/forgotPassword', body: { email, password: 'newpass99', confirmPassword: 'newpass99', verifyCode: await send('updatePassword') } });
    expect(reset.envelope.code).toBe(200);
    // The reset revoked the session.
    expect((await call(h, { method: 'GET', url: '/user/info', token: byCode.envelope.data.token })).envelope.code).toBe(1005);
    expect((await call(h, { url: '/user/passwordLogin', body: { email, password: 'abcd1234' } })).envelope.code).toBe(3002);
    expect((await call(h, { url: '/user/passwordLogin', body: { email, password: 'newpass99' } })).envelope.code).toBe(200);
  });

  it('forgot password by mobile with a login code', async () => {
    const { mobile } = await registerByMobile(h);
    const reset = await call(h, { url: '/user/forgotPassword', body: { mobile, password: 'brandnew1', verifyCode: await loginCode(mobile) } });
    expect(reset.envelope.code).toBe(200);
    expect((await call(h, { url: '/user/passwordLogin', body: { mobile, password: 'brandnew1' } })).envelope.code).toBe(200);
  });
});

describe('bad input', () => {
  it.each([
    ['en', { mobile: '12812345678', verifyCode: '123456' }, 'mobile', 'mobile is invalid'],
    ['zh', { mobile: '12812345678', verifyCode: '123456' }, 'mobile', 'mobile 格式不正确'],
    ['en', { mobile: '13800138000', verifyCode: '12345' }, 'verifyCode', 'verifyCode is invalid'],
    ['zh', { mobile: '13800138000', verifyCode: '12345' }, 'verifyCode', 'verifyCode 格式不正确'],
    ['en', { verifyCode: '123456' }, 'mobile', 'mobile is required'],
    ['en', { email: 'nope', verifyCode: '123456' }, 'email', 'email is invalid'],
    ['zh', { mobile: '13800138000', areaCode: 1, verifyCode: '123456' }, 'areaCode', 'areaCode 的取值不在允许范围内'],
  ] as const)('%s %j → 400 naming %s', async (language, body, field, msg) => {
    const response = await call(h, { url: '/user/login', body, language });
    expect(response.statusCode).toBe(400);
    expect(response.envelope).toMatchObject({ code: 400, msg, data: { field } });
  });
});
