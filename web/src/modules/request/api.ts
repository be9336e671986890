// The app's request function, wired to storage, i18n, the toast and the logout event.
import { API_BASE, APP_VERSION, EMBED_LOGIN_PATH, MOBILE_BREAKPOINT_PX } from '../../config';
import { emitLogout } from '../auth/utils/authEvents';
import { i18n } from '../i18n/i18n';
import { storage } from '../storage/utils/storage';
import { showToast } from '../toast/states/toastState';
import { createRequest } from './utils/createRequest';

export const request = createRequest({
  baseUrl: API_BASE,
  fetch: (input, init) => window.fetch(input, init),
  getToken: () => storage.get<string>('token'),
  getLanguage: () => i18n.language,
  isMobile: () => window.innerWidth < MOBILE_BREAKPOINT_PX,
  version: APP_VERSION,
  toast: (message) => showToast(message),
  message: (key) => i18n.t(`common:request.${key}`),
  onSessionExpired: () => emitLogout('expired'),
  suppressExpiredMessage: () => window.location.pathname === EMBED_LOGIN_PATH,
});

/** The SWR fetcher: the key is the path. */
export const swrFetcher = <T,>(url: string) => request<T>({ url, cancelDuplicate: false });
