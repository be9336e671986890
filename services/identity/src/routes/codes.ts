// Every call that sends a verification code. Each consumes a captcha pass first (seed 000 §4).
import { z } from 'zod';
import { appError, type AppInstance } from '@aipay/kit';
import { emailCodeBodySchema, mobileSchema, ok, sendCodeBodySchema } from '@aipay/contracts';
import { consumeCaptcha, currentUser, invalidField, ownMobile, sendCode, type Ctx, type Destination } from '../context.js';
import { answers } from './answers.js';
import { identifierKey, mobileIsValid, normaliseEmail } from '../domain/region.js';
import type { UserDoc } from '../store/models.js';

const mobileParams = z.object({ mobile: mobileSchema });
const anyParams = z.object({ x: z.string().optional() });

function mobileDestination(mobile: string, areaCode: number): Destination {
  return { kind: 'mobile', address: mobile, target: identifierKey.mobile(areaCode, mobile) };
}

export function emailDestination(email: string): Destination {
  const address = normaliseEmail(email);
  return { kind: 'email', address, target: identifierKey.email(address) };
}

/** The user's own mobile, else the user's own e-mail (accounts made by e-mail or Google). */
function ownDestination(user: UserDoc): Destination {
  if (user.mobile) return ownMobile(user);
  if (user.email) return emailDestination(user.email);
  throw appError('USER_INFO_ERROR');
}

export function codeRoutes(app: AppInstance, ctx: Ctx): void {
  const auth = { preHandler: app.authenticate };

  app.post('/user/login/verifyCode/:mobile', { schema: { params: mobileParams, body: sendCodeBodySchema, response: answers(z.null()) } }, async (request) => {
    const { mobile } = request.params;
    const { areaCode, captchaVerifyParam } = request.body;
    if (!mobileIsValid(mobile, areaCode)) throw invalidField('mobile', request.language);
    await consumeCaptcha(ctx, captchaVerifyParam);
    if (!(await ctx.users.byIdentifier(identifierKey.mobile(areaCode, mobile)))) throw appError('MOBILE_NOT_REGISTERED');
    await sendCode(ctx, request, 'login', mobileDestination(mobile, areaCode));
    return ok(null);
  });

  app.post('/user/register/verifyCode/:mobile', { schema: { params: mobileParams, body: sendCodeBodySchema, response: answers(z.null()) } }, async (request) => {
    const { mobile } = request.params;
    const { areaCode, captchaVerifyParam } = request.body;
    if (!mobileIsValid(mobile, areaCode)) throw invalidField('mobile', request.language);
    await consumeCaptcha(ctx, captchaVerifyParam);
    if (await ctx.users.ownerOf(identifierKey.mobile(areaCode, mobile))) throw appError('MOBILE_IN_USE');
    await sendCode(ctx, request, 'register', mobileDestination(mobile, areaCode));
    return ok(null);
  });

  app.post('/user/email/verifyCode', { schema: { body: emailCodeBodySchema, response: answers(z.null()) } }, async (request) => {
    const { email, verifyCodeType, captchaVerifyParam } = request.body;
    const to = emailDestination(email);
    await consumeCaptcha(ctx, captchaVerifyParam);
    const owner = await ctx.users.ownerOf(to.target);
    switch (verifyCodeType) {
      case 'login':
      case 'updatePassword':
        if (!owner || !(await ctx.users.byId(owner))) throw appError('EMAIL_NOT_REGISTERED');
        break;
      case 'register':
        if (owner) throw appError('EMAIL_IN_USE');
        break;
      case 'updateEmail':
      case 'verify': {
        // Binding or verifying an e-mail belongs to the logged-in user.
        await app.authenticate(request);
        const user = await currentUser(ctx, request);
        if (owner && owner !== user._id) throw appError('EMAIL_IN_USE');
        break;
      }
    }
    await sendCode(ctx, request, verifyCodeType, to);
    return ok(null);
  });

  app.post('/user/updatePassword/verifyCode/:x', { ...auth, schema: { params: anyParams, body: sendCodeBodySchema, response: answers(z.null()) } }, async (request) => {
    const user = await currentUser(ctx, request);
    await consumeCaptcha(ctx, request.body.captchaVerifyParam);
    const asked = request.params.x ? normaliseEmail(request.params.x) : '';
    const to = user.email && asked === user.email ? emailDestination(user.email) : ownDestination(user);
    await sendCode(ctx, request, 'updatePassword', to);
    return ok(null);
  });

  // Security checks: always the user's own mobile, whatever {x} says.
  for (const path of ['/user/verify/verifyCode/:x', '/user/verify/password/verifyCode/:x', '/user/sendSecondaryVerify']) {
    app.post(path, { ...auth, schema: { params: anyParams, body: sendCodeBodySchema, response: answers(z.null()) } }, async (request) => {
      const user = await currentUser(ctx, request);
      await consumeCaptcha(ctx, request.body.captchaVerifyParam);
      await sendCode(ctx, request, 'verify', ownDestination(user));
      return ok(null);
    });
  }

  app.post('/user/updateUserMobile/verifyCode', { ...auth, schema: { body: sendCodeBodySchema, response: answers(z.null()) } }, async (request) => {
    const user = await currentUser(ctx, request);
    await consumeCaptcha(ctx, request.body.captchaVerifyParam);
    await sendCode(ctx, request, 'mobileOld', ownMobile(user));
    return ok(null);
  });

  app.post('/user/updateUserMobile/newMobileVerifyCode/:mobile', { ...auth, schema: { params: mobileParams, body: sendCodeBodySchema, response: answers(z.null()) } }, async (request) => {
    const user = await currentUser(ctx, request);
    const { mobile } = request.params;
    const { areaCode, captchaVerifyParam } = request.body;
    if (!mobileIsValid(mobile, areaCode)) throw invalidField('mobile', request.language);
    if (user.mobile === mobile && user.areaCode === areaCode) throw appError('SAME_MOBILE');
    await consumeCaptcha(ctx, captchaVerifyParam);
    if (await ctx.users.ownerOf(identifierKey.mobile(areaCode, mobile))) throw appError('MOBILE_IN_USE');
    await sendCode(ctx, request, 'mobileNew', mobileDestination(mobile, areaCode));
    return ok(null);
  });
}
