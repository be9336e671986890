// Contract test of the provider adapters against the real services/sandbox, started in-process:
// signatures, request and answer shapes must agree.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedis, type Redis } from '@aipay/kit';
import { HttpNotifier } from './notifier.js';
import { HttpKycProvider } from './kyc.js';

const SECRET = 'sandbox-contract-secret';

describe('adapters against services/sandbox', () => {
  let app: { listen: (o: object) => Promise<string>; close: () => Promise<void>; inject: (o: object) => Promise<{ json: () => any }> };
  let redis: Redis;
  let url = '';
  const prefix = `sandbox-idtest-${randomBytes(4).toString('hex')}:`;

  beforeAll(async () => {
    const sandbox = (await import('@aipay/sandbox')) as Record<string, any>;
    const config = sandbox.sandboxConfigSchema.parse({ NODE_ENV: 'test', PORT: '0', LOG_LEVEL: 'silent', REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', SANDBOX_SECRET: SECRET });
    redis = createRedis(config.REDIS_URL, { keyPrefix: prefix });
    app = await sandbox.buildSandbox(config, redis, { logger: false, random: () => 1 });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await app?.close();
    if (redis) {
      const plain = createRedis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
      const keys = await plain.keys(`${prefix}*`);
      if (keys.length > 0) await plain.del(...keys);
      plain.disconnect();
      redis.disconnect();
    }
  });

  it('delivers a signed SMS and e-mail that land in the dev inbox', async () => {
    const notifier = new HttpNotifier({ smsUrl: url, emailUrl: url, secret: SECRET, timeoutMs: 5000 });
    await notifier.sendSms('+8613800138000', '【AI Pay】您的验证码是 123456，5 分钟内有效。');
    await notifier.sendEmail('li@example.com', '[AI Pay] Verification code', '[AI Pay] Your code is 654321, valid for 5 minutes.');
    const inbox = await app.inject({ method: 'GET', url: '/dev/inbox' });
    expect(JSON.stringify(inbox.json())).toContain('123456');
    const wrong = new HttpNotifier({ smsUrl: url, emailUrl: url, secret: 'not-the-secret', timeoutMs: 5000 });
    await expect(wrong.sendSms('+8613800138000', 'x')).rejects.toThrow();
  });

  it('starts a KYC session and reads its status (signed GET)', async () => {
    const kyc = new HttpKycProvider({ url, secret: SECRET, timeoutMs: 5000 });
    const session = await kyc.start({ userId: 'u-contract', returnUrl: 'http://127.0.0.1:8080/face-verify-redirect' });
    expect(session.verifyUrl).toContain(session.certifyId);
    expect(await kyc.status(session.certifyId)).toEqual({ certifyId: session.certifyId, userId: 'u-contract', status: 0 });
    await app.inject({ method: 'POST', url: `/kyc/verify/${session.certifyId}/result`, payload: { result: 'pass' } });
    expect((await kyc.status(session.certifyId)).status).toBe(1);
  });
});
