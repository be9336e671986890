// /pay-result: placeholder of the pay-result flow (seed 001 §4); without orderNo nothing happens.
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';
import { PageFrame } from './PageFrame';

export function PayResultPage() {
  const { t } = useTranslation('pages');
  const orderNo = new URLSearchParams(useSearch()).get('orderNo');
  return (
    <PageFrame title={t('payResult.title')} testId="pay-result-page">
      {orderNo ? (
        <div className="flex flex-col items-center gap-4 rounded-card bg-surface p-8 text-center shadow-card">
          <span className="text-brand-600">
            <Spinner size="lg" />
          </span>
          <p className="text-sm text-muted">{t('payResult.paying')}</p>
          <p className="font-mono text-xs text-muted">{orderNo}</p>
          <div className="flex gap-3">
            <Button variant="secondary" onClick={() => window.location.assign('/')}>
              {t('payResult.repay')}
            </Button>
            <Button>{t('payResult.completed')}</Button>
          </div>
        </div>
      ) : (
        <p className="text-sm text-muted">{t('payResult.noOrder')}</p>
      )}
    </PageFrame>
  );
}
