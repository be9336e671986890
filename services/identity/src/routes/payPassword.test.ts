// Payment password (seed 001 §4-§5) over HTTP: set, verify, lock after 5, reset with a code, change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, passCaptcha, registerByMobile, startHarness, type Harness } from '../testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const verify = (token: string, password: string) => call(h, { url: '/account/verifyPayPassword', token, body: { password } });

describe('payment password', () => {
  it('not set → 1; set; verify 0; wrong ×5 → 3 (locked); reset with a code → works again', async () => {
    const { token, mobile } = await registerByMobile(h);
    expect((await verify(token, '123456')).envelope.data).toEqual({ resultType: 1, failCount: 0 });
    expect((await call(h, { url: '/account/setPayPassword', token, body: { password: '123456' } })).envelope.code).toBe(200);
    expect((await call(h, { method: 'GET', url: '/user/info', token })).envelope.data.existPayPassword).toBe(true);
    expect((await verify(token, '123456')).envelope.data).toEqual({ resultType: 0, failCount: 0 });

    const answers = [];
    for (let i = 0; i < 5; i += 1) answers.push((await verify(token, '654321')).envelope.data);
    expect(answers).toEqual([
      { resultType: 2, failCount: 1 },
      { resultType: 2, failCount: 2 },
      { resultType: 2, failCount: 3 },
      { resultType: 2, failCount: 4 },
      { resultType: 3, failCount: 5 },
    ]);
    expect((await verify(token, '123456')).envelope.data).toEqual({ resultType: 3, failCount: 5 });
    // Locked: a change with the old password is refused too.
    const change = await call(h, { url: '/account/setPayPassword', token, body: { password: '222222', oldPassword: '123456' } });
    expect(change.envelope.code).toBe(3013);

    // Reset: a security code to the user's own mobile (whatever {x} says).
    const sent = await call(h, { url: '/user/verify/verifyCode/19900000000', token, body: { captchaVerifyParam: await passCaptcha(h) } });
    expect(sent.envelope.code).toBe(200);
    expect(h.providers.messages.at(-1)?.to).toBe(`+86${mobile}`);
    const wrongCode = await call(h, { url: '/account/setPayPassword', token, body: { password: '222222', verifyCode: '000000' === h.providers.lastCode(`+86${mobile}`) ? '111111' : '000000' } });
    expect(wrongCode.envelope.code).toBe(1009);
    const reset = await call(h, { url: '/account/setPayPassword', token, body: { password: '222222', verifyCode: h.providers.lastCode(`+86${mobile}`) } });
    expect(reset.envelope.code).toBe(200);
    expect((await verify(token, '222222')).envelope.data).toEqual({ resultType: 0, failCount: 0 });
  });

  it('a change needs the right old password; without proof it names the field', async () => {
    const { token } = await registerByMobile(h);
    await call(h, { url: '/account/setPayPassword', token, body: { password: '111111' } });
    const noProof = await call(h, { url: '/account/setPayPassword', token, body: { password: '333333' } });
    expect(noProof.envelope).toMatchObject({ code: 400, data: { field: 'oldPassword' } });
    const wrongOld = await call(h, { url: '/account/setPayPassword', token, body: { password: '333333', oldPassword: '999999' } });
    expect(wrongOld.envelope).toMatchObject({ code: 3110, data: { failCount: 1 } });
    const ok = await call(h, { url: '/account/setPayPassword', token, body: { password: '333333', oldPassword: '111111' } });
    expect(ok.envelope.code).toBe(200);
    expect((await verify(token, '333333')).envelope.data).toEqual({ resultType: 0, failCount: 0 });
  });

  it('counts concurrent wrong tries atomically (never past 5, exactly one lock)', async () => {
    const { token } = await registerByMobile(h);
    await call(h, { url: '/account/setPayPassword', token, body: { password: '111111' } });
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(token, '999999')));
    const data = answers.map((a) => a.envelope.data as { resultType: number; failCount: number });
    const counts = data.filter((d) => d.resultType === 2).map((d) => d.failCount).sort();
    expect(counts).toEqual([1, 2, 3, 4]);
    expect(data.filter((d) => d.resultType === 3)).toHaveLength(4);
    expect((await verify(token, '111111')).envelope.data).toEqual({ resultType: 3, failCount: 5 });
  });

  it('needs a login and 6 digits', async () => {
    expect((await call(h, { url: '/account/verifyPayPassword', body: { password: '123456' } })).envelope.code).toBe(401);
    const { token } = await registerByMobile(h);
    const bad = await call(h, { url: '/account/setPayPassword', token, body: { password: '12ab56' }, language: 'zh' });
    expect(bad.envelope).toMatchObject({ code: 400, msg: 'password 格式不正确', data: { field: 'password' } });
  });
});
