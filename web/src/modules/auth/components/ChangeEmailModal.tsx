// Change or bind the e-mail from the settings menu; verifies when unverified and unchanged.
import { mutate } from 'swr';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Modal } from '../../../ui/Modal';
import { USER_INFO_KEY } from '../hooks/useUserInfo';
import { modalState } from '../states/modalState';
import { userState } from '../states/userState';
import { EmailForm } from './EmailForm';

export function ChangeEmailModal() {
  const { t } = useTranslation(['auth', 'common']);
  const { changeEmail } = useSnapshot(modalState);
  const { userInfo } = useSnapshot(userState);
  const type = userInfo?.email ? 'update' : 'bind';
  const close = () => (modalState.changeEmail = false);

  return (
    <Modal
      open={changeEmail}
      onClose={close}
      title={t(type === 'update' ? 'changeEmail.updateTitle' : 'changeEmail.bindTitle')}
      testId="change-email-modal"
      closeLabel={t('common:close')}
    >
      {userInfo?.email && (
        <p className="mb-4 text-sm text-muted">
          {t('changeEmail.current', {
            email: userInfo.email,
            status: t(userInfo.emailVerifyStatus === 0 ? 'changeEmail.unverified' : 'changeEmail.verified'),
          })}
          {userInfo.emailVerifyStatus === 0 && <span className="block">{t('changeEmail.verifyHint')}</span>}
        </p>
      )}
      {changeEmail && (
        <EmailForm
          user={userInfo}
          submitLabel={t('common:confirm')}
          testIdPrefix="change-email"
          onDone={() => {
            close();
            void mutate(USER_INFO_KEY);
          }}
        />
      )}
    </Modal>
  );
}
