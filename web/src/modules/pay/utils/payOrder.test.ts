import { describe, expect, it } from 'vitest';
import { createStorage } from '../../storage/utils/storage';
import { OrderType, PayStatus } from './payConstants';
import {
  buildStoredPayOrder,
  clearPayOrder,
  faceVerifyReturnUrl,
  loadPayOrder,
  markRedirected,
  parseStoredPayOrder,
  PAY_ORDER_EXPIRY_SECONDS,
  payResultPath,
  payReturnUrl,
  redirectedOrderNo,
  savePayOrder,
  updateStoredPayStatus,
  type StoredPayOrder,
} from './payOrder';

const T0 = 1_700_000_000_000;

function memory() {
  const map = new Map<string, string>();
  const backend = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    key: (i: number) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
  let now = T0;
  return { map, store: createStorage(backend, () => now), advance: (ms: number) => (now += ms) };
}

const order: StoredPayOrder = buildStoredPayOrder({
  order: { orderNo: 'P202401010000000001', orderType: OrderType.recharge, payStatus: 0 },
  offer: { channelType: 6, transactionType: 1, tradeFrom: 'common' },
  request: { redirectUrl: '/pay-confirm?orderType=0&businessRef=card-1&amount=2500', businessRef: 'card-1', amount: 2500 },
  isAuth: true,
  now: T0,
});

describe('the pay order kept locally (seed 001 §3, 002 §3)', () => {
  it('has the seed fields: payStatus not paid, payUrlParams, createdTime, isAuth, transactionType, tradeFrom', () => {
    expect(order).toEqual({
      orderNo: 'P202401010000000001',
      orderType: 0,
      payStatus: PayStatus.notPaid,
      redirectUrl: '/pay-confirm?orderType=0&businessRef=card-1&amount=2500',
      payUrlParams: { channelType: 6, transactionType: 1, orderType: 0 },
      createdTime: T0,
      isAuth: true,
      transactionType: 1,
      channelType: 6,
      tradeFrom: 'common',
      businessRef: 'card-1',
      amount: 2500,
    });
  });

  it('redirectUrl defaults to home and only keeps same-site paths', () => {
    const build = (redirectUrl?: string) =>
      buildStoredPayOrder({ order: { orderNo: 'P1', orderType: 9, payStatus: 0 }, offer: { channelType: 2, transactionType: 1 }, request: { redirectUrl }, isAuth: false, now: T0 }).redirectUrl;
    expect(build(undefined)).toBe('/');
    expect(build('https://evil.example/')).toBe('/');
    expect(build('//evil.example/')).toBe('/');
    expect(build('/card')).toBe('/card');
  });

  it('round-trips through the encrypted storage (not readable in localStorage)', () => {
    const { map, store } = memory();
    savePayOrder(store, order);
    const raw = map.get('aipay:pay-order')!;
    expect(raw).not.toContain('P202401010000000001');
    expect(loadPayOrder(store)).toEqual(order);
  });

  it('expires after a day', () => {
    const { store, advance } = memory();
    savePayOrder(store, order);
    advance(PAY_ORDER_EXPIRY_SECONDS * 1000 - 1);
    expect(loadPayOrder(store)).not.toBeNull();
    advance(1);
    expect(loadPayOrder(store)).toBeNull();
  });

  it('saves a new pay status on the same order only', () => {
    const { store } = memory();
    savePayOrder(store, order);
    updateStoredPayStatus(store, 'OTHER', PayStatus.success);
    expect(loadPayOrder(store)?.payStatus).toBe(PayStatus.notPaid);
    updateStoredPayStatus(store, order.orderNo, PayStatus.success);
    expect(loadPayOrder(store)?.payStatus).toBe(PayStatus.success);
  });

  it('the redirected marker is kept per order and cleared with the order', () => {
    const { store } = memory();
    savePayOrder(store, order);
    expect(redirectedOrderNo(store)).toBeUndefined();
    markRedirected(store, order.orderNo);
    expect(redirectedOrderNo(store)).toBe(order.orderNo);
    clearPayOrder(store);
    expect(loadPayOrder(store)).toBeNull();
    expect(redirectedOrderNo(store)).toBeUndefined();
  });

  it('malformed values (missing order or params) read as null', () => {
    expect(parseStoredPayOrder(undefined)).toBeNull();
    expect(parseStoredPayOrder('P1')).toBeNull();
    expect(parseStoredPayOrder({ ...order, orderNo: '' })).toBeNull();
    expect(parseStoredPayOrder({ ...order, orderType: '0' })).toBeNull();
    expect(parseStoredPayOrder({ ...order, payUrlParams: undefined })).toBeNull();
    expect(parseStoredPayOrder({ ...order, payUrlParams: { channelType: 6, transactionType: 1 } })).toBeNull();
    expect(parseStoredPayOrder({ ...order, redirectUrl: 'javascript:alert(1)' })?.redirectUrl).toBe('/');
    expect(parseStoredPayOrder({ ...order, payStatus: 7 })?.payStatus).toBe(PayStatus.notPaid);
  });

  it('pay-result carries the order fields in the query; the return URL has the redirect flag', () => {
    const url = new URL(payResultPath(order), 'https://aipay.example');
    expect(url.pathname).toBe('/pay-result');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      orderNo: order.orderNo,
      orderType: '0',
      transactionType: '1',
      channelType: '6',
      tradeFrom: 'common',
      redirectUrl: order.redirectUrl,
    });
    expect(payReturnUrl('https://aipay.example', 'P1')).toBe('https://aipay.example/pay-result?orderNo=P1&redirect=1');
    expect(faceVerifyReturnUrl('https://aipay.example', 'P 1')).toBe('https://aipay.example/pay-face-verify-result?orderNo=P%201');
  });
});
