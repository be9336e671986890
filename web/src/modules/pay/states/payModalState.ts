// Which pay modal is open: the channel chooser, the payment (QR / form) modal and the success view.
// Kept tiny (types only) because GlobalModals, in the initial bundle, reads it; the modals are lazy.
import { proxy, ref } from 'valtio';
import type { PaymentModalResult, PaymentSession } from '../utils/payFlow';
import type { ChannelOffer } from '../utils/payTypes';

export const payChooserState = proxy<{ open: boolean; offers: ChannelOffer[]; id: number }>({ open: false, offers: [], id: 0 });

let chooserResolve: ((offer: ChannelOffer | null) => void) | null = null;

/** Opens the chooser; resolves with the picked offer, or null when it is closed. */
export function chooseChannel(offers: ChannelOffer[]): Promise<ChannelOffer | null> {
  chooserResolve?.(null);
  payChooserState.offers = offers;
  payChooserState.id += 1;
  payChooserState.open = true;
  return new Promise((resolve) => {
    chooserResolve = resolve;
  });
}

export function settleChooser(offer: ChannelOffer | null): void {
  const resolve = chooserResolve;
  chooserResolve = null;
  payChooserState.open = false;
  resolve?.(offer);
}

export const paymentModalState = proxy<{ open: boolean; id: number; session: PaymentSession | null }>({ open: false, id: 0, session: null });

let paymentResolve: ((result: PaymentModalResult) => void) | null = null;

/** Opens the payment modal for a session; resolves when it closes (success, failed or cancelled). */
export function openPaymentModal(session: PaymentSession): Promise<PaymentModalResult> {
  paymentResolve?.('cancelled');
  paymentModalState.session = ref(session);
  paymentModalState.id += 1;
  paymentModalState.open = true;
  return new Promise((resolve) => {
    paymentResolve = resolve;
  });
}

export function settlePaymentModal(result: PaymentModalResult): void {
  const resolve = paymentResolve;
  paymentResolve = null;
  paymentModalState.open = false;
  resolve?.(result);
}

export const paySuccessState = proxy<{ open: boolean; id: number; orderNo: string; orderType: number; isAuth: boolean }>({
  open: false,
  id: 0,
  orderNo: '',
  orderType: 0,
  isAuth: true,
});

export function openPaySuccess(order: { orderNo: string; orderType: number; isAuth: boolean }): void {
  Object.assign(paySuccessState, order);
  paySuccessState.id += 1;
  paySuccessState.open = true;
}

export function closePaySuccess(): void {
  paySuccessState.open = false;
}
