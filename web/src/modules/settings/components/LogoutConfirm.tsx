// Logout confirmation with notice; on confirm: logout call, clear the session, go to "/".
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { modalState } from '../../auth/states/modalState';
import { logout } from '../../auth/utils/session';

export function LogoutConfirm() {
  const { t } = useTranslation(['settings', 'common']);
  const { logoutConfirm } = useSnapshot(modalState);
  const [busy, setBusy] = useState(false);
  const close = () => (modalState.logoutConfirm = false);

  const confirm = async () => {
    setBusy(true);
    await logout();
    setBusy(false);
    close();
  };

  return (
    <Modal open={logoutConfirm} onClose={close} compact title={t('logoutTitle')} testId="logout-dialog" closeLabel={t('common:close')}>
      <p className="text-sm text-muted">{t('logoutNotice')}</p>
      <div className="mt-6 grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={close} data-testid="logout-cancel">
          {t('common:cancel')}
        </Button>
        <Button variant="danger" loading={busy} onClick={() => void confirm()} data-testid="logout-confirm">
          {t('logout')}
        </Button>
      </div>
    </Modal>
  );
}
