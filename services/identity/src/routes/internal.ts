// Identity's internal API: what our other services (payments) need to know about a user, the
// face verification started on their behalf, and the payment password check before a balance
// payment. Never routed by the gateway (services/gateway/src/
// routing.ts has no `/internal/` owner); every call needs the shared secret in `x-internal-token`.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { appError, type AppInstance } from '@aipay/kit';
import { ok, verifyPayPasswordBodySchema } from '@aipay/contracts';
import type { Ctx } from '../context.js';
import { isHKMO } from '../domain/region.js';
import type { UserDoc } from '../store/models.js';
import { sessionStatus, startSession } from './verification.js';
import { checkPayPassword } from './payPasswordCheck.js';

export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

const userParams = z.object({ userId: z.string().trim().min(1, 'required').max(64, 'tooLong') });
const verifyBody = z.object({
  returnUrl: z.url({ protocol: /^https?$/ }).max(2000, 'tooLong'),
});

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** True when the header carries the configured token (compared in constant time). */
export function internalTokenOk(expected: string, header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return false;
  return timingSafeEqual(digest(value), digest(expected));
}

async function knownUser(ctx: Ctx, userId: string): Promise<UserDoc> {
  const user = await ctx.users.byId(userId);
  if (!user) throw appError('NOT_FOUND');
  return user;
}

export function internalRoutes(app: AppInstance, ctx: Ctx): void {
  const internalOnly = async (request: FastifyRequest) => {
    if (!internalTokenOk(ctx.config.INTERNAL_TOKEN, request.headers[INTERNAL_TOKEN_HEADER])) throw appError('NO_PERMISSION');
  };
  // Checked before the input (no field errors for callers without the token); hidden from /openapi.json.
  const guarded = { onRequest: internalOnly };

  app.get('/internal/users/:userId/payer', { ...guarded, schema: { params: userParams, hide: true } }, async (request) => {
    const user = await knownUser(ctx, request.params.userId);
    return ok({
      userId: user._id,
      areaCode: user.areaCode,
      isHKMOUser: Boolean(user.mobile) && isHKMO(user.areaCode),
      verified: user.verified,
    });
  });

  // Starts a face verification returning to the caller's page and remembers it as the user's last
  // session (identityStatus reads it back). A verified user is not verified again.
  app.post(
    '/internal/users/:userId/identityVerify',
    { ...guarded, schema: { params: userParams, body: verifyBody, hide: true } },
    async (request) => {
      const user = await knownUser(ctx, request.params.userId);
      if (user.verified) throw appError('IDENTITY_ALREADY_VERIFIED');
      const session = await startSession(ctx, user._id, request.body.returnUrl);
      const remembered = await ctx.users.update({ _id: user._id, verified: false }, { certifyId: session.certifyId });
      // Verified meanwhile (another session passed): that one stays the user's certifyId.
      if (!remembered) throw appError('IDENTITY_ALREADY_VERIFIED');
      return ok({ certifyId: session.certifyId, verifyUrl: session.verifyUrl });
    },
  );

  // The last session: 0 processing, 1 success, 2 failure. A verified user answers 1 without asking
  // the provider; a user without a session answers certifyId null and 2 (nothing to wait for).
  app.get('/internal/users/:userId/identityStatus', { ...guarded, schema: { params: userParams, hide: true } }, async (request) => {
    const user = await knownUser(ctx, request.params.userId);
    if (user.verified) return ok({ certifyId: user.certifyId, status: 1, verified: true });
    if (!user.certifyId) return ok({ certifyId: null, status: 2, verified: false });
    const status = await sessionStatus(ctx, user, user.certifyId);
    return ok({ certifyId: status.certifyId, status: status.status, verified: status.status === 1 });
  });

  // The payment password of a balance payment (seed 001 §4 "input verifies at 6 digits"), checked
  // exactly like POST /account/verifyPayPassword: the same counter and lock (payPasswordCheck.ts).
  app.post(
    '/internal/users/:userId/verifyPayPassword',
    { ...guarded, schema: { params: userParams, body: verifyPayPasswordBodySchema, hide: true } },
    async (request) => {
      const user = await knownUser(ctx, request.params.userId);
      return ok(await checkPayPassword(ctx, user, request.body.password));
    },
  );
}
