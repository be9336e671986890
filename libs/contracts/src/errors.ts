// The one error catalogue: the seeds' numeric codes (000 §8, 001 §8, 002 §8) plus our own
// codes for the seeds' named messages that come without a number. Messages in zh and en.
import type { Language, Localized } from './language.js';

interface ErrorDef extends Localized {
  /** The numeric code sent in the envelope's `code`. */
  code: number;
  /** The HTTP status the envelope travels with. */
  status: number;
}

function def(code: number, status: number, zh: string, en: string): ErrorDef {
  return { code, status, zh, en };
}

/**
 * Codes from the seeds keep their numbers exactly. Codes 3001-3999 are ours, for messages the
 * seeds name without a code; 400/404/409/429/500/503/504 are transport-level answers.
 */
export const ERRORS = {
  // Seeds 000 §8, 002 §8: sessions and permission.
  TOKEN_OVERDUE: def(401, 401, '登录状态已过期，请重新登录', 'Login status expired, please log in again'),
  TOKEN_ERROR: def(1005, 401, '登录凭证无效，请重新登录', 'Invalid login token, please log in again'),
  LOGGED_IN_ELSEWHERE: def(1005, 401, '账号已在其他地方登录', 'Account logged in elsewhere'),
  NO_PERMISSION: def(403, 403, '没有权限', 'No permission'),
  // Codes and captcha.
  VERIFY_CODE_WRONG: def(1009, 400, '验证码错误', 'Verification code is wrong'),
  VERIFY_CODE_WRONG_MODAL: def(2408, 400, '验证码错误，请重新验证', 'Verification code is wrong, please verify again'),
  CAPTCHA_SLIDE_FAILED: def(2500, 400, '人机验证失败', 'Human verification failed'),
  // Seed 001 §8: card and money.
  FACE_IDENTITY_REQUIRED: def(2112, 400, '账户未通过人脸身份认证', 'Account has not passed face identity verification'),
  MEMBER_EXPIRED: def(2137, 400, '账户会员已过期', 'Account membership expired'),
  RECHARGE_MONTHLY_LIMIT: def(2213, 400, '已超过每月支付限额', 'Exceeded the monthly payment limit'),
  RECHARGE_ORDER_INCOMPLETE: def(2211, 400, '系统检测到订单未完成，请先完成充值', 'The system detected that the order is incomplete, please complete the recharge first'),
  RECHARGE_REFUSED: def(1017, 400, '充值暂不可用，请稍后再试', 'Recharge is not available right now, please try again later'),
  NO_AVAILABLE_CARD: def(2302, 400, '暂无可用卡片', 'No card is available'),
  INVITE_CODE_USED: def(2113, 400, '邀请码已被使用', 'Invitation code already used'),
  WITHDRAW_NOT_AVAILABLE: def(2410, 400, '暂不支持提现', 'Withdrawal is not available'),
  FLEX_PACKAGE_HELD: def(1001, 400, '您已持有相同套餐', 'You already hold the same package'),
  // Ours, for the seeds' named messages without a code.
  PASSWORD_LOGIN_LOCKED: def(3001, 400, '登录失败次数过多，请使用验证码登录', 'Too many login failures, please log in with a code'),
  PASSWORD_LOGIN_FAILED: def(3002, 400, '账号或密码错误', 'Password login failed'),
  MOBILE_NOT_REGISTERED: def(3003, 400, '用户手机号不存在', 'User mobile number does not exist'),
  USER_INFO_ERROR: def(3004, 400, '用户信息错误（无手机号或邮箱），请重新登录', 'User info error (no phone or email), please log in again'),
  SAME_MOBILE: def(3005, 400, '新旧手机号相同', 'The old and new phone numbers are the same'),
  MOBILE_IN_USE: def(3006, 400, '手机号已被使用', 'Phone number already in use'),
  EMAIL_IN_USE: def(3007, 400, '邮箱已被使用', 'E-mail already in use'),
  VERIFY_CODE_SEND_FAILED: def(3008, 400, '验证码发送失败', 'Failed to send verification code'),
  VERIFY_CODE_TOO_FREQUENT: def(3009, 429, '验证码发送过于频繁，请稍后再试', 'Codes are sent too often, please try again later'),
  VERIFY_CODE_TRIES_EXCEEDED: def(3010, 400, '验证码错误次数过多，请重新获取', 'Too many wrong tries, please request a new code'),
  AGREEMENT_REQUIRED: def(3011, 400, '请同意用户协议', 'Agreement required'),
  PAY_PASSWORD_NOT_SET: def(3012, 400, '请先设置支付密码', 'Set a payment password first'),
  PAY_PASSWORD_LOCKED: def(3013, 400, '已超过最大错误次数，请重置密码', 'Exceeded the maximum allowed failed attempts. Please reset your password.'),
  PAY_LINK_PARAMS_MISSING: def(3014, 400, '缺少获取支付链接的参数', 'Missing parameters for getting pay link'),
  PAY_LINK_FAILED: def(3015, 400, '获取支付链接失败', 'Failed to get pay link'),
  ACCOUNT_DELETE_ACTIVE_SERVICES: def(3016, 400, '您有正在使用的服务，请联系客服注销账号', 'You have active services; please contact customer service to delete the account'),
  IN_MAINTENANCE: def(3017, 503, '银行系统升级中，充值与提现暂停', 'Bank system upgrade in progress; recharge and withdrawal are suspended'),
  CARD_NO_BALANCE: def(3018, 400, '卡片余额不足，请先充值', 'Card has no balance, recharge first'),
  /** A balance payment from a frozen card; the answer names the card (`data.cardId`, and the message). */
  CARD_FROZEN: def(3019, 400, '卡片已冻结，请先解冻', 'The card is frozen, unfreeze it first'),
  // Identity (codes 3101-3199 are identity's own).
  LOGIN_FAILED: def(3101, 400, '登录失败，请重试', 'Login failed, retry'),
  EMAIL_NOT_REGISTERED: def(3102, 400, '用户邮箱不存在', 'User e-mail does not exist'),
  PASSWORD_ALREADY_SET: def(3103, 400, '已设置登录密码', 'A login password is already set'),
  PASSWORD_MISMATCH: def(3104, 400, '两次输入的密码不一致', 'Passwords do not match'),
  PASSWORD_RULE: def(3105, 400, '密码至少 12 位，不能全是数字，且不能包含手机号', 'The password needs at least 12 characters, not only digits, and must not contain the mobile number'),
  VERIFY_FLOW_INVALID: def(3106, 400, '验证已失效，请重新验证原手机号', 'Verification expired, please verify the current number again'),
  INVITED_CODE_ALREADY_SET: def(3107, 400, '已填写过邀请码', 'An invitation code was already entered'),
  KYC_UNAVAILABLE: def(3108, 503, '人脸认证服务暂不可用，请稍后重试', 'Face verification is unavailable, please try again later'),
  COMPLAINT_FAILED: def(3109, 400, '提交失败', 'Submit failed'),
  PAY_PASSWORD_WRONG: def(3110, 400, '支付密码错误', 'Wrong payment password'),
  IDENTITY_ALREADY_VERIFIED: def(3111, 400, '您已通过身份认证，无需重复认证', 'Already verified'),
  // Transport-level answers.
  PARAM_INVALID: def(400, 400, '参数错误', 'Invalid parameter'),
  NOT_FOUND: def(404, 404, '资源不存在', 'Not found'),
  CONFLICT: def(409, 409, '请求冲突，请刷新后重试', 'Conflicting request, refresh and retry'),
  TOO_MANY_REQUESTS: def(429, 429, '网络繁忙，请刷新后重试', 'Network busy, refresh and retry'),
  SERVER_ERROR: def(500, 500, '服务器错误', 'Server error'),
  SERVICE_UNAVAILABLE: def(503, 503, '服务暂不可用，请稍后重试', 'Service unavailable, please try again later'),
  REQUEST_TIMEOUT: def(504, 504, '请求超时', 'Request timed out'),
} as const satisfies Record<string, ErrorDef>;

export type ErrorName = keyof typeof ERRORS;

export function errorMessage(name: ErrorName, language: Language): string {
  return ERRORS[name][language];
}

/** Texts for field-level validation messages ("{field}" is replaced by the field's path). */
export const FIELD_MESSAGES = {
  required: { zh: '{field} 不能为空', en: '{field} is required' },
  invalid: { zh: '{field} 格式不正确', en: '{field} is invalid' },
  tooShort: { zh: '{field} 长度不能少于 {min}', en: '{field} must be at least {min} long' },
  tooLong: { zh: '{field} 长度不能超过 {max}', en: '{field} must be at most {max} long' },
  tooSmall: { zh: '{field} 不能小于 {min}', en: '{field} must be at least {min}' },
  tooBig: { zh: '{field} 不能大于 {max}', en: '{field} must be at most {max}' },
  notAllowed: { zh: '{field} 的取值不在允许范围内', en: '{field} has a value that is not allowed' },
  unknownField: { zh: '不支持的字段 {field}', en: 'Unknown field {field}' },
} as const satisfies Record<string, Localized>;

export type FieldMessageKey = keyof typeof FIELD_MESSAGES;

export function fieldMessage(
  key: FieldMessageKey,
  language: Language,
  values: Record<string, string | number>,
): string {
  return FIELD_MESSAGES[key][language].replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
}
