// The success view after the payment modal closes (desktop). A recharge also follows the crediting
// (transaction status every 3 s, up to 10 tries).
import { DialogTitle } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import { useTransactionPolling } from '../hooks/useTransactionPolling';
import '../i18n';
import { closePaySuccess, paySuccessState } from '../states/payModalState';
import { afterPaid } from '../utils/payStatus';

export function PaySuccessModal() {
  const { t } = useTranslation(['pay', 'common']);
  const { open, orderNo, orderType, isAuth } = useSnapshot(paySuccessState);
  const isRecharge = afterPaid(orderType) === 'pollTransaction';
  const credit = useTransactionPolling(orderNo ? { orderNo, isAuth } : null, open && isRecharge);
  return (
    <Modal open={open} onClose={closePaySuccess} compact testId="pay-success" closeLabel={t('common:close')}>
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-success">
          <Icon name="check" size={28} />
        </span>
        <DialogTitle className="text-lg font-semibold">{t('success.title')}</DialogTitle>
        <p className="text-sm text-muted">{t('success.text')}</p>
        {isRecharge && (
          <p data-testid="pay-success-credit" data-state={credit} className={`flex items-center gap-2 text-sm ${credit === 'creditFailed' ? 'text-danger' : 'text-ink-soft'}`}>
            {credit === 'crediting' && <Spinner size="sm" />}
            {credit !== 'idle' && t(`success.${credit}`)}
          </p>
        )}
        <Button block className="mt-2" data-testid="pay-success-ok" onClick={closePaySuccess}>
          {t('success.ok')}
        </Button>
      </div>
    </Modal>
  );
}
