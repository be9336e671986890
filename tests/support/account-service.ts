// A test-only service built with the kit, standing in for identity behind the gateway.
import { z } from 'zod';
import type { Redis } from 'ioredis';
import { ok } from '@aipay/contracts';
import { auth, createApp, issueAccessToken, redisReadiness } from '@aipay/kit';

export async function buildAccountService(options: { redis: Redis; publicKey: string; privateKey: string }) {
  const app = await createApp({ name: 'test-account', logger: false, readiness: [redisReadiness(options.redis)] });
  await app.register(auth, { publicKey: options.publicKey, privateKey: options.privateKey, redis: options.redis });

  app.post('/user/login', { schema: { body: z.object({ userId: z.string().min(1) }) } }, async (request) =>
    ok({ token: await issueAccessToken(app, options.redis, request.body.userId) }),
  );
  app.get('/user/info', { preHandler: app.authenticate }, async (request) =>
    ok({ id: request.user.sub, requestId: request.id, language: request.language }),
  );
  app.post(
    '/user/updateUserInfo',
    {
      preHandler: app.authenticate,
      schema: { body: z.object({ firstName: z.string().min(1).max(50), email: z.email() }) },
    },
    async (request) => ok({ id: request.user.sub, ...request.body }),
  );
  return app;
}
