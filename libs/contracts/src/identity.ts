// HTTP contract of the identity calls (seed 000 §5, §7; 001 §4-§5 for the payment password).
// The web client and services/identity both use these schemas. Request field names are the seeds';
// response shapes are ours where the seeds say "not shown".
import { z } from 'zod';
import { PhoneRegion, VerifyCodeType } from './enums.js';

// Validation messages are keys of FIELD_MESSAGES ('required', 'invalid' ...), localised by the kit.

/** Area code of a mobile number; 86 when absent (seed 000 §3: region derived from the mobile). */
export const areaCodeSchema = z.coerce
  .number()
  .pipe(z.union([z.literal(PhoneRegion.china), z.literal(PhoneRegion.hongKong), z.literal(PhoneRegion.macao)]))
  .default(PhoneRegion.china);

/** China: 11 digits, 1 then 3-9; Hong Kong and Macao: exactly 8 digits (seed 000 §5). */
export function isValidMobile(mobile: string, areaCode: number): boolean {
  return areaCode === PhoneRegion.china ? /^1[3-9]\d{9}$/.test(mobile) : /^\d{8}$/.test(mobile);
}

export const mobileSchema = z.string({ message: 'required' }).trim().min(1, 'required').regex(/^\d{8,11}$/, 'invalid');
export const emailSchema = z.string({ message: 'required' }).trim().min(1, 'required').max(100, 'tooLong').pipe(z.email('invalid'));
/** Exactly 6 digits (seed 000 §5, §9). */
export const verifyCodeSchema = z.string({ message: 'required' }).trim().regex(/^\d{6}$/, 'invalid');
/** Login password: required, trimmed, at most 50 (seed 000 §5). */
export const loginPasswordSchema = z.string({ message: 'required' }).trim().min(1, 'required').max(50, 'tooLong');
/** New password: the newer rule, 8 to 50 (the older 12-character rule is configuration in identity). */
export const newPasswordSchema = z.string({ message: 'required' }).min(8, 'tooShort').max(50, 'tooLong');
/** Invite code: digits and capitals, 3 to 10 (seed 000 §5, 002 §5). */
export const inviteCodeSchema = z.string().trim().toUpperCase().regex(/^[0-9A-Z]{3,10}$/, 'invalid');
/** One-time token from a passed slide captcha. */
export const captchaVerifyParamSchema = z.string({ message: 'required' }).min(1, 'required');
/** Payment password: exactly 6 digits (seed 001 §5). */
export const payPasswordSchema = z.string({ message: 'required' }).regex(/^\d{6}$/, 'invalid');

// ---- slide captcha -------------------------------------------------------------------------

export const captchaPuzzleSchema = z.object({
  captchaId: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Width and height of the (square) piece image, knobs included. */
  pieceSize: z.number(),
  /** Top of the piece image; the piece slides horizontally from x = 0 (the gap's x is the secret). */
  pieceY: z.number(),
  /** SVG data URIs. */
  background: z.string(),
  piece: z.string(),
  expiresInSeconds: z.number().int(),
});
export type CaptchaPuzzle = z.infer<typeof captchaPuzzleSchema>;

export const captchaVerifyBodySchema = z.object({
  captchaId: z.string().min(1, 'required'),
  /** Where the user released the piece, in puzzle pixels. */
  x: z.number().min(0),
  /** Milliseconds from the start of the drag to its release. */
  durationMs: z.number().int().min(0),
  /** Sampled drag track [x, ms since start]; a real drag has several points. */
  track: z.array(z.tuple([z.number(), z.number()])).max(500).default([]),
});
export const captchaVerifyResultSchema = z.object({ captchaVerifyParam: z.string() });

// ---- requests --------------------------------------------------------------------------------

export const sendCodeBodySchema = z.object({ captchaVerifyParam: captchaVerifyParamSchema, areaCode: areaCodeSchema });
export const emailCodeBodySchema = z.object({
  email: emailSchema,
  verifyCodeType: z.enum(VerifyCodeType),
  captchaVerifyParam: captchaVerifyParamSchema,
});

const byMobileOrEmail = { mobile: mobileSchema.optional(), email: emailSchema.optional(), areaCode: areaCodeSchema };

export const codeLoginBodySchema = z.object({ ...byMobileOrEmail, verifyCode: verifyCodeSchema });
export const passwordLoginBodySchema = z.object({
  ...byMobileOrEmail,
  password: loginPasswordSchema,
  captchaVerifyParam: captchaVerifyParamSchema.optional(),
});
export const googleLoginBodySchema = z.object({ accessToken: z.string().min(1, 'required'), clientId: z.string().min(1, 'required') });
export const registerBodySchema = z.object({
  ...byMobileOrEmail,
  password: newPasswordSchema.optional(),
  confirmPassword: z.string().optional(),
  verifyCode: verifyCodeSchema,
  inviteCode: inviteCodeSchema.optional(),
  /** Terms agreement (ticked by default in the client). */
  agreement: z.boolean().default(true),
});
export const forgotPasswordBodySchema = z.object({
  ...byMobileOrEmail,
  verifyCode: verifyCodeSchema,
  password: newPasswordSchema,
  confirmPassword: z.string().optional(),
});
export const updatePasswordBodySchema = z.object({
  ...byMobileOrEmail,
  password: newPasswordSchema,
  confirmPassword: z.string().optional(),
  verifyCode: verifyCodeSchema,
});
export const initPasswordBodySchema = z.object({ password: newPasswordSchema, confirmPassword: z.string().optional() });
export const emailWithCodeBodySchema = z.object({ email: emailSchema, verifyCode: verifyCodeSchema });
export const newMobileLastStepBodySchema = z.object({
  newMobile: mobileSchema,
  areaCode: areaCodeSchema,
  verifyCode: verifyCodeSchema,
  /** The token returned by GET /user/updateUserMobile/verify (old number proven). */
  verifyFlow: z.string().min(1, 'required'),
});
export const inviteCodeBodySchema = z.object({ inviteCode: inviteCodeSchema });
export const updateUserInfoBodySchema = z.object({
  firstName: z.string().trim().max(50, 'tooLong').optional(),
  lastName: z.string().trim().max(50, 'tooLong').optional(),
  name: z.string().trim().max(50, 'tooLong').optional(),
});
export const complaintBodySchema = z.object({
  content: z.string().trim().min(1, 'required').max(2000, 'tooLong'),
  email: emailSchema,
});
export const setPayPasswordBodySchema = z.object({
  password: payPasswordSchema,
  oldPassword: payPasswordSchema.optional(),
  verifyCode: verifyCodeSchema.optional(),
});
export const verifyPayPasswordBodySchema = z.object({ password: payPasswordSchema });

// ---- answers ---------------------------------------------------------------------------------

export const userInfoSchema = z.object({
  id: z.string(),
  mobile: z.string().nullable(),
  areaCode: z.number().int().nullable(),
  email: z.string().nullable(),
  /** 0 not verified, 1 verified. */
  emailVerifyStatus: z.number().int(),
  /** Whether a login password is set (the seeds check its presence only). */
  password: z.boolean(),
  existPayPassword: z.boolean(),
  /** HMAC-SHA256 of the user id for the support widget. */
  hmac: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string().nullable(),
  region: z.enum(['china', 'hongKong', 'macao']).nullable(),
  isHKMOUser: z.boolean(),
  inviteCode: z.string(),
  invitedCode: z.string().nullable(),
  createdAt: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginResultSchema = z.object({ token: z.string(), loginUser: userInfoSchema });
export type LoginResult = z.infer<typeof loginResultSchema>;

export const payPasswordVerifyResultSchema = z.object({
  /** 0 success, 1 not set, 2 wrong, 3 failure limit exceeded. */
  resultType: z.number().int(),
  failCount: z.number().int(),
});

// ---- added by services/identity (answers and queries of calls whose shape the seeds do not show) ----

/** GET /user/updateUserMobile/verify query. */
export const mobileChangeVerifyQuerySchema = z.object({ verifyCode: verifyCodeSchema });
/** GET /user/updateUserMobile/verify: the one-time token of the proven current number (10 min). */
export const verifyFlowResultSchema = z.object({ verifyFlow: z.string() });
/** POST /user/updatePassword and /user/updateUserMobile/verifyLastStep: every older session ends; this is the new one. */
export const tokenResultSchema = z.object({ token: z.string() });
/** GET /user/isGradual. */
export const isGradualResultSchema = z.object({ isGradual: z.boolean() });
/** GET /v1/user/identityVerify: open verifyUrl to run the face verification. */
export const identityVerifyResultSchema = z.object({ certifyId: z.string(), verifyUrl: z.string() });
export const identityVerifyStatusQuerySchema = z.object({ certifyId: z.string().trim().min(1, 'required').max(200, 'tooLong') });
/** GET /v1/user/identityVerifyStatus: 0 processing, 1 success, 2 failure (seed 000 §3). */
export const identityVerifyStatusResultSchema = z.object({
  certifyId: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
