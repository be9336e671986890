// Payment password (seed 001 §4-§5): set (first, change with the old one, reset with a code) and
// verify with atomic failure counting; 5 failures lock until a reset. The check itself is
// payPasswordCheck.ts (also behind the internal call payments makes before a balance payment).
import { z } from 'zod';
import { appError, type AppInstance } from '@aipay/kit';
import {
  ok,
  payPasswordVerifyResultSchema,
  setPayPasswordBodySchema,
  verifyPayPasswordBodySchema,
} from '@aipay/contracts';
import { checkCode, currentUser, invalidField, ownMobile, type Ctx } from '../context.js';
import { answers } from './answers.js';
import { hashPassword, verifyPassword } from '../domain/passwords.js';
import { PayPasswordResult, setMode } from '../domain/payPassword.js';
import { checkPayPassword, countWrongPayPassword } from './payPasswordCheck.js';
import { identifierKey } from '../domain/region.js';

export function payPasswordRoutes(app: AppInstance, ctx: Ctx): void {
  const auth = { preHandler: app.authenticate };
  const max = ctx.config.PAY_PASSWORD_MAX_FAILURES;

  app.post('/account/setPayPassword', { ...auth, schema: { body: setPayPasswordBodySchema, response: answers(z.null()) } }, async (request) => {
    const user = await currentUser(ctx, request);
    const { password, oldPassword, verifyCode } = request.body;
    const state = { isSet: Boolean(user.payPasswordHash), failCount: user.payPasswordFailCount };
    const mode = setMode(state, { oldPassword, verifyCode });
    const hash = await hashPassword(password);
    switch (mode) {
      case 'first': {
        const updated = await ctx.users.update({ _id: user._id, payPasswordHash: null }, { payPasswordHash: hash, payPasswordFailCount: 0 });
        if (!updated) throw appError('CONFLICT');
        break;
      }
      case 'reset': {
        const target = user.mobile ? ownMobile(user).target : user.email ? identifierKey.email(user.email) : null;
        if (!target) throw appError('USER_INFO_ERROR');
        await checkCode(ctx, ['verify'], target, verifyCode ?? '');
        await ctx.users.update({ _id: user._id }, { payPasswordHash: hash, payPasswordFailCount: 0 });
        break;
      }
      case 'change': {
        if (state.failCount >= max) throw appError('PAY_PASSWORD_LOCKED', { data: { failCount: state.failCount } });
        if (!(await verifyPassword(oldPassword ?? '', user.payPasswordHash))) {
          const { resultType, failCount } = await countWrongPayPassword(ctx, user._id);
          throw appError(resultType === PayPasswordResult.limitExceeded ? 'PAY_PASSWORD_LOCKED' : 'PAY_PASSWORD_WRONG', { data: { failCount } });
        }
        const updated = await ctx.users.update(
          { _id: user._id, payPasswordHash: user.payPasswordHash, payPasswordFailCount: { $lt: max } },
          { payPasswordHash: hash, payPasswordFailCount: 0 },
        );
        if (!updated) throw appError('PAY_PASSWORD_LOCKED');
        break;
      }
      case 'needsProof':
        throw invalidField('oldPassword', request.language, 'required');
    }
    return ok(null);
  });

  app.post('/account/verifyPayPassword', { ...auth, schema: { body: verifyPayPasswordBodySchema, response: answers(payPasswordVerifyResultSchema) } }, async (request) => {
    const user = await currentUser(ctx, request);
    return ok(await checkPayPassword(ctx, user, request.body.password));
  });
}
