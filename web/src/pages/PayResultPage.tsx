// /pay-result: the pay-result flow (seed 001 §4 steps 1-5, 002 §2): "paying" while the payment app
// opens, then the confirm view with "completed" and "re-pay". Without orderNo nothing happens.
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { usePayResult, type PayResultMessageKind } from '../modules/pay/hooks/usePayResult';
import '../modules/pay/i18n';
import { Button } from '../ui/Button';
import { Icon } from '../ui/icons';
import { Spinner } from '../ui/Spinner';
import { PageFrame } from './PageFrame';

const SUCCESS_KINDS: readonly PayResultMessageKind[] = ['success', 'credited', 'received'];
const FAILURE_KINDS: readonly PayResultMessageKind[] = ['failed', 'creditFailed'];
const TONE: Partial<Record<PayResultMessageKind, string>> = {
  success: 'text-success',
  credited: 'text-success',
  received: 'text-success',
  crediting: 'text-ink-soft',
  notPaid: 'text-warning',
};

export function PayResultPage() {
  const { t } = useTranslation('pay');
  const result = usePayResult(useSearch());
  const { message, view } = result;
  const tips = t('result.tips', { returnObjects: true }) as string[];

  return (
    <PageFrame title={t('result.title')} testId="pay-result-page">
      {!result.orderNo ? (
        <p className="text-sm text-muted">{t('result.noOrder')}</p>
      ) : (
        <div className="flex flex-col items-center gap-5 rounded-card bg-surface p-8 text-center shadow-card" data-view={view}>
          {message && SUCCESS_KINDS.includes(message.kind) && (
            <span data-testid="pay-success" className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-success">
              <Icon name="check" size={28} />
            </span>
          )}
          {message && FAILURE_KINDS.includes(message.kind) && (
            <span data-testid="pay-failed" className="flex size-14 items-center justify-center rounded-full bg-danger-soft text-danger">
              <Icon name="close" size={28} />
            </span>
          )}
          {(view === 'paying' || message?.kind === 'crediting') && (
            <span className="text-brand-600" data-testid="pay-result-paying">
              <Spinner size="lg" />
            </span>
          )}
          {view === 'paying' && <p className="text-sm text-muted">{t('result.paying')}</p>}
          {message && (
            <p role="status" data-testid="pay-result-message" data-state={message.kind} className={`text-sm font-medium ${TONE[message.kind] ?? 'text-danger'}`}>
              {message.text}
            </p>
          )}
          {view === 'confirm' && (
            <div className="flex w-full flex-col items-center gap-4" data-testid="pay-result-confirm">
              <p className="text-lg font-semibold">{t('result.confirmTitle')}</p>
              <ul className="flex list-disc flex-col gap-1 pl-5 text-left text-sm text-muted">
                {tips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </ul>
              {result.checking && !result.crediting && (
                <p className="flex items-center gap-2 text-xs text-muted">
                  <Spinner size="sm" /> {t('result.checking')}
                </p>
              )}
              <div className="flex w-full flex-col gap-3 desk:flex-row desk:justify-center">
                <Button variant="secondary" data-testid="pay-result-repay" onClick={result.repay}>
                  {t('result.repay')}
                </Button>
                <Button data-testid="pay-result-completed" loading={result.crediting} onClick={() => void result.complete()}>
                  {t('result.completed')}
                </Button>
              </div>
            </div>
          )}
          {view === 'done' && message?.kind !== 'crediting' && (
            <Button variant="secondary" data-testid="pay-result-back" onClick={result.repay}>
              {t('result.back')}
            </Button>
          )}
        </div>
      )}
    </PageFrame>
  );
}
