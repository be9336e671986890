// The pay order kept locally (seed 001 §3, 002 §3) so that the mobile flow can leave the site for
// the payment app and resume on /pay-result, plus the "redirected" marker of the pay-result flow.
import { isSafeInternalPath } from '../../auth/utils/returnTarget';
import type { EncryptedStorage } from '../../storage/utils/storage';
import { PayStatus, type PayStatusValue } from './payConstants';
import type { ChannelOffer, PayOrderView, StartPaymentInput } from './payTypes';

export interface PayUrlParams {
  channelType: number;
  transactionType: number;
  orderType: number;
}

export interface StoredPayOrder {
  orderNo: string;
  orderType: number;
  /** Initially 0 (not paid). */
  payStatus: PayStatusValue;
  /** Default "/" (home). */
  redirectUrl: string;
  payUrlParams: PayUrlParams;
  /** Epoch ms. */
  createdTime: number;
  /** The order was created by a logged-in user (status calls need the session). */
  isAuth: boolean;
  transactionType: number;
  channelType: number;
  tradeFrom?: string;
  /** Ours: what the order was for, so that an order resumed after face verification can be re-applied. */
  businessRef?: string;
  amount?: number;
}

/** Kept for 1 day (ours; the order itself expires after 15 minutes). */
export const PAY_ORDER_EXPIRY_SECONDS = 86_400;

/** The redirect target: a same-site path, else home. */
export function safeRedirectUrl(url: string | null | undefined): string {
  return isSafeInternalPath(url) ? url : '/';
}

export function buildStoredPayOrder(input: {
  order: Pick<PayOrderView, 'orderNo' | 'orderType' | 'payStatus'>;
  offer: ChannelOffer;
  request: Partial<Pick<StartPaymentInput, 'redirectUrl' | 'businessRef' | 'amount'>>;
  isAuth: boolean;
  now: number;
}): StoredPayOrder {
  const { order, offer, request } = input;
  return {
    orderNo: order.orderNo,
    orderType: order.orderType,
    payStatus: PayStatus.notPaid,
    redirectUrl: safeRedirectUrl(request.redirectUrl),
    payUrlParams: { channelType: offer.channelType, transactionType: offer.transactionType, orderType: order.orderType },
    createdTime: input.now,
    isAuth: input.isAuth,
    transactionType: offer.transactionType,
    channelType: offer.channelType,
    ...(offer.tradeFrom ? { tradeFrom: offer.tradeFrom } : {}),
    ...(request.businessRef ? { businessRef: request.businessRef } : {}),
    ...(request.amount !== undefined ? { amount: request.amount } : {}),
  };
}

const isInt = (value: unknown): value is number => Number.isInteger(value);

function parseParams(value: unknown): PayUrlParams | null {
  if (typeof value !== 'object' || value === null) return null;
  const p = value as Record<string, unknown>;
  if (!isInt(p.channelType) || !isInt(p.transactionType) || !isInt(p.orderType)) return null;
  return { channelType: p.channelType, transactionType: p.transactionType, orderType: p.orderType };
}

/** Reads a stored value back; anything malformed (missing order or params) is null. */
export function parseStoredPayOrder(value: unknown): StoredPayOrder | null {
  if (typeof value !== 'object' || value === null) return null;
  const o = value as Record<string, unknown>;
  if (typeof o.orderNo !== 'string' || !o.orderNo || !isInt(o.orderType)) return null;
  const payUrlParams = parseParams(o.payUrlParams);
  if (!payUrlParams) return null;
  const payStatus = o.payStatus === PayStatus.success || o.payStatus === PayStatus.fail ? o.payStatus : PayStatus.notPaid;
  return {
    orderNo: o.orderNo,
    orderType: o.orderType,
    payStatus,
    redirectUrl: safeRedirectUrl(typeof o.redirectUrl === 'string' ? o.redirectUrl : undefined),
    payUrlParams,
    createdTime: typeof o.createdTime === 'number' ? o.createdTime : 0,
    isAuth: o.isAuth === true,
    transactionType: isInt(o.transactionType) ? o.transactionType : payUrlParams.transactionType,
    channelType: isInt(o.channelType) ? o.channelType : payUrlParams.channelType,
    ...(typeof o.tradeFrom === 'string' && o.tradeFrom ? { tradeFrom: o.tradeFrom } : {}),
    ...(typeof o.businessRef === 'string' && o.businessRef ? { businessRef: o.businessRef } : {}),
    ...(isInt(o.amount) ? { amount: o.amount } : {}),
  };
}

export function savePayOrder(store: EncryptedStorage, order: StoredPayOrder): void {
  store.set('pay-order', order, PAY_ORDER_EXPIRY_SECONDS);
}

export function loadPayOrder(store: EncryptedStorage): StoredPayOrder | null {
  return parseStoredPayOrder(store.get<unknown>('pay-order'));
}

/** Saves a new pay status on the stored order (seed 002 §4 "payStatus is saved locally"). */
export function updateStoredPayStatus(store: EncryptedStorage, orderNo: string, payStatus: PayStatusValue): void {
  const order = loadPayOrder(store);
  if (order?.orderNo === orderNo) savePayOrder(store, { ...order, payStatus });
}

/** The stored order and its marker are cleared once a check gave a final answer. */
export function clearPayOrder(store: EncryptedStorage): void {
  store.remove('pay-order');
  store.remove('pay-redirected');
}

/** The "stored redirected marker" of pay-result step 1: the orderNo whose payment app was opened. */
export function markRedirected(store: EncryptedStorage, orderNo: string): void {
  store.set('pay-redirected', orderNo, PAY_ORDER_EXPIRY_SECONDS);
}

export function redirectedOrderNo(store: EncryptedStorage): string | undefined {
  const value = store.get<unknown>('pay-redirected');
  return typeof value === 'string' ? value : undefined;
}

/** /pay-result and /pay-notice carry the order's fields in the query (seed 002 §2). */
export function payOrderQuery(order: StoredPayOrder): string {
  const params = new URLSearchParams({
    orderNo: order.orderNo,
    orderType: String(order.orderType),
    transactionType: String(order.transactionType),
    channelType: String(order.channelType),
  });
  if (order.tradeFrom) params.set('tradeFrom', order.tradeFrom);
  params.set('redirectUrl', order.redirectUrl);
  return params.toString();
}

export function payResultPath(order: StoredPayOrder): string {
  return `/pay-result?${payOrderQuery(order)}`;
}

/** The return URL the providers send the payer back to (docs/pay-channels.md). */
export function payReturnUrl(origin: string, orderNo: string): string {
  return `${origin}/pay-result?orderNo=${encodeURIComponent(orderNo)}&redirect=1`;
}

/** Face verification returns here (seed 001 §2 pay-face-verify-result). */
export function faceVerifyReturnUrl(origin: string, orderNo: string): string {
  return `${origin}/pay-face-verify-result?orderNo=${encodeURIComponent(orderNo)}`;
}
