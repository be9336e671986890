// The QR code's state (seed 001 §4 item 8, 002 §4 "QR display"): loading → active once a URL is
// present; expired when the countdown ends, the image fails, or there is no URL; tapping an
// expired code goes back to loading (and the order is re-applied). Expiry is timeExpireTime
// seconds from receipt.
import { PAY_TIMINGS } from './payConstants';

export type QrStatus = 'loading' | 'active' | 'expired';

export interface QrState {
  status: QrStatus;
  payUrl?: string;
  /** Epoch ms at which the code expires. */
  deadline?: number;
}

export type QrEvent =
  | { type: 'received'; payUrl?: string; timeExpireTime: number; now: number }
  | { type: 'tick'; now: number }
  | { type: 'imageError' }
  | { type: 'linkFailed' }
  | { type: 'refresh' }
  /** A new order replaced the old one (re-apply, cannot pay): back to loading from any state. */
  | { type: 'reset' };

export const initialQrState: QrState = { status: 'loading' };

export function qrReducer(state: QrState, event: QrEvent, marginSeconds: number = PAY_TIMINGS.qrExpiryMarginSeconds): QrState {
  switch (event.type) {
    case 'received': {
      const url = event.payUrl?.trim();
      const seconds = event.timeExpireTime - marginSeconds;
      if (!url || !(seconds > 0)) return { status: 'expired', payUrl: url || undefined };
      return { status: 'active', payUrl: url, deadline: event.now + seconds * 1000 };
    }
    case 'tick':
      return state.status === 'active' && state.deadline !== undefined && event.now >= state.deadline ? { ...state, status: 'expired' } : state;
    case 'imageError':
    case 'linkFailed':
      return state.status === 'expired' ? state : { ...state, status: 'expired' };
    case 'refresh':
      return state.status === 'expired' ? initialQrState : state;
    case 'reset':
      return initialQrState;
  }
}

/** Whole seconds left on an active code (0 otherwise). */
export function qrSecondsLeft(state: QrState, now: number): number {
  if (state.status !== 'active' || state.deadline === undefined) return 0;
  return Math.max(0, Math.ceil((state.deadline - now) / 1000));
}

/** mm:ss */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
