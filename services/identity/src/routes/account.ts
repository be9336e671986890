// The logged-in user's account: info, logout, passwords, e-mail, invite codes, profile.
import { z } from 'zod';
import { appError, issueAccessToken, type AppInstance } from '@aipay/kit';
import {
  emailWithCodeBodySchema,
  initPasswordBodySchema,
  inviteCodeBodySchema,
  isGradualResultSchema,
  ok,
  tokenResultSchema,
  updatePasswordBodySchema,
  updateUserInfoBodySchema,
  userInfoSchema,
} from '@aipay/contracts';
import { assertNewPassword, checkCode, currentUser, invalidField, ownMobile, userInfo, type Ctx } from '../context.js';
import { answers } from './answers.js';
import { hashPassword } from '../domain/passwords.js';
import { identifierKey, normaliseEmail } from '../domain/region.js';
import { IdentifierTaken } from '../store/users.js';

export function accountRoutes(app: AppInstance, ctx: Ctx): void {
  const auth = { preHandler: app.authenticate };

  app.get('/user/info', { ...auth, schema: { response: answers(userInfoSchema) } }, async (request) => ok(userInfo(ctx, await currentUser(ctx, request))));

  app.get('/user/isGradual', { schema: { response: answers(isGradualResultSchema) } }, async (request) => {
    // Public call: a token, when present and valid, names the user; otherwise the answer is false.
    try {
      await app.authenticate(request);
      return ok({ isGradual: ctx.config.GRADUAL_USER_IDS.includes(request.user.sub) });
    } catch {
      return ok({ isGradual: false });
    }
  });

  app.post('/user/logout', { ...auth, schema: { response: answers(z.null()) } }, async (request) => {
    await ctx.versions.revoke(request.user.sub, 'logout');
    return ok(null);
  });

  app.post('/user/updatePassword', { ...auth, schema: { body: updatePasswordBodySchema, response: answers(tokenResultSchema) } }, async (request) => {
    const user = await currentUser(ctx, request);
    const body = request.body;
    const byEmail = Boolean(body.email) && !body.mobile && user.email === normaliseEmail(body.email ?? '');
    const target = byEmail || !user.mobile ? (user.email ? identifierKey.email(user.email) : null) : ownMobile(user).target;
    if (!target) throw appError('USER_INFO_ERROR');
    assertNewPassword(ctx, body.password, body.confirmPassword, user.mobile);
    await checkCode(ctx, ['updatePassword'], target, body.verifyCode);
    await ctx.users.update({ _id: user._id }, { passwordHash: await hashPassword(body.password) });
    await ctx.versions.revoke(user._id, 'password');
    await ctx.loginFailures.clear(user._id);
    // Every session ends; this device gets a fresh token.
    return ok({ token: await issueAccessToken(app, ctx.redis, user._id) });
  });

  app.post('/user/initPassword', { ...auth, schema: { body: initPasswordBodySchema, response: answers(z.null()) } }, async (request) => {
    const user = await currentUser(ctx, request);
    assertNewPassword(ctx, request.body.password, request.body.confirmPassword, user.mobile);
    const hash = await hashPassword(request.body.password);
    const updated = await ctx.users.update({ _id: user._id, passwordHash: null }, { passwordHash: hash });
    if (!updated) throw appError('PASSWORD_ALREADY_SET');
    return ok(null);
  });

  app.post('/user/updateEmail', { ...auth, schema: { body: emailWithCodeBodySchema, response: answers(userInfoSchema) } }, async (request) => {
    const user = await currentUser(ctx, request);
    const email = normaliseEmail(request.body.email);
    const key = identifierKey.email(email);
    await checkCode(ctx, ['updateEmail'], key, request.body.verifyCode);
    if (user.email === email) {
      const updated = await ctx.users.update({ _id: user._id }, { emailVerifyStatus: 1 });
      return ok(userInfo(ctx, updated ?? user));
    }
    try {
      await ctx.users.claim([key], user._id);
    } catch (error) {
      if (error instanceof IdentifierTaken) throw appError('EMAIL_IN_USE');
      throw error;
    }
    const updated = await ctx.users.update({ _id: user._id, email: user.email }, { email, emailVerifyStatus: 1 });
    if (!updated) {
      await ctx.users.release([key], user._id);
      throw appError('CONFLICT');
    }
    if (user.email) await ctx.users.release([identifierKey.email(user.email)], user._id);
    return ok(userInfo(ctx, updated));
  });

  app.post('/user/verifyEmail', { ...auth, schema: { body: emailWithCodeBodySchema, response: answers(userInfoSchema) } }, async (request) => {
    const user = await currentUser(ctx, request);
    const email = normaliseEmail(request.body.email);
    if (user.email !== email) throw invalidField('email', request.language);
    await checkCode(ctx, ['verify', 'updateEmail'], identifierKey.email(email), request.body.verifyCode);
    const updated = await ctx.users.update({ _id: user._id, email }, { emailVerifyStatus: 1 });
    return ok(userInfo(ctx, updated ?? user));
  });

  app.post('/user/inviteCode', { ...auth, schema: { body: inviteCodeBodySchema, response: answers(userInfoSchema) } }, async (request) => {
    const user = await currentUser(ctx, request);
    const code = request.body.inviteCode;
    if (code === user.inviteCode) return ok(userInfo(ctx, user));
    try {
      await ctx.users.claim([identifierKey.invite(code)], user._id);
    } catch (error) {
      if (error instanceof IdentifierTaken) throw appError('INVITE_CODE_USED');
      throw error;
    }
    const updated = await ctx.users.update({ _id: user._id, inviteCode: user.inviteCode }, { inviteCode: code });
    if (!updated) {
      await ctx.users.release([identifierKey.invite(code)], user._id);
      throw appError('CONFLICT');
    }
    await ctx.users.release([identifierKey.invite(user.inviteCode)], user._id);
    return ok(userInfo(ctx, updated));
  });

  app.post('/user/updateInvitedCode', { ...auth, schema: { body: inviteCodeBodySchema, response: answers(userInfoSchema) } }, async (request) => {
    const user = await currentUser(ctx, request);
    const code = request.body.inviteCode;
    const owner = await ctx.users.ownerOf(identifierKey.invite(code));
    if (!owner || owner === user._id) throw invalidField('inviteCode', request.language);
    const updated = await ctx.users.update({ _id: user._id, invitedCode: null }, { invitedCode: code });
    if (!updated) throw appError('INVITED_CODE_ALREADY_SET');
    return ok(userInfo(ctx, updated));
  });

  app.post('/user/updateUserInfo', { ...auth, schema: { body: updateUserInfoBodySchema, response: answers(userInfoSchema) } }, async (request) => {
    const user = await currentUser(ctx, request);
    const set = Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined));
    const updated = Object.keys(set).length > 0 ? await ctx.users.update({ _id: user._id }, set) : user;
    return ok(userInfo(ctx, updated ?? user));
  });
}
