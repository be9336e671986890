// Account calls of seed 000 §7 (paths and field names exactly as the seed has them).
import type { LoginResult, UserInfo } from '@aipay/contracts';
import { request } from '../../request/api';
import type { AreaCode } from './validation';

export type VerifyCodeType = 'login' | 'register' | 'updatePassword' | 'updateEmail' | 'verify';

/** Mobile or e-mail; the area code travels with a mobile. */
export type Account = { mobile: string; areaCode: AreaCode; email?: undefined } | { email: string; mobile?: undefined; areaCode?: undefined };

const post = <T,>(url: string, data?: unknown, extra: { showError?: boolean } = {}) => request<T>({ method: 'POST', url, data, ...extra });
const enc = encodeURIComponent;

export const authApi = {
  sendLoginCode: (mobile: string, areaCode: AreaCode, captchaVerifyParam: string) =>
    post<null>(`/user/login/verifyCode/${enc(mobile)}`, { captchaVerifyParam, areaCode }),
  sendRegisterCode: (mobile: string, areaCode: AreaCode, captchaVerifyParam: string) =>
    post<null>(`/user/register/verifyCode/${enc(mobile)}`, { captchaVerifyParam, areaCode }),
  sendEmailCode: (email: string, verifyCodeType: VerifyCodeType, captchaVerifyParam: string) =>
    post<null>('/user/email/verifyCode', { email, verifyCodeType, captchaVerifyParam }),
  /** Security-check code to the user's own number (pay-password reset; seed 001 §4). */
  sendVerifyCode: (mobile: string, captchaVerifyParam: string) => post<null>(`/user/verify/verifyCode/${enc(mobile)}`, { captchaVerifyParam }),
  sendUpdatePasswordCode: (mobile: string, captchaVerifyParam: string) =>
    post<null>(`/user/updatePassword/verifyCode/${enc(mobile)}`, { captchaVerifyParam }),

  codeLogin: (account: Account, verifyCode: string) => post<LoginResult>('/user/login', { ...account, verifyCode }),
  passwordLogin: (account: Account, password: string) =>
    post<LoginResult>('/user/passwordLogin', { ...account, password: password.trim() }),
  /** `accessToken` is the Google ID token (docs/identity.md "Google sign-in"). */
  googleLogin: (accessToken: string, clientId: string) => post<LoginResult>('/user/googleOAuthLogin', { accessToken, clientId }),
  /** Answers a token (docs/identity.md); `loginUser` may come with it. */
  register: (account: Account, body: { verifyCode: string; password?: string; confirmPassword?: string; inviteCode?: string }) =>
    post<Partial<LoginResult> | null>('/user/register', { ...account, ...body, agreement: true }),
  forgotPassword: (account: Account, verifyCode: string, password: string, confirmPassword: string) =>
    post<null>('/user/forgotPassword', { ...account, verifyCode, password, confirmPassword }),
  /** Answers `{token}`: a fresh session for this device, every other one ended. */
  updatePassword: (account: Account, verifyCode: string, password: string, confirmPassword: string) =>
    post<{ token?: string } | null>('/user/updatePassword', { ...account, verifyCode, password, confirmPassword }),
  initPassword: (password: string, confirmPassword: string) => post<null>('/user/initPassword', { password, confirmPassword }),
  updateEmail: (email: string, verifyCode: string) => post<null>('/user/updateEmail', { email, verifyCode }),
  verifyEmail: (email: string, verifyCode: string) => post<null>('/user/verifyEmail', { email, verifyCode }),

  sendOldMobileCode: (captchaVerifyParam: string) => post<null>('/user/updateUserMobile/verifyCode', { captchaVerifyParam }),
  verifyOldMobile: (verifyCode: string) => request<{ verifyFlow: string }>({ url: '/user/updateUserMobile/verify', params: { verifyCode } }),
  sendNewMobileCode: (mobile: string, areaCode: AreaCode, captchaVerifyParam: string) =>
    post<null>(`/user/updateUserMobile/newMobileVerifyCode/${enc(mobile)}`, { captchaVerifyParam, areaCode }),
  /** Answers `{token}` like updatePassword. */
  verifyNewMobile: (body: { newMobile: string; areaCode: AreaCode; verifyCode: string; verifyFlow: string }) =>
    post<{ token?: string } | null>('/user/updateUserMobile/verifyLastStep', body),

  logout: () => post<null>('/user/logout', undefined, { showError: false }),
  userInfo: () => request<UserInfo>({ url: '/user/info' }),
  complaint: (content: string, email: string) => post<null>('/user/complaint', { content, email }),
};
