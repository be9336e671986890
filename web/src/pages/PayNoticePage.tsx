// /pay-notice?orderNo=…: the order summary of POST /v1/pay/notice and a continue button (the QR
// modal on desktop, /pay-result on mobile; face verification first when the order is held for it).
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { Link, useSearch } from 'wouter';
import { storage } from '../modules/storage/utils/storage';
import { SummaryRow } from '../modules/pay/components/SummaryRow';
import { useResumePayment } from '../modules/pay/hooks/useResumePayment';
import '../modules/pay/i18n';
import { payApi } from '../modules/pay/utils/payApi';
import { formatMoney } from '../modules/pay/utils/payMoney';
import { noticeOrder, noticeState } from '../modules/pay/utils/payNotice';
import { faceVerifyReturnUrl, loadPayOrder } from '../modules/pay/utils/payOrder';
import { parsePayResultQuery } from '../modules/pay/utils/payStatus';
import { formatCountdown } from '../modules/pay/utils/qrState';
import { Button } from '../ui/Button';
import { PageSpinner } from '../ui/Spinner';
import { PageFrame } from './PageFrame';

export function PayNoticePage() {
  const { t } = useTranslation('pay');
  const search = useSearch();
  const query = useMemo(() => parsePayResultQuery(search), [search]);
  const { resume, busy } = useResumePayment();
  const [verifying, setVerifying] = useState(false);
  const { data: notice, error } = useSWR(query.orderNo ? ['pay-notice', query.orderNo] : null, () => payApi.notice(query.orderNo!), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

  const order = notice ? noticeOrder(notice, query, loadPayOrder(storage), Date.now()) : null;
  const state = notice ? noticeState(notice, order) : null;

  const onContinue = async () => {
    if (!notice) return;
    if (state === 'identityHold') {
      setVerifying(true);
      try {
        const { verifyUrl } = await payApi.identityVerify(faceVerifyReturnUrl(window.location.origin, notice.orderNo));
        window.location.assign(verifyUrl);
      } catch {
        setVerifying(false);
      }
      return;
    }
    if (order) await resume(order, { payAmount: notice.payAmount, payCurrency: notice.payCurrency });
  };

  return (
    <PageFrame title={t('notice.title')} testId="pay-notice-page">
      {!query.orderNo ? (
        <p className="text-sm text-muted">{t('notice.noOrder')}</p>
      ) : error ? (
        <Link href={query.redirectUrl} className="text-sm text-brand-600 hover:underline">
          {t('result.back')}
        </Link>
      ) : !notice ? (
        <PageSpinner />
      ) : (
        <div className="flex flex-col gap-6 rounded-card bg-surface p-6 shadow-card" data-testid="pay-notice" data-state={state}>
          <dl className="divide-y divide-line">
            <SummaryRow label={t('notice.orderNo')}>
              <span className="font-mono text-xs">{notice.orderNo}</span>
            </SummaryRow>
            <SummaryRow label={t('notice.orderType')}>{t(`orderType.${notice.orderType}`, { defaultValue: t('orderType.unknown') })}</SummaryRow>
            {notice.usdAmount !== undefined && <SummaryRow label={t('notice.usdAmount')}>{formatMoney(notice.usdAmount)}</SummaryRow>}
            {notice.payAmount !== undefined && (
              <SummaryRow label={t('notice.payAmount')} strong>
                {formatMoney(notice.payAmount, notice.payCurrency)}
              </SummaryRow>
            )}
            {notice.transactionType !== undefined && (
              <SummaryRow label={t('notice.channel')}>
                {t(`wallet.${notice.transactionType}`, { defaultValue: '' })}
                {notice.channelType !== undefined ? ` · ${t(`channel.${notice.channelType}`, { defaultValue: '' })}` : ''}
              </SummaryRow>
            )}
            {notice.timeExpireTime !== undefined && notice.timeExpireTime > 0 && (
              <SummaryRow label={t('notice.timeLeft')}>{formatCountdown(notice.timeExpireTime)}</SummaryRow>
            )}
          </dl>
          {state !== 'payable' && (
            <p data-testid="pay-notice-message" className={`text-sm ${state === 'paid' ? 'text-success' : state === 'identityHold' ? 'text-ink-soft' : 'text-danger'}`}>
              {state === 'paid'
                ? t('notice.paid')
                : state === 'failed'
                  ? t('notice.failed')
                  : state === 'expired'
                    ? t('notice.expired')
                    : state === 'identityHold'
                      ? t('notice.identityHold')
                      : t('message.orderMissing')}
            </p>
          )}
          {state === 'payable' || state === 'identityHold' ? (
            <Button size="lg" block data-testid="pay-notice-continue" loading={busy || verifying} onClick={() => void onContinue()}>
              {t('notice.continue')}
            </Button>
          ) : (
            <Link href={query.redirectUrl} className="text-center text-sm text-brand-600 hover:underline" data-testid="pay-notice-back">
              {t('result.back')}
            </Link>
          )}
        </div>
      )}
    </PageFrame>
  );
}
