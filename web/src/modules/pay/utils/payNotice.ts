// /pay-notice: what the order summary allows (seed 002 §2 "Pay-notice and pay-result routes").
import { PayStatus } from './payConstants';
import type { StoredPayOrder } from './payOrder';
import type { PayResultQuery } from './payStatus';
import type { PayNoticeAnswer } from './payTypes';

export type NoticeState = 'identityHold' | 'paid' | 'failed' | 'expired' | 'payable' | 'missing';

export function noticeState(notice: PayNoticeAnswer, order: StoredPayOrder | null): NoticeState {
  if (notice.payStatus === PayStatus.success) return 'paid';
  if (notice.payStatus === PayStatus.fail) return 'failed';
  if (notice.timeExpireTime !== undefined && notice.timeExpireTime <= 0) return 'expired';
  if (notice.identityHold) return 'identityHold';
  return order ? 'payable' : 'missing';
}

/** The order to continue: the stored one when it is this order, else built from the summary and the query. */
export function noticeOrder(notice: PayNoticeAnswer, query: PayResultQuery, stored: StoredPayOrder | null, now: number): StoredPayOrder | null {
  if (stored?.orderNo === notice.orderNo) return stored;
  const channelType = notice.channelType ?? query.channelType;
  const transactionType = notice.transactionType ?? query.transactionType;
  if (channelType === undefined || transactionType === undefined) return null;
  return {
    orderNo: notice.orderNo,
    orderType: notice.orderType,
    payStatus: PayStatus.notPaid,
    redirectUrl: query.redirectUrl,
    payUrlParams: { channelType, transactionType, orderType: notice.orderType },
    createdTime: now,
    isAuth: true,
    transactionType,
    channelType,
    ...(query.tradeFrom ? { tradeFrom: query.tradeFrom } : {}),
  };
}
