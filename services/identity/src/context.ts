// What the routes share: stores, adapters, configuration, and the helpers every flow uses
// (current user, code send and check, login result, UserInfo).
import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { appError, issueAccessToken, type SessionVersions } from '@aipay/kit';
import { fieldMessage, type Language, type LoginResult, type UserInfo } from '@aipay/contracts';
import type { IdentityConfig } from './config.js';
import type { Notifier } from './adapters/notifier.js';
import type { KycProvider } from './adapters/kyc.js';
import type { GoogleVerifier } from './adapters/google.js';
import type { ComplaintSender } from './adapters/complaint.js';
import { emailMessage, smsText, type CodePurpose } from './domain/codes.js';
import { checkNewPassword } from './domain/passwords.js';
import { isHKMO, regionOf } from './domain/region.js';
import type { UserDoc } from './store/models.js';
import type { UserStore } from './store/users.js';
import type { CodeStore } from './store/codes.js';
import type { LoginFailures, OneTimeStore } from './store/tokens.js';

export interface Ctx {
  config: IdentityConfig;
  redis: Redis;
  users: UserStore;
  codes: CodeStore;
  once: OneTimeStore;
  loginFailures: LoginFailures;
  versions: SessionVersions;
  notifier: Notifier;
  kyc: KycProvider;
  google: GoogleVerifier;
  complaint: ComplaintSender;
  /** Called after a write that stored outbox events (wakes the relay). */
  eventsStored: () => void;
}

export function clientIp(request: FastifyRequest): string {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || request.ip;
}

/** The logged-in user (after app.authenticate); a deleted or unknown user is a bad token. */
export async function currentUser(ctx: Ctx, request: FastifyRequest): Promise<UserDoc> {
  const user = await ctx.users.byId(request.user.sub);
  if (!user) throw appError('TOKEN_ERROR');
  return user;
}

export function userInfo(ctx: Ctx, user: UserDoc): UserInfo {
  return {
    id: user._id,
    mobile: user.mobile,
    areaCode: user.areaCode,
    email: user.email,
    emailVerifyStatus: user.emailVerifyStatus,
    password: Boolean(user.passwordHash),
    existPayPassword: Boolean(user.payPasswordHash),
    hmac: createHmac('sha256', ctx.config.SUPPORT_HMAC_SECRET).update(user._id).digest('hex'),
    firstName: user.firstName,
    lastName: user.lastName,
    name: user.name,
    region: user.mobile ? regionOf(user.areaCode) : null,
    isHKMOUser: Boolean(user.mobile) && isHKMO(user.areaCode),
    inviteCode: user.inviteCode,
    invitedCode: user.invitedCode,
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

/** A login: with single-session on, older sessions end ("logged in elsewhere") before the new token. */
export async function loginResult(ctx: Ctx, app: FastifyInstance, user: UserDoc, options: { fresh?: boolean } = {}): Promise<LoginResult> {
  if (ctx.config.SINGLE_SESSION && !options.fresh) await ctx.versions.revoke(user._id, 'elsewhere');
  const token = await issueAccessToken(app, ctx.redis, user._id);
  return { token, loginUser: userInfo(ctx, user) };
}

/** Consumes the one-time captcha pass; missing, unknown or used → 2500. */
export async function consumeCaptcha(ctx: Ctx, token: string | undefined): Promise<void> {
  if (!token || !(await ctx.once.take('captcha-pass', token))) throw appError('CAPTCHA_SLIDE_FAILED');
}

export interface Destination {
  kind: 'mobile' | 'email';
  /** The national number or the e-mail address. */
  address: string;
  /** `mobile:86:…` or `email:…`. */
  target: string;
}

/** Issues a code and delivers it by SMS or e-mail in the request language. */
export async function sendCode(ctx: Ctx, request: FastifyRequest, purpose: CodePurpose, to: Destination): Promise<void> {
  const issued = await ctx.codes.issue(purpose, to.target, clientIp(request));
  if ('refused' in issued) throw appError('VERIFY_CODE_TOO_FREQUENT', { data: { reason: issued.refused } });
  const minutes = Math.round(ctx.config.CODE_TTL_SECONDS / 60);
  try {
    if (to.kind === 'mobile') {
      await ctx.notifier.sendSms(`+${to.target.split(':').slice(1).join('')}`, smsText(issued.code, request.language, minutes));
    } else {
      const message = emailMessage(issued.code, request.language, minutes);
      await ctx.notifier.sendEmail(to.address, message.subject, message.text);
    }
  } catch (error) {
    request.log.warn({ err: error, purpose }, 'code delivery failed');
    await ctx.codes.cancel(purpose, to.target);
    throw appError('VERIFY_CODE_SEND_FAILED');
  }
}

/** Checks a code; wrong or absent → 1009, the try that reaches the limit burns it. */
export async function checkCode(ctx: Ctx, purposes: CodePurpose[], target: string, code: string): Promise<void> {
  const result = await ctx.codes.checkAny(purposes, target, code);
  if (result === 'ok') return;
  throw appError(result === 'exceeded' ? 'VERIFY_CODE_TRIES_EXCEEDED' : 'VERIFY_CODE_WRONG');
}

/** Applies the configured password rule; the answer names the field. */
export function assertNewPassword(ctx: Ctx, password: string, confirm: string | undefined, mobile: string | null | undefined): void {
  const problem = checkNewPassword(password, { rule: ctx.config.PASSWORD_RULE, confirm, mobile });
  if (!problem) return;
  if (problem === 'mismatch') throw appError('PASSWORD_MISMATCH', { data: { field: 'confirmPassword' } });
  if (ctx.config.PASSWORD_RULE === 'legacy') throw appError('PASSWORD_RULE', { data: { field: 'password' } });
  throw appError('PARAM_INVALID', { data: { field: 'password' } });
}

/** The user's own mobile as a code destination (security checks never go anywhere else). */
export function ownMobile(user: UserDoc): Destination {
  if (!user.mobile || !user.areaCode) throw appError('USER_INFO_ERROR');
  return { kind: 'mobile', address: user.mobile, target: `mobile:${user.areaCode}:${user.mobile}` };
}

/** A 400 naming the field, like the schema errors: "mobile is invalid" / "mobile 格式不正确". */
export function invalidField(field: string, language: Language, key: 'invalid' | 'required' = 'invalid') {
  const message = fieldMessage(key, language, { field });
  return appError('PARAM_INVALID', { data: { field, issues: [{ field, message }] }, msg: message });
}
