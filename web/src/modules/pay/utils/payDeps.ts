// The browser wiring of the pay flow (payFlow.ts takes everything injected).
import { MOBILE_BREAKPOINT_PX } from '../../../config';
import { userState } from '../../auth/states/userState';
import { i18n } from '../../i18n/i18n';
import { storage } from '../../storage/utils/storage';
import { showToast } from '../../toast/states/toastState';
import { chooseChannel, openPaymentModal } from '../states/payModalState';
import { payApi } from './payApi';
import type { PayFlowDeps, PayFlowNotice } from './payFlow';
import { savePayOrder } from './payOrder';

/** The same rule as the request layer's clientType header: mobile below 720 px. */
export function isMobileViewport(): boolean {
  return typeof window !== 'undefined' && window.innerWidth < MOBILE_BREAKPOINT_PX;
}

/** A requestKey per order attempt (the service makes creation idempotent on it). */
export function newRequestKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function notify(notice: PayFlowNotice): void {
  if (notice.kind === 'noChannel') showToast(i18n.t('pay:message.noChannel'), 'warning');
  else if (notice.kind === 'flexHeld') showToast(i18n.t('pay:message.flexHeld'), 'warning');
  else showToast(notice.msg, 'warning');
}

export function browserPayDeps(navigate: (path: string) => void): PayFlowDeps {
  return {
    isMobile: isMobileViewport,
    isLoggedIn: () => userState.isLoggedIn,
    now: () => Date.now(),
    newRequestKey,
    origin: window.location.origin,
    api: payApi,
    chooseChannel,
    openPayment: openPaymentModal,
    savePayOrder: (order) => savePayOrder(storage, order),
    navigate,
    leave: (url) => window.location.assign(url),
    notify,
  };
}
