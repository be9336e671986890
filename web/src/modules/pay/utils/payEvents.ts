// "Success ... emits refresh events" (seed 002 §4): pages that show balances or plans listen to this.
export const PAY_SUCCESS_EVENT = 'aipay:pay-success';

export interface PaySuccessDetail {
  orderNo: string;
  orderType: number;
}

export function emitPaySuccess(detail: PaySuccessDetail): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent<PaySuccessDetail>(PAY_SUCCESS_EVENT, { detail }));
}
