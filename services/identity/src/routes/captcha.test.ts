// Slide captcha over HTTP: puzzle shape, one attempt per puzzle, one-time passes, robots refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaPuzzleSchema } from '@aipay/contracts';
import { call, newMobile, passCaptcha, startHarness, type Harness } from '../testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

async function puzzle() {
  const response = await call(h, { method: 'GET', url: '/user/captcha/puzzle' });
  const data = captchaPuzzleSchema.parse(response.envelope.data);
  const gapX = Number(await h.redis.get(`${h.config.REDIS_KEY_PREFIX}captcha:${data.captchaId}`));
  const ttl = await h.redis.ttl(`${h.config.REDIS_KEY_PREFIX}captcha:${data.captchaId}`);
  return { data, gapX, ttl };
}

describe('slide captcha', () => {
  it('serves a 300×150 puzzle with a 44 px piece (53 px with its knobs); the secret x stays in Redis for 120 s', async () => {
    const { data, gapX, ttl } = await puzzle();
    expect(data).toMatchObject({ width: 300, height: 150, pieceSize: 53, expiresInSeconds: 120 });
    expect(data.piece.startsWith('data:image/png;base64,')).toBe(true);
    expect(gapX).toBeGreaterThanOrEqual(60);
    expect(gapX).toBeLessThanOrEqual(240);
    expect(ttl).toBeGreaterThan(100);
    expect(JSON.stringify(data)).not.toContain(`"gapX"`);
    expect(data.background.startsWith('data:image/png;base64,')).toBe(true);
  });

  it('passes a human drag once; the puzzle allows one attempt only', async () => {
    const { data, gapX } = await puzzle();
    const track = [[0, 0], [30, 250], [gapX, 800]];
    const first = await call(h, { url: '/user/captcha/verify', body: { captchaId: data.captchaId, x: gapX - 5, durationMs: 800, track } });
    expect(first.envelope.code).toBe(200);
    expect(first.envelope.data.captchaVerifyParam).toBeTruthy();
    const second = await call(h, { url: '/user/captcha/verify', body: { captchaId: data.captchaId, x: gapX, durationMs: 800, track } });
    expect(second.envelope.code).toBe(2500);
  });

  it.each([
    ['7 px off', 7, 800, 3],
    ['too fast', 0, 100, 3],
    ["a robot's instant jump", 0, 800, 1],
  ])('refuses %s with 2500', async (_label, offset, durationMs, points) => {
    const { data, gapX } = await puzzle();
    const track = points === 1 ? [[gapX, 0]] : [[0, 0], [gapX / 2, durationMs / 2], [gapX, durationMs]];
    const response = await call(h, { url: '/user/captcha/verify', body: { captchaId: data.captchaId, x: gapX + offset, durationMs, track } });
    expect(response.envelope).toMatchObject({ code: 2500, msg: 'Human verification failed' });
  });

  it('every code-sending call requires a pass, and a pass works once', async () => {
    const mobile = newMobile();
    const none = await call(h, { url: `/user/register/verifyCode/${mobile}`, body: {} });
    expect(none.envelope).toMatchObject({ code: 400, data: { field: 'captchaVerifyParam' } });
    const forged = await call(h, { url: `/user/register/verifyCode/${mobile}`, body: { captchaVerifyParam: 'made-up' } });
    expect(forged.envelope.code).toBe(2500);
    const pass = await passCaptcha(h);
    expect((await call(h, { url: `/user/register/verifyCode/${mobile}`, body: { captchaVerifyParam: pass } })).envelope.code).toBe(200);
    const reused = await call(h, { url: `/user/register/verifyCode/${newMobile()}`, body: { captchaVerifyParam: pass } });
    expect(reused.envelope.code).toBe(2500);
    const email = await call(h, { url: '/user/email/verifyCode', body: { email: 'x@example.com', verifyCodeType: 'register', captchaVerifyParam: pass } });
    expect(email.envelope.code).toBe(2500);
  });
});
