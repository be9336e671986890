// The four-step mobile change: code to the current number (routes/codes.ts), its check answering a
// one-time verifyFlow (10 min), code to the new number (routes/codes.ts), and the last step.
import { appError, issueAccessToken, type AppInstance } from '@aipay/kit';
import {
  mobileChangeVerifyQuerySchema,
  newMobileLastStepBodySchema,
  ok,
  tokenResultSchema,
  verifyFlowResultSchema,
} from '@aipay/contracts';
import { checkCode, currentUser, invalidField, ownMobile, type Ctx } from '../context.js';
import { answers } from './answers.js';
import { identifierKey, mobileIsValid } from '../domain/region.js';
import { IdentifierTaken } from '../store/users.js';

export function mobileRoutes(app: AppInstance, ctx: Ctx): void {
  const auth = { preHandler: app.authenticate };

  app.get('/user/updateUserMobile/verify', { ...auth, schema: { querystring: mobileChangeVerifyQuerySchema, response: answers(verifyFlowResultSchema) } }, async (request) => {
    const user = await currentUser(ctx, request);
    await checkCode(ctx, ['mobileOld'], ownMobile(user).target, request.query.verifyCode);
    const verifyFlow = await ctx.once.put('mobile-flow', user._id, ctx.config.MOBILE_FLOW_TTL_SECONDS);
    return ok({ verifyFlow });
  });

  app.post('/user/updateUserMobile/verifyLastStep', { ...auth, schema: { body: newMobileLastStepBodySchema, response: answers(tokenResultSchema) } }, async (request) => {
    const user = await currentUser(ctx, request);
    const { newMobile, areaCode, verifyCode, verifyFlow } = request.body;
    if (!mobileIsValid(newMobile, areaCode)) throw invalidField('newMobile', request.language);
    if ((await ctx.once.peek('mobile-flow', verifyFlow)) !== user._id) throw appError('VERIFY_FLOW_INVALID');
    if (user.mobile === newMobile && user.areaCode === areaCode) throw appError('SAME_MOBILE');
    const key = identifierKey.mobile(areaCode, newMobile);
    if (await ctx.users.ownerOf(key)) throw appError('MOBILE_IN_USE');
    await checkCode(ctx, ['mobileNew'], key, verifyCode);
    if ((await ctx.once.take('mobile-flow', verifyFlow)) !== user._id) throw appError('VERIFY_FLOW_INVALID');
    try {
      await ctx.users.claim([key], user._id);
    } catch (error) {
      if (error instanceof IdentifierTaken) throw appError('MOBILE_IN_USE');
      throw error;
    }
    const updated = await ctx.users.update({ _id: user._id, mobile: user.mobile, areaCode: user.areaCode }, { mobile: newMobile, areaCode });
    if (!updated) {
      await ctx.users.release([key], user._id);
      throw appError('CONFLICT');
    }
    if (user.mobile && user.areaCode) await ctx.users.release([identifierKey.mobile(user.areaCode, user.mobile)], user._id);
    await ctx.versions.revoke(user._id, 'mobile');
    return ok({ token: await issueAccessToken(app, ctx.redis, user._id) });
  });
}
