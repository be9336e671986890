// The app as a whole: health, the OpenAPI document of every call, and the configuration defaults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityConfigSchema } from './config.js';
import { startHarness, type Harness } from './testing/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('identity app', () => {
  it('is ready with MongoDB and Redis', async () => {
    const ready = await h.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.json()).toMatchObject({ code: 200, data: { checks: [{ name: 'mongodb', ok: true }, { name: 'redis', ok: true }] } });
  });

  it('documents every call of seed 000 §7 it serves in /openapi.json', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/openapi.json' })).json() as { paths: Record<string, unknown> };
    for (const path of [
      '/user/login',
      '/user/passwordLogin',
      '/user/googleOAuthLogin',
      '/user/register',
      '/user/email/verifyCode',
      '/user/login/verifyCode/{mobile}',
      '/user/register/verifyCode/{mobile}',
      '/user/verify/verifyCode/{x}',
      '/user/verify/password/verifyCode/{x}',
      '/user/forgotPassword',
      '/user/updatePassword/verifyCode/{x}',
      '/user/updatePassword',
      '/user/initPassword',
      '/user/updateEmail',
      '/user/verifyEmail',
      '/user/updateUserMobile/verifyCode',
      '/user/updateUserMobile/verify',
      '/user/updateUserMobile/newMobileVerifyCode/{mobile}',
      '/user/updateUserMobile/verifyLastStep',
      '/user/sendSecondaryVerify',
      '/user/logout',
      '/user/info',
      '/user/isGradual',
      '/user/inviteCode',
      '/user/updateInvitedCode',
      '/user/updateUserInfo',
      '/v1/user/deleteAccount',
      '/v1/user/identityVerify',
      '/v1/user/identityVerifyStatus',
      '/v1/user/identity/formData',
      '/user/complaint',
      '/user/captcha/puzzle',
      '/user/captcha/verify',
      '/account/setPayPassword',
      '/account/verifyPayPassword',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });

  it('has working defaults and refuses to run in production without secrets', () => {
    expect(identityConfigSchema.safeParse({ JWT_PUBLIC_KEY: 'k' }).error?.issues[0]?.path).toEqual(['JWT_PRIVATE_KEY']);
    const base = { JWT_PUBLIC_KEY: 'k', JWT_PRIVATE_KEY: 'k' };
    const config = identityConfigSchema.parse(base);
    expect(config).toMatchObject({ PORT: 8101, MONGO_DB: 'identity', REDIS_KEY_PREFIX: 'identity:', PASSWORD_RULE: 'new', SINGLE_SESSION: true, PROVIDER_SECRET: 'sandbox-dev-secret' });
    expect(identityConfigSchema.parse({ ...base, SINGLE_SESSION: 'false' }).SINGLE_SESSION).toBe(false);
    const production = identityConfigSchema.safeParse({ ...base, NODE_ENV: 'production' });
    expect(production.success).toBe(false);
    expect(production.error?.issues.map((issue) => issue.path[0])).toEqual(
      expect.arrayContaining(['PROVIDER_SECRET', 'SUPPORT_HMAC_SECRET', 'CODE_HMAC_SECRET']),
    );
  });
});
