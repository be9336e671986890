// Status rules of the pay flows: what a trade or transaction status means, which route asks it,
// and how /pay-result starts (seed 001 §4 "Payment (pay-result flow)", 002 §4).
import { EXTRA_ORDER_TRADE_FROM, OrderType, PayStatus, TradeStatus } from './payConstants';
import { parseStoredPayOrder, safeRedirectUrl, type StoredPayOrder } from './payOrder';

export type TradeOutcome = 'success' | 'failed' | 'processing';

/** Pay status: 1 success, 2 fail (an expired order shows as fail), anything else processing. */
export function tradeOutcome(payStatus: number): TradeOutcome {
  if (payStatus === PayStatus.success) return 'success';
  if (payStatus === PayStatus.fail) return 'failed';
  return 'processing';
}

export type TransactionOutcome = 'done' | 'failed' | 'pending';

/** Transaction status: 2 done, 3 failed, 0 and 1 (unhandled, handling) pending. */
export function transactionOutcome(transactionStatus: number): TransactionOutcome {
  if (transactionStatus === TradeStatus.done) return 'done';
  if (transactionStatus === TradeStatus.failed) return 'failed';
  return 'pending';
}

/** "On success, a recharge order starts polling the transaction status; any other order type shows a success message and goes back." */
export function afterPaid(orderType: number | undefined): 'pollTransaction' | 'successBack' {
  return orderType === OrderType.recharge ? 'pollTransaction' : 'successBack';
}

type OrderRef = Pick<StoredPayOrder, 'isAuth' | 'tradeFrom'>;

const isExtraOrder = (order: OrderRef) => order.tradeFrom === EXTRA_ORDER_TRADE_FROM;

/** The order status route: logged-in orders ask the owner's route, others the unauthenticated one. */
export function tradeStatusPath(order: OrderRef): string {
  if (isExtraOrder(order)) return '/v1/pay/extraOrder/tradeStatus';
  return order.isAuth ? '/v1/pay/tradeStatus' : '/v1/unAuth/order/tradeStatus';
}

/** "Desktop or a non-auth order uses the transaction check; mobile with an auth order uses the extra-order transaction check." */
export function transactionStatusPath(input: { isMobile: boolean; isAuth: boolean }): string {
  return !input.isMobile || !input.isAuth ? '/v1/pay/transactionStatus' : '/v1/pay/extraOrder/transactionStatus';
}

export function payUrlPath(order: OrderRef): string {
  return isExtraOrder(order) ? '/v1/pay/extraOrder/payUrl' : '/v1/pay/payUrl';
}

export interface PayResultQuery {
  orderNo?: string;
  orderType?: number;
  channelType?: number;
  transactionType?: number;
  tradeFrom?: string;
  redirectUrl: string;
  /** The redirect flag (`redirect=1`) of the providers' return URL. */
  redirect: boolean;
}

const intParam = (params: URLSearchParams, key: string): number | undefined => {
  const raw = params.get(key);
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  return Number(raw);
};

export function parsePayResultQuery(search: string): PayResultQuery {
  const params = new URLSearchParams(search);
  const flag = params.get('redirect');
  return {
    orderNo: params.get('orderNo')?.trim() || undefined,
    orderType: intParam(params, 'orderType'),
    channelType: intParam(params, 'channelType'),
    transactionType: intParam(params, 'transactionType'),
    tradeFrom: params.get('tradeFrom') || undefined,
    redirectUrl: safeRedirectUrl(params.get('redirectUrl')),
    redirect: flag !== null && flag !== '0' && flag !== 'false',
  };
}

/** An order known only from the URL (the payer came back in a browser without the stored order). */
export function orderFromQuery(query: PayResultQuery & { orderNo: string }, isAuth: boolean, now: number): StoredPayOrder {
  const channelType = query.channelType ?? 0;
  const transactionType = query.transactionType ?? 0;
  const orderType = query.orderType ?? -1;
  return {
    orderNo: query.orderNo,
    orderType,
    payStatus: PayStatus.notPaid,
    redirectUrl: query.redirectUrl,
    payUrlParams: { channelType, transactionType, orderType },
    createdTime: now,
    isAuth,
    transactionType,
    channelType,
    ...(query.tradeFrom ? { tradeFrom: query.tradeFrom } : {}),
  };
}

export type PayResultStart =
  | { kind: 'noOrder' }
  | { kind: 'confirm'; order: StoredPayOrder }
  | { kind: 'redirect'; order: StoredPayOrder }
  | { kind: 'missing'; redirectUrl: string };

/**
 * Steps 1-3: without orderNo in the URL nothing happens (002 §2); the redirect flag or a stored
 * redirected marker → the confirm view; otherwise the stored order (same orderNo, with its pay URL
 * params) is sent to the payment app; a missing order or params → failure message and back.
 */
export function payResultStart(input: {
  query: PayResultQuery;
  stored: unknown;
  redirectedMarker: string | undefined;
  isLoggedIn: boolean;
  now: number;
}): PayResultStart {
  const { query } = input;
  if (!query.orderNo) return { kind: 'noOrder' };
  const parsed = parseStoredPayOrder(input.stored);
  const stored = parsed?.orderNo === query.orderNo ? parsed : null;
  if (query.redirect || input.redirectedMarker === query.orderNo) {
    return { kind: 'confirm', order: stored ?? orderFromQuery({ ...query, orderNo: query.orderNo }, input.isLoggedIn, input.now) };
  }
  if (!stored) return { kind: 'missing', redirectUrl: query.redirectUrl };
  return { kind: 'redirect', order: stored };
}
