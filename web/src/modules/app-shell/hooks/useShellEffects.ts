// Shell-wide effects: ?login opens the auth modal, the logout event, forced bind-email, version check.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useLocation, useSearch } from 'wouter';
import { useUserInfo } from '../../auth/hooks/useUserInfo';
import { modalState, openAuth, type AuthMode } from '../../auth/states/modalState';
import { userState } from '../../auth/states/userState';
import { onLogout } from '../../auth/utils/authEvents';
import { isBindEmailExempt } from '../../auth/utils/returnTarget';
import { handleLogoutEvent, needsEmailBinding } from '../../auth/utils/session';
import { startVersionCheck } from '../utils/versionCheck';

const AUTH_MODES: readonly string[] = ['login', 'register', 'reset'];

export function useShellEffects(): void {
  const { t } = useTranslation('auth');
  const [location] = useLocation();
  const search = useSearch();
  const { isLoggedIn, userInfo } = useSnapshot(userState);
  useUserInfo();

  useEffect(() => onLogout(handleLogoutEvent), []);

  useEffect(() => (import.meta.env.PROD ? startVersionCheck() : undefined), []);

  // `?login=1` (or login=register|reset) opens the auth modal: links, redirects and browser tests.
  useEffect(() => {
    const value = new URLSearchParams(search).get('login');
    if (!value || isLoggedIn) return;
    const mode = (AUTH_MODES.includes(value) ? value : 'login') as AuthMode;
    const hasRedirect = new URLSearchParams(search).has('redirect');
    openAuth(mode, hasRedirect ? t('pleaseLogin') : null);
  }, [search, isLoggedIn, t]);

  // Forced bind-email for users without a verified e-mail, except on exempt paths.
  useEffect(() => {
    if (!isLoggedIn || !userInfo) return;
    modalState.bindEmail = needsEmailBinding(userInfo) && !isBindEmailExempt(location);
  }, [isLoggedIn, userInfo, location]);
}
