// /pay-confirm?orderType=&businessRef=&amount= (US cents): a generic confirm page — summary, the
// amount in dollars (fee and exchange rate for recharges), and "pay" starting the pay flow. The
// entry of the browser tests and of the later card and Flex pages.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { Link, useLocation, useSearch } from 'wouter';
import { SummaryRow } from '../modules/pay/components/SummaryRow';
import { useStartPayment } from '../modules/pay/hooks/useStartPayment';
import '../modules/pay/i18n';
import { defaultOffer } from '../modules/pay/utils/channels';
import { payApi } from '../modules/pay/utils/payApi';
import { OrderType } from '../modules/pay/utils/payConstants';
import { parsePayConfirmQuery, type PayConfirmParams } from '../modules/pay/utils/payConfirm';
import { estimateFee, formatMoney, parseRateMicro, usdCentsToCnyFen } from '../modules/pay/utils/payMoney';
import { Currency } from '../modules/pay/utils/payConstants';
import { Button } from '../ui/Button';
import { PageFrame } from './PageFrame';

function PayConfirmSummary({ params, redirectUrl }: { params: PayConfirmParams; redirectUrl: string }) {
  const { t } = useTranslation('pay');
  const { startPayment, busy } = useStartPayment();
  const isRecharge = params.orderType === OrderType.recharge;
  const { data: offers } = useSWR(['pay-channels', params.orderType, params.amount], () => payApi.channelList(params.orderType, params.amount), {
    revalidateOnFocus: false,
  });
  const offer = offers ? defaultOffer(offers) : undefined;
  const { data: feeAnswer } = useSWR(
    isRecharge && offer ? ['pay-fee', params.businessRef, offer.channelType, params.amount] : null,
    () => payApi.rechargeFee({ cardId: params.businessRef, channelType: offer!.channelType, amount: params.amount }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  const { data: rate } = useSWR(isRecharge ? 'pay-exchange-rate' : null, () => payApi.exchangeRate(), { revalidateOnFocus: false, shouldRetryOnError: false });

  const fee = feeAnswer ? (feeAnswer.fee ?? estimateFee(params.amount, feeAnswer.rechargeFee, feeAnswer.fixedFee ?? 0)) : undefined;
  const total = feeAnswer?.total ?? (fee !== undefined ? params.amount + fee : params.amount);
  const rateMicro = parseRateMicro(rate?.rate);

  return (
    <div className="flex flex-col gap-6 rounded-card bg-surface p-6 shadow-card" data-testid="pay-confirm">
      <dl className="divide-y divide-line">
        <SummaryRow label={t('confirm.orderType')} testId="pay-confirm-order-type">
          {t(`orderType.${params.orderType}`)}
        </SummaryRow>
        <SummaryRow label={t('confirm.reference')}>
          <span className="font-mono text-xs">{params.businessRef}</span>
        </SummaryRow>
        <SummaryRow label={t('confirm.amount')} testId="pay-confirm-amount" strong={!isRecharge}>
          {formatMoney(params.amount)}
        </SummaryRow>
        {isRecharge && (
          <>
            <SummaryRow label={feeAnswer ? t('confirm.feeRate', { rate: feeAnswer.rechargeFee }) : t('confirm.fee')} testId="pay-confirm-fee">
              {fee !== undefined ? formatMoney(fee) : '—'}
            </SummaryRow>
            <SummaryRow label={t('confirm.total')} testId="pay-confirm-total" strong>
              {formatMoney(total)}
            </SummaryRow>
            <SummaryRow label={t('confirm.rate')} testId="pay-confirm-rate">
              {rate ? t('confirm.rateValue', { rate: rate.rate }) : '—'}
            </SummaryRow>
            <SummaryRow label={t('confirm.totalCny')} testId="pay-confirm-total-cny">
              {rateMicro !== undefined ? formatMoney(usdCentsToCnyFen(total, rateMicro), Currency.RMB) : '—'}
            </SummaryRow>
          </>
        )}
        {offer && (
          <SummaryRow label={t('confirm.channel')}>
            {offer.name ?? t(`wallet.${offer.transactionType}`, { defaultValue: '' })} · {t(`channel.${offer.channelType}`, { defaultValue: '' })}
          </SummaryRow>
        )}
      </dl>
      {isRecharge && <p className="text-xs text-muted">{t('confirm.estimate')}</p>}
      <Button
        size="lg"
        block
        loading={busy}
        data-testid="pay-confirm-submit"
        onClick={() => void startPayment({ ...params, redirectUrl, offers })}
      >
        {t('confirm.pay')}
      </Button>
    </div>
  );
}

export function PayConfirmPage() {
  const { t } = useTranslation('pay');
  const search = useSearch();
  const [location] = useLocation();
  const params = useMemo(() => parsePayConfirmQuery(search), [search]);
  return (
    <PageFrame title={t('confirm.title')} testId="pay-confirm-page">
      {params ? (
        <PayConfirmSummary params={params} redirectUrl={search ? `${location}?${search}` : location} />
      ) : (
        <div className="flex flex-col items-start gap-4" data-testid="pay-confirm-invalid">
          <p className="text-sm text-danger">{t('confirm.invalid')}</p>
          <Link href="/" className="text-sm text-brand-600 hover:underline">
            {t('confirm.home')}
          </Link>
        </div>
      )}
    </PageFrame>
  );
}
