import { describe, expect, it } from 'vitest';
import { OrderType, PayStatus, TradeStatus } from './payConstants';
import { buildStoredPayOrder } from './payOrder';
import {
  afterPaid,
  parsePayResultQuery,
  payResultStart,
  payUrlPath,
  tradeOutcome,
  tradeStatusPath,
  transactionOutcome,
  transactionStatusPath,
} from './payStatus';

const T0 = 1_700_000_000_000;
const stored = buildStoredPayOrder({
  order: { orderNo: 'P1', orderType: OrderType.recharge, payStatus: 0 },
  offer: { channelType: 6, transactionType: 1 },
  request: { redirectUrl: '/card' },
  isAuth: true,
  now: T0,
});

describe('status meanings', () => {
  it('pay status: 1 success, 2 fail, 0 processing', () => {
    expect(tradeOutcome(PayStatus.success)).toBe('success');
    expect(tradeOutcome(PayStatus.fail)).toBe('failed');
    expect(tradeOutcome(PayStatus.notPaid)).toBe('processing');
  });
  it('transaction status: 2 done, 3 failed, 0 and 1 pending', () => {
    expect(transactionOutcome(TradeStatus.done)).toBe('done');
    expect(transactionOutcome(TradeStatus.failed)).toBe('failed');
    expect(transactionOutcome(TradeStatus.unhandled)).toBe('pending');
    expect(transactionOutcome(TradeStatus.handling)).toBe('pending');
  });
  it('a paid recharge polls the transaction; other order types show success and go back', () => {
    expect(afterPaid(OrderType.recharge)).toBe('pollTransaction');
    expect(afterPaid(OrderType.flex)).toBe('successBack');
    expect(afterPaid(OrderType.apiRecharge)).toBe('successBack');
    expect(afterPaid(undefined)).toBe('successBack');
  });
});

describe('which route asks', () => {
  it('transaction check: desktop or non-auth → transactionStatus; mobile + auth → extraOrder/transactionStatus', () => {
    expect(transactionStatusPath({ isMobile: false, isAuth: true })).toBe('/v1/pay/transactionStatus');
    expect(transactionStatusPath({ isMobile: false, isAuth: false })).toBe('/v1/pay/transactionStatus');
    expect(transactionStatusPath({ isMobile: true, isAuth: false })).toBe('/v1/pay/transactionStatus');
    expect(transactionStatusPath({ isMobile: true, isAuth: true })).toBe('/v1/pay/extraOrder/transactionStatus');
  });
  it('order status: the owner’s route when logged in, the unauthenticated one otherwise, extra orders their own', () => {
    expect(tradeStatusPath({ isAuth: true })).toBe('/v1/pay/tradeStatus');
    expect(tradeStatusPath({ isAuth: false })).toBe('/v1/unAuth/order/tradeStatus');
    expect(tradeStatusPath({ isAuth: true, tradeFrom: 'extraOrder' })).toBe('/v1/pay/extraOrder/tradeStatus');
    expect(payUrlPath({ isAuth: true })).toBe('/v1/pay/payUrl');
    expect(payUrlPath({ isAuth: true, tradeFrom: 'extraOrder' })).toBe('/v1/pay/extraOrder/payUrl');
  });
});

describe('pay-result start (steps 1-3)', () => {
  const start = (search: string, storedValue: unknown = stored, marker?: string) =>
    payResultStart({ query: parsePayResultQuery(search), stored: storedValue, redirectedMarker: marker, isLoggedIn: true, now: T0 });

  it('without orderNo in the URL nothing happens', () => expect(start('')).toEqual({ kind: 'noOrder' }));

  it('the redirect flag → confirm view with the stored order', () => {
    expect(start('orderNo=P1&redirect=1')).toEqual({ kind: 'confirm', order: stored });
  });

  it('a stored redirected marker for this order → confirm view', () => {
    expect(start('orderNo=P1', stored, 'P1')).toEqual({ kind: 'confirm', order: stored });
    expect(start('orderNo=P1', stored, 'P0').kind).toBe('redirect');
  });

  it('otherwise the stored order goes to the payment app', () => expect(start('orderNo=P1')).toEqual({ kind: 'redirect', order: stored }));

  it('missing order or params → failure and back (to the query’s redirect URL or home)', () => {
    expect(start('orderNo=P1', null)).toEqual({ kind: 'missing', redirectUrl: '/' });
    expect(start('orderNo=P2&redirectUrl=%2Fcard')).toEqual({ kind: 'missing', redirectUrl: '/card' });
    expect(start('orderNo=P1', { ...stored, payUrlParams: null })).toEqual({ kind: 'missing', redirectUrl: '/' });
    expect(start('orderNo=P1&redirectUrl=https%3A%2F%2Fevil.example', null)).toEqual({ kind: 'missing', redirectUrl: '/' });
  });

  it('returning without the stored order: the order is rebuilt from the query', () => {
    const result = start('orderNo=P9&redirect=1&orderType=9&channelType=4&transactionType=2&redirectUrl=%2Fchatgpt', null);
    expect(result).toEqual({
      kind: 'confirm',
      order: {
        orderNo: 'P9',
        orderType: 9,
        payStatus: 0,
        redirectUrl: '/chatgpt',
        payUrlParams: { channelType: 4, transactionType: 2, orderType: 9 },
        createdTime: T0,
        isAuth: true,
        transactionType: 2,
        channelType: 4,
      },
    });
  });

  it('reads the query leniently', () => {
    expect(parsePayResultQuery('orderNo=%20P1%20&redirect=0&orderType=x')).toEqual({
      orderNo: 'P1',
      orderType: undefined,
      channelType: undefined,
      transactionType: undefined,
      tradeFrom: undefined,
      redirectUrl: '/',
      redirect: false,
    });
    expect(parsePayResultQuery('redirect=true').redirect).toBe(true);
    expect(parsePayResultQuery('redirect').redirect).toBe(true);
  });
});
