// Face verification through the KYC provider (polled status and signed callback), and the saved
// identity form.
import { z } from 'zod';
import { appError, type AppInstance } from '@aipay/kit';
import { identityVerifyResultSchema, identityVerifyStatusQuerySchema, identityVerifyStatusResultSchema, ok } from '@aipay/contracts';
import { verifySigned } from '../adapters/signing.js';
import { currentUser, type Ctx } from '../context.js';
import { answers } from './answers.js';
import { kycCall as provider, markVerified, sessionStatus, startSession } from './verification.js';

const callbackBody = z.object({ certifyId: z.string().min(1).max(200), status: z.number().int() });

export function kycRoutes(app: AppInstance, ctx: Ctx): void {
  const auth = { preHandler: app.authenticate };

  app.get('/v1/user/identityVerify', { ...auth, schema: { response: answers(identityVerifyResultSchema) } }, async (request) => {
    const user = await currentUser(ctx, request);
    const session = await startSession(ctx, user._id, `${ctx.config.PUBLIC_WEB_URL.replace(/\/$/, '')}/face-verify-redirect`);
    return ok({ certifyId: session.certifyId, verifyUrl: session.verifyUrl });
  });

  app.get(
    '/v1/user/identityVerifyStatus',
    { ...auth, schema: { querystring: identityVerifyStatusQuerySchema, response: answers(identityVerifyStatusResultSchema) } },
    async (request) => {
      const status = await sessionStatus(ctx, await currentUser(ctx, request), request.query.certifyId);
      return ok({ certifyId: status.certifyId, status: status.status });
    },
  );

  app.get('/v1/user/identity/formData', auth, async (request) => {
    const user = await currentUser(ctx, request);
    return ok(user.identityForm ?? null);
  });

  // The provider's signed result callback (provider → identity directly, not through the gateway).
  // Only the certifyId is taken from it: the status and owner are read back from the provider, so a
  // replay changes nothing and a forged body proves nothing.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as { rawBody?: string }).rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch (error) {
        (error as { statusCode?: number }).statusCode = 400;
        done(error as Error, undefined);
      }
    });
    scope.post('/kyc/callback', { schema: { body: callbackBody, hide: true } }, async (request) => {
      const raw = (request as { rawBody?: string }).rawBody ?? '';
      if (!verifySigned(ctx.config.PROVIDER_SECRET, request.headers, raw)) throw appError('NO_PERMISSION');
      const status = await provider(() => ctx.kyc.status((request.body as z.infer<typeof callbackBody>).certifyId));
      if (status.status === 1 && (await ctx.users.byId(status.userId))) await markVerified(ctx, status.userId, status.certifyId);
      return ok(null);
    });
  });
}
