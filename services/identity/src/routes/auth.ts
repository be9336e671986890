// Sign-in and sign-up: code login, password login (with lockout), Google, register, forgot password.
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { appError, type AppInstance } from '@aipay/kit';
import {
  codeLoginBodySchema,
  forgotPasswordBodySchema,
  googleLoginBodySchema,
  loginResultSchema,
  ok,
  passwordLoginBodySchema,
  registerBodySchema,
} from '@aipay/contracts';
import { createAccount } from '../accounts.js';
import { assertNewPassword, checkCode, consumeCaptcha, invalidField, loginResult, type Ctx } from '../context.js';
import { answers } from './answers.js';
import { hashPassword, verifyPassword } from '../domain/passwords.js';
import { identifierKey, mobileIsValid, normaliseEmail } from '../domain/region.js';
import { IdentifierTaken } from '../store/users.js';

interface ByMobileOrEmail {
  mobile?: string | undefined;
  email?: string | undefined;
  areaCode: number;
}

export interface Login {
  kind: 'mobile' | 'email';
  key: string;
  mobile?: { number: string; areaCode: number };
  email?: string;
}

/** Which identifier a request names: the mobile when given, else the e-mail. */
export function loginOf(body: ByMobileOrEmail, request: FastifyRequest): Login {
  if (body.mobile) {
    if (!mobileIsValid(body.mobile, body.areaCode)) throw invalidField('mobile', request.language);
    return { kind: 'mobile', key: identifierKey.mobile(body.areaCode, body.mobile), mobile: { number: body.mobile, areaCode: body.areaCode } };
  }
  if (body.email) {
    const email = normaliseEmail(body.email);
    return { kind: 'email', key: identifierKey.email(email), email };
  }
  throw invalidField('mobile', request.language, 'required');
}

export function notRegistered(login: Login) {
  return appError(login.kind === 'mobile' ? 'MOBILE_NOT_REGISTERED' : 'EMAIL_NOT_REGISTERED');
}

export function authRoutes(app: AppInstance, ctx: Ctx): void {
  app.post('/user/login', { schema: { body: codeLoginBodySchema, response: answers(loginResultSchema) } }, async (request) => {
    const login = loginOf(request.body, request);
    const user = await ctx.users.byIdentifier(login.key);
    if (!user) throw notRegistered(login);
    await checkCode(ctx, ['login'], login.key, request.body.verifyCode);
    await ctx.loginFailures.clear(user._id);
    // A code sent to the e-mail proves it.
    const fresh = login.kind === 'email' && user.emailVerifyStatus !== 1 ? await ctx.users.update({ _id: user._id }, { emailVerifyStatus: 1 }) : user;
    return ok(await loginResult(ctx, app, fresh ?? user));
  });

  app.post('/user/passwordLogin', { schema: { body: passwordLoginBodySchema, response: answers(loginResultSchema) } }, async (request) => {
    const login = loginOf(request.body, request);
    if (request.body.captchaVerifyParam) await consumeCaptcha(ctx, request.body.captchaVerifyParam);
    const user = await ctx.users.byIdentifier(login.key);
    if (!user) throw appError('PASSWORD_LOGIN_FAILED');
    if (await ctx.loginFailures.locked(user._id)) throw appError('PASSWORD_LOGIN_LOCKED');
    if (!(await verifyPassword(request.body.password, user.passwordHash))) {
      const locked = await ctx.loginFailures.fail(user._id);
      throw appError(locked ? 'PASSWORD_LOGIN_LOCKED' : 'PASSWORD_LOGIN_FAILED');
    }
    await ctx.loginFailures.clear(user._id);
    return ok(await loginResult(ctx, app, user));
  });

  app.post('/user/googleOAuthLogin', { schema: { body: googleLoginBodySchema, response: answers(loginResultSchema) } }, async (request) => {
    const identity = await ctx.google.verify(request.body.accessToken, request.body.clientId);
    if (!identity) throw appError('LOGIN_FAILED');
    let user = await ctx.users.byIdentifier(identifierKey.google(identity.sub));
    if (!user && identity.email && identity.emailVerified) {
      // A verified Google e-mail that already has an account: link the Google subject to it.
      const existing = await ctx.users.byIdentifier(identifierKey.email(identity.email));
      if (existing) {
        try {
          await ctx.users.claim([identifierKey.google(identity.sub)], existing._id);
        } catch (error) {
          // A concurrent first login of the same subject linked or created it: use that account.
          if (!(error instanceof IdentifierTaken)) throw error;
        }
        const owner = await ctx.users.ownerOf(identifierKey.google(identity.sub));
        user = owner === existing._id ? await ctx.users.update({ _id: existing._id }, { googleSub: identity.sub, emailVerifyStatus: 1 }) : owner ? await ctx.users.byId(owner) : null;
      }
    }
    if (!user) {
      if (!identity.email) throw appError('LOGIN_FAILED');
      const email = normaliseEmail(identity.email);
      user = await createAccount(ctx, {
        email: { address: email, verified: identity.emailVerified },
        googleSub: identity.sub,
        name: identity.name,
      });
      return ok(await loginResult(ctx, app, user, { fresh: true }));
    }
    return ok(await loginResult(ctx, app, user));
  });

  app.post('/user/register', { schema: { body: registerBodySchema, response: answers(loginResultSchema) } }, async (request) => {
    const body = request.body;
    if (!body.agreement) throw appError('AGREEMENT_REQUIRED', { data: { field: 'agreement' } });
    const login = loginOf(body, request);
    if (login.kind === 'email') {
      // Seed 000 §5: e-mail registration needs a password and its confirmation.
      if (!body.password) throw invalidField('password', request.language, 'required');
      if (body.confirmPassword === undefined) throw invalidField('confirmPassword', request.language, 'required');
    }
    if (body.password) assertNewPassword(ctx, body.password, body.confirmPassword, login.mobile?.number);
    if (await ctx.users.ownerOf(login.key)) throw appError(login.kind === 'mobile' ? 'MOBILE_IN_USE' : 'EMAIL_IN_USE');
    await checkCode(ctx, ['register'], login.key, body.verifyCode);
    const user = await createAccount(ctx, {
      ...(login.mobile ? { mobile: login.mobile } : {}),
      ...(login.email ? { email: { address: login.email, verified: true } } : {}),
      passwordHash: body.password ? await hashPassword(body.password) : null,
      invitedCode: body.inviteCode,
    });
    return ok(await loginResult(ctx, app, user, { fresh: true }));
  });

  app.post('/user/forgotPassword', { schema: { body: forgotPasswordBodySchema, response: answers(z.null()) } }, async (request) => {
    const body = request.body;
    const login = loginOf(body, request);
    const user = await ctx.users.byIdentifier(login.key);
    if (!user) throw notRegistered(login);
    assertNewPassword(ctx, body.password, body.confirmPassword, user.mobile);
    await checkCode(ctx, ['updatePassword', 'login'], login.key, body.verifyCode);
    await ctx.users.update({ _id: user._id }, { passwordHash: await hashPassword(body.password) });
    await ctx.versions.revoke(user._id, 'password');
    await ctx.loginFailures.clear(user._id);
    return ok(null);
  });
}
