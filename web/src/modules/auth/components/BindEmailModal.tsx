// Forced bind-email after login for users without a verified e-mail (seed 000 §4, §6).
import { mutate } from 'swr';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Modal } from '../../../ui/Modal';
import { USER_INFO_KEY } from '../hooks/useUserInfo';
import { modalState } from '../states/modalState';
import { userState } from '../states/userState';
import { goToReturnTarget, logout, offerSetPassword, shouldOfferSetPassword } from '../utils/session';
import { EmailForm } from './EmailForm';

export function BindEmailModal() {
  const { t } = useTranslation('auth');
  const { bindEmail } = useSnapshot(modalState);
  const { userInfo } = useSnapshot(userState);

  const onDone = () => {
    modalState.bindEmail = false;
    void mutate(USER_INFO_KEY);
    if (userState.userInfo && shouldOfferSetPassword(userState.userInfo)) offerSetPassword(userState.userInfo);
    goToReturnTarget();
  };

  return (
    <Modal open={bindEmail} onClose={() => undefined} closable={false} title={t('bindEmail.title')} testId="bind-email-modal">
      <p className="mb-5 text-sm text-muted">{t('bindEmail.tip')}</p>
      {bindEmail && <EmailForm user={userInfo} submitLabel={t('bindEmail.submit')} onDone={onDone} testIdPrefix="bind-email" />}
      <button type="button" data-testid="bind-email-logout" className="mt-4 w-full text-center text-sm text-muted hover:text-ink" onClick={() => void logout()}>
        {t('bindEmail.logout')}
      </button>
    </Modal>
  );
}
