// The user store (seed 000 §3 "User state"): session flag, user info and its loading status.
import type { LoginResult, UserInfo } from '@aipay/contracts';
import { proxy } from 'valtio';
import { storage } from '../../storage/utils/storage';

export type UserInfoStatus = 'initial' | 'loading' | 'success' | 'failed';
export type ThemeType = 'light' | 'dark';

export type UserState = {
  isLoggedIn: boolean;
  userInfo: UserInfo | null;
  getUserInfoStatus: UserInfoStatus;
  themeType: ThemeType;
};

export const userState = proxy<UserState>({
  isLoggedIn: Boolean(storage.get<string>('token')),
  userInfo: storage.get<UserInfo>('user') ?? null,
  getUserInfoStatus: 'initial',
  themeType: storage.get<ThemeType>('theme') ?? 'light',
});

export function storeLogin(result: LoginResult): void {
  storage.set('token', result.token);
  storage.set('user', result.loginUser);
  userState.isLoggedIn = true;
  userState.userInfo = result.loginUser;
  userState.getUserInfoStatus = 'success';
}

export function storeUserInfo(info: UserInfo): void {
  storage.set('user', info);
  userState.userInfo = info;
}

/** Logout clears the user state and the stored session (language, theme, version and invite code stay). */
export function clearSession(): void {
  (['token', 'user', 'pay-order', 'pay-redirected', 'pay-password-reset'] as const).forEach((key) => storage.remove(key));
  userState.isLoggedIn = false;
  userState.userInfo = null;
  userState.getUserInfoStatus = 'initial';
}
