// The pay calls (docs/payments.md; answers are the envelope's data). Status polls do not toast.
import { request } from '../../request/api';
import { CHANNEL_LIST_TIMEOUT_MS } from './payConstants';
import type {
  ChannelOffer,
  ExchangeRateAnswer,
  IdentityStatusAnswer,
  PayLink,
  PayNoticeAnswer,
  PayOrderBody,
  PayOrderView,
  RechargeFeeAnswer,
  TradeStatusAnswer,
  TransactionStatusAnswer,
} from './payTypes';

const post = <T,>(url: string, data: unknown, extra: { showError?: boolean; cancelDuplicate?: boolean } = {}) =>
  request<T>({ method: 'POST', url, data, ...extra });

export const payApi = {
  channelList: (type: number, orderAmount: number) =>
    request<ChannelOffer[]>({ url: '/v1/pay/channelList', params: { type, orderAmount }, timeout: CHANNEL_LIST_TIMEOUT_MS }),
  /** Errors are handled by the flow (2112 face verification, 1001 same package, others toasted). */
  payOrder: (body: PayOrderBody) => post<PayOrderView>('/v1/pay/payOrder', body, { showError: false, cancelDuplicate: false }),
  payUrl: (path: string, orderNo: string) => post<PayLink>(path, { orderNo }, { showError: false }),
  tradeStatus: (path: string, orderNo: string) => post<TradeStatusAnswer>(path, { orderNo }, { showError: false }),
  transactionStatus: (path: string, orderNo: string) => post<TransactionStatusAnswer>(path, { orderNo }, { showError: false }),
  notice: (orderNo: string) => post<PayNoticeAnswer>('/v1/pay/notice', { orderNo }),
  rechargeFee: (body: { cardId: string; channelType: number; amount?: number }) =>
    post<RechargeFeeAnswer>('/v1/pay/rechargeFee', body, { showError: false, cancelDuplicate: false }),
  exchangeRate: () => request<ExchangeRateAnswer>({ url: '/common/exchangeRate', showError: false }),
  identityVerify: (returnUrl: string) => post<{ verifyUrl: string }>('/v1/pay/identityVerify', { returnUrl }),
  identityStatus: () => request<IdentityStatusAnswer>({ url: '/v1/pay/identityStatus', showError: false }),
  rechargeIdentity: (orderNo: string) => post<Partial<PayOrderView> | null>('/v1/pay/rechargeIdentity', { orderNo }),
};

export type PayApi = typeof payApi;
