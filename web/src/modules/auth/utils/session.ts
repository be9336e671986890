// What happens after a login and at logout (seed 000 §4).
import type { LoginResult, UserInfo } from '@aipay/contracts';
import { mutate } from 'swr';
import { navigate } from 'wouter/use-browser-location';
import { storage } from '../../storage/utils/storage';
import { closeAuth, modalState } from '../states/modalState';
import { clearSession, storeLogin } from '../states/userState';
import { authApi } from './authApi';
import { emitLogout } from './authEvents';
import { isBindEmailExempt, resolveReturnTarget } from './returnTarget';

export function needsEmailBinding(user: Pick<UserInfo, 'email' | 'emailVerifyStatus'>): boolean {
  return !user.email || user.emailVerifyStatus === 0;
}

/** The set-password modal shows once per user (seed 000 §4). */
export function shouldOfferSetPassword(user: Pick<UserInfo, 'id' | 'password'>): boolean {
  return !user.password && storage.get<string>('set-password-shown') !== user.id;
}

export function offerSetPassword(user: Pick<UserInfo, 'id'>): void {
  storage.set('set-password-shown', user.id, 0);
  modalState.setPassword = true;
}

/** Sends the user where they were going: pending path, else ?redirect, else the current URL. */
export function goToReturnTarget(): void {
  const target = resolveReturnTarget({
    pendingPath: modalState.pendingPath,
    search: window.location.search,
    currentUrl: window.location.pathname + window.location.search,
  });
  modalState.pendingPath = null;
  if (target !== window.location.pathname + window.location.search) navigate(target, { replace: true });
}

/** Login success: store token and user, close the modal, then bind e-mail, set password or redirect. */
export function completeLogin(result: LoginResult): void {
  storeLogin(result);
  closeAuth();
  void mutate('/user/info', result.loginUser, { revalidate: false });
  const user = result.loginUser;
  if (needsEmailBinding(user) && !isBindEmailExempt(window.location.pathname)) {
    modalState.bindEmail = true;
    return;
  }
  if (shouldOfferSetPassword(user)) offerSetPassword(user);
  goToReturnTarget();
}

/** A password or mobile change answers a fresh token for this device: keep the session going. */
export function replaceToken(result: { token?: string } | null | undefined): boolean {
  if (!result?.token) return false;
  storage.set('token', result.token);
  void mutate('/user/info');
  return true;
}

/** Registration answers a token, maybe without the user: fetch it, then continue as a login. */
export async function completeRegistration(result: Partial<LoginResult>): Promise<void> {
  if (!result.token) return;
  storage.set('token', result.token);
  const loginUser = result.loginUser ?? (await authApi.userInfo());
  completeLogin({ token: result.token, loginUser });
}

/** Logout: tell the server (best effort), clear the session and go home. */
export async function logout(): Promise<void> {
  try {
    await authApi.logout();
  } catch {
    // the session is cleared locally whatever the server said
  }
  emitLogout('user');
  navigate('/', { replace: true });
}

/** Handler of the logout event (also on 401/1005 from the request layer). */
export function handleLogoutEvent(): void {
  clearSession();
  void mutate('/user/info', undefined, { revalidate: false });
  Object.assign(modalState, { bindEmail: false, setPassword: false, changePassword: false, changeEmail: false, modifyPhone: false });
}
