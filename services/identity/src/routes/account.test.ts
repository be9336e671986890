// Service tests of the logged-in account calls: mobile change, e-mail, passwords, invite codes, profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, clearThrottle, newMobile, passCaptcha, registerByMobile, startHarness, type Harness } from '../testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ GRADUAL_USER_IDS: 'placeholder' });
});
afterAll(async () => {
  await h?.close();
});

const code = (to: string) => h.providers.lastCode(to)!;

describe('mobile change in four steps', () => {
  it('verifies the current number, refuses the same and a used number, revokes the old token', async () => {
    const { token, mobile } = await registerByMobile(h);
    const taken = (await registerByMobile(h)).mobile;
    await clearThrottle(h, `mobile:86:${mobile}`);
    // 1. code to the current number
    const step1 = await call(h, { url: '/user/updateUserMobile/verifyCode', token, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(step1.envelope.code).toBe(200);
    // 2. its check answers a one-time verifyFlow
    const wrong = await call(h, { method: 'GET', url: `/user/updateUserMobile/verify?verifyCode=${code(`+86${mobile}`) === '000000' ? '111111' : '000000'}`, token });
    expect(wrong.envelope.code).toBe(1009);
    const step2 = await call(h, { method: 'GET', url: `/user/updateUserMobile/verify?verifyCode=${code(`+86${mobile}`)}`, token });
    const verifyFlow = step2.envelope.data.verifyFlow as string;
    expect(verifyFlow).toBeTruthy();
    // 3. code to the new number: the same number and a used one are refused
    const same = await call(h, { url: `/user/updateUserMobile/newMobileVerifyCode/${mobile}`, token, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(same.envelope).toMatchObject({ code: 3005, msg: 'The old and new phone numbers are the same' });
    const used = await call(h, { url: `/user/updateUserMobile/newMobileVerifyCode/${taken}`, token, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(used.envelope).toMatchObject({ code: 3006 });
    const fresh = newMobile();
    const step3 = await call(h, { url: `/user/updateUserMobile/newMobileVerifyCode/${fresh}`, token, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(step3.envelope.code).toBe(200);
    // 4. last step
    const sameLast = await call(h, { url: '/user/updateUserMobile/verifyLastStep', token, body: { newMobile: mobile, verifyCode: '123456', verifyFlow } });
    expect(sameLast.envelope.code).toBe(3005);
    const usedLast = await call(h, { url: '/user/updateUserMobile/verifyLastStep', token, body: { newMobile: taken, verifyCode: '123456', verifyFlow } });
    expect(usedLast.envelope.code).toBe(3006);
    const badFlow = await call(h, { url: '/user/updateUserMobile/verifyLastStep', token, body: { newMobile: fresh, verifyCode: code(`+86${fresh}`), verifyFlow: 'forged' } });
    expect(badFlow.envelope.code).toBe(3106);
    const done = await call(h, { url: '/user/updateUserMobile/verifyLastStep', token, body: { newMobile: fresh, areaCode: 86, verifyCode: code(`+86${fresh}`), verifyFlow } });
    expect(done.envelope.code).toBe(200);
    // The old token is revoked, the new one works and shows the new number.
    expect((await call(h, { method: 'GET', url: '/user/info', token })).envelope.code).toBe(1005);
    const info = await call(h, { method: 'GET', url: '/user/info', token: done.envelope.data.token });
    expect(info.envelope.data.mobile).toBe(fresh);
    // The flow token was one-time; the old number is free again, the new one is taken.
    const replay = await call(h, { url: '/user/updateUserMobile/verifyLastStep', token: done.envelope.data.token, body: { newMobile: newMobile(), verifyCode: '123456', verifyFlow } });
    expect(replay.envelope.code).toBe(3106);
    await clearThrottle(h, `mobile:86:${mobile}`);
    await registerByMobile(h, mobile);
    const reuse = await call(h, { url: `/user/register/verifyCode/${fresh}`, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(reuse.envelope.code).toBe(3006);
  });
});

describe('e-mail binding (forced bind-email flow)', () => {
  it('binds an e-mail with an updateEmail code, then verifies it; a used e-mail is refused', async () => {
    const { token } = await registerByMobile(h);
    const email = `bind.${Date.now()}@example.com`;
    const noLogin = await call(h, { url: '/user/email/verifyCode', body: { email, verifyCodeType: 'updateEmail', captchaVerifyParam: await passCaptcha(h) } });
    expect(noLogin.envelope.code).toBe(401);
    const sent = await call(h, { url: '/user/email/verifyCode', token, body: { email, verifyCodeType: 'updateEmail', captchaVerifyParam: await passCaptcha(h) } });
    expect(sent.envelope.code).toBe(200);
    expect(h.providers.messages.at(-1)).toMatchObject({ channel: 'email', to: email, subject: '[AI Pay] Verification code' });
    const bound = await call(h, { url: '/user/updateEmail', token, body: { email, verifyCode: code(email) } });
    expect(bound.envelope.data).toMatchObject({ email, emailVerifyStatus: 1 });

    const other = await registerByMobile(h);
    const used = await call(h, { url: '/user/email/verifyCode', token: other.token, body: { email, verifyCodeType: 'updateEmail', captchaVerifyParam: await passCaptcha(h) } });
    expect(used.envelope.code).toBe(3007);

    // Verify flow: the same e-mail, a 'verify' code.
    await h.connection.db!.collection('users').updateOne({ _id: bound.envelope.data.id }, { $set: { emailVerifyStatus: 0 } });
    await clearThrottle(h, `email:${email}`);
    await call(h, { url: '/user/email/verifyCode', token, body: { email, verifyCodeType: 'verify', captchaVerifyParam: await passCaptcha(h) } });
    const wrongEmail = await call(h, { url: '/user/verifyEmail', token, body: { email: 'other@example.com', verifyCode: code(email) } });
    expect(wrongEmail.envelope).toMatchObject({ code: 400, data: { field: 'email' } });
    const verified = await call(h, { url: '/user/verifyEmail', token, body: { email, verifyCode: code(email) } });
    expect(verified.envelope.data.emailVerifyStatus).toBe(1);
  });
});

describe('passwords of a logged-in user', () => {
  it('initPassword only when none is set; updatePassword with a code revokes the other sessions', async () => {
    const { token, mobile } = await registerByMobile(h);
    expect((await call(h, { url: '/user/initPassword', token, body: { password: 'first1234' } })).envelope.code).toBe(200);
    expect((await call(h, { url: '/user/initPassword', token, body: { password: 'second123' } })).envelope.code).toBe(3103);
    await clearThrottle(h, `mobile:86:${mobile}`);
    const sent = await call(h, { url: `/user/updatePassword/verifyCode/${mobile}`, token, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(sent.envelope.code).toBe(200);
    const changed = await call(h, { url: '/user/updatePassword', token, body: { mobile, password: 'second123', confirmPassword: 'second123', verifyCode: code(`+86${mobile}`) } });
    expect(changed.envelope.code).toBe(200);
    expect((await call(h, { method: 'GET', url: '/user/info', token })).envelope.code).toBe(1005);
    expect((await call(h, { method: 'GET', url: '/user/info', token: changed.envelope.data.token })).envelope.code).toBe(200);
    expect((await call(h, { url: '/user/passwordLogin', body: { mobile, password: 'second123' } })).envelope.code).toBe(200);
  });

  it('the legacy rule (PASSWORD_RULE=legacy) refuses short, digits-only and mobile-containing passwords', async () => {
    const legacy = await startHarness({ PASSWORD_RULE: 'legacy' });
    try {
      const { token, mobile } = await registerByMobile(legacy);
      for (const password of ['abcdefgh123', '123456789012', `pw${mobile}`]) {
        const answer = await call(legacy, { url: '/user/initPassword', token, body: { password } });
        expect(answer.envelope).toMatchObject({ code: 3105, data: { field: 'password' } });
      }
      expect((await call(legacy, { url: '/user/initPassword', token, body: { password: 'abcdefgh1234' } })).envelope.code).toBe(200);
    } finally {
      await legacy.close();
    }
  });
});

describe('invite codes and profile', () => {
  it('sets an own invite code (2113 when taken) and who invited me (once)', async () => {
    const a = await registerByMobile(h);
    const b = await registerByMobile(h);
    const own = `Z${Date.now().toString(36).toUpperCase().slice(-6)}`;
    const set = await call(h, { url: '/user/inviteCode', token: a.token, body: { inviteCode: own } });
    expect(set.envelope.data.inviteCode).toBe(own);
    const taken = await call(h, { url: '/user/inviteCode', token: b.token, body: { inviteCode: own } });
    expect(taken.envelope).toMatchObject({ code: 2113, msg: 'Invitation code already used' });
    const self = await call(h, { url: '/user/updateInvitedCode', token: a.token, body: { inviteCode: own } });
    expect(self.envelope).toMatchObject({ code: 400, data: { field: 'inviteCode' } });
    const invited = await call(h, { url: '/user/updateInvitedCode', token: b.token, body: { inviteCode: own } });
    expect(invited.envelope.data.invitedCode).toBe(own);
    const c = await registerByMobile(h);
    const again = await call(h, { url: '/user/updateInvitedCode', token: b.token, body: { inviteCode: c.user.inviteCode } });
    expect(again.envelope.code).toBe(3107);
  });

  it('updates the profile; isGradual is false unless configured; sendSecondaryVerify codes go to the own mobile', async () => {
    const { token, mobile } = await registerByMobile(h);
    const updated = await call(h, { url: '/user/updateUserInfo', token, body: { firstName: 'Wei', lastName: 'Li', name: '李伟' } });
    expect(updated.envelope.data).toMatchObject({ firstName: 'Wei', lastName: 'Li', name: '李伟' });
    expect((await call(h, { method: 'GET', url: '/user/isGradual', token })).envelope.data).toEqual({ isGradual: false });
    expect((await call(h, { method: 'GET', url: '/user/isGradual' })).envelope.data).toEqual({ isGradual: false });
    await clearThrottle(h, `mobile:86:${mobile}`);
    const secondary = await call(h, { url: '/user/sendSecondaryVerify', token, body: { captchaVerifyParam: await passCaptcha(h) }, language: 'zh' });
    expect(secondary.envelope.code).toBe(200);
    expect(h.providers.messages.at(-1)).toMatchObject({ to: `+86${mobile}` });
    expect(h.providers.messages.at(-1)?.text).toMatch(/^【AI Pay】您的验证码是 \d{6}，5 分钟内有效。$/);
    await clearThrottle(h, `mobile:86:${mobile}`);
    const pw = await call(h, { url: '/user/verify/password/verifyCode/85200000000', token, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(pw.envelope.code).toBe(200);
    expect(h.providers.messages.at(-1)?.to).toBe(`+86${mobile}`);
  });

  it('isGradual is true for a configured user', async () => {
    const gradual = await startHarness();
    try {
      const { token, user } = await registerByMobile(gradual);
      gradual.config.GRADUAL_USER_IDS.push(user.id);
      expect((await call(gradual, { method: 'GET', url: '/user/isGradual', token })).envelope.data).toEqual({ isGradual: true });
    } finally {
      await gradual.close();
    }
  });
});
