import { describe, expect, it } from 'vitest';
import { buildStoredPayOrder } from './payOrder';
import { noticeOrder, noticeState } from './payNotice';
import { parsePayResultQuery } from './payStatus';
import type { PayNoticeAnswer } from './payTypes';

const T0 = 1_700_000_000_000;
const notice: PayNoticeAnswer = { orderNo: 'P1', orderType: 0, usdAmount: 2500, payAmount: 18_000, payCurrency: 1, channelType: 6, transactionType: 1, payStatus: 0, timeExpireTime: 600 };
const query = parsePayResultQuery('orderNo=P1&redirectUrl=%2Fcard&tradeFrom=common');

describe('/pay-notice', () => {
  it('builds the order to continue from the summary and the query', () => {
    expect(noticeOrder(notice, query, null, T0)).toEqual({
      orderNo: 'P1',
      orderType: 0,
      payStatus: 0,
      redirectUrl: '/card',
      payUrlParams: { channelType: 6, transactionType: 1, orderType: 0 },
      createdTime: T0,
      isAuth: true,
      transactionType: 1,
      channelType: 6,
      tradeFrom: 'common',
    });
  });
  it('prefers the stored order of the same orderNo; nothing without channel params', () => {
    const stored = buildStoredPayOrder({ order: { orderNo: 'P1', orderType: 0, payStatus: 0 }, offer: { channelType: 2, transactionType: 1 }, request: {}, isAuth: true, now: 1 });
    expect(noticeOrder(notice, query, stored, T0)).toBe(stored);
    expect(noticeOrder({ ...notice, channelType: undefined }, parsePayResultQuery('orderNo=P1'), null, T0)).toBeNull();
  });
  it('states: paid, failed, expired, identity hold, payable, missing', () => {
    const order = noticeOrder(notice, query, null, T0);
    expect(noticeState({ ...notice, payStatus: 1 }, order)).toBe('paid');
    expect(noticeState({ ...notice, payStatus: 2 }, order)).toBe('failed');
    expect(noticeState({ ...notice, timeExpireTime: 0 }, order)).toBe('expired');
    expect(noticeState({ ...notice, identityHold: true }, order)).toBe('identityHold');
    expect(noticeState(notice, order)).toBe('payable');
    expect(noticeState(notice, null)).toBe('missing');
  });
});
