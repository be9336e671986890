// Set-password once after login for users without a login password (seed 000 §4).
import { useState, type FormEvent } from 'react';
import { mutate } from 'swr';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { showToast } from '../../toast/states/toastState';
import { USER_INFO_KEY } from '../hooks/useUserInfo';
import { modalState } from '../states/modalState';
import { authApi } from '../utils/authApi';
import { collectErrors, validateConfirmPassword, validateNewPassword } from '../utils/validation';
import { PasswordPair } from './PasswordPair';

export function SetPasswordModal() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const { setPassword: open, bindEmail } = useSnapshot(modalState);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const close = () => (modalState.setPassword = false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors({ password: validateNewPassword(password), confirm: validateConfirmPassword(password, confirm) });
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(`validation:${v}`)])));
    if (Object.keys(found).length || submitting) return;
    setSubmitting(true);
    try {
      await authApi.initPassword(password, confirm);
      showToast(t('setPassword.success'), 'success');
      close();
      void mutate(USER_INFO_KEY);
    } catch {
      // the request layer showed the message
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal open={open && !bindEmail} onClose={close} title={t('setPassword.title')} testId="set-password-modal" closeLabel={t('common:close')}>
      <p className="mb-5 text-sm text-muted">{t('setPassword.tip')}</p>
      <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
        <PasswordPair password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors} testIdPrefix="set-password" />
        <Button type="submit" size="lg" block loading={submitting} data-testid="set-password-submit">
          {t('common:confirm')}
        </Button>
        <Button variant="ghost" block onClick={close} data-testid="set-password-later">
          {t('setPassword.later')}
        </Button>
      </form>
    </Modal>
  );
}
