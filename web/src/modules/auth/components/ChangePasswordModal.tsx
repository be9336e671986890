// Change the login password with a code to the user's phone (or e-mail when no phone).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { isRequestError } from '../../request/utils/requestError';
import { showToast } from '../../toast/states/toastState';
import { modalState, openAuth } from '../states/modalState';
import { userState } from '../states/userState';
import { authApi, type Account } from '../utils/authApi';
import { emitLogout } from '../utils/authEvents';
import { maskEmail, maskMobile } from '../utils/mask';
import { replaceToken } from '../utils/session';
import { collectErrors, sanitizeCodeInput, validateCode, validateConfirmPassword, validateNewPassword, type AreaCode } from '../utils/validation';
import { PasswordPair } from './PasswordPair';
import { SendCodeButton } from './SendCodeButton';

export function ChangePasswordModal() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const { changePassword: open } = useSnapshot(modalState);
  const { userInfo } = useSnapshot(userState);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string; confirm?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const close = () => (modalState.changePassword = false);

  const account: Account | null = userInfo?.mobile
    ? { mobile: userInfo.mobile, areaCode: (userInfo.areaCode ?? 86) as AreaCode }
    : userInfo?.email
      ? { email: userInfo.email }
      : null;
  const target = account?.mobile ? maskMobile(account.mobile) : account?.email ? maskEmail(account.email) : '';

  const send = (param: string) =>
    account?.mobile ? authApi.sendUpdatePasswordCode(account.mobile, param) : authApi.sendEmailCode(account!.email!, 'updatePassword', param);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!account) return showToast(t('changePassword.noContact'));
    const found = collectErrors({ code: validateCode(code), password: validateNewPassword(password), confirm: validateConfirmPassword(password, confirm) });
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(`validation:${v}`)])));
    if (Object.keys(found).length || submitting) return;
    setSubmitting(true);
    try {
      const result = await authApi.updatePassword(account, code, password, confirm);
      showToast(t('changePassword.success'), 'success');
      close();
      // Every other session ends; this device gets a fresh token, else it logs in again.
      if (!replaceToken(result)) {
        emitLogout('user');
        openAuth('login');
      }
    } catch (error) {
      if (!isRequestError(error)) showToast(t('changePassword.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal open={open} onClose={close} title={t('changePassword.title')} testId="change-password-modal" closeLabel={t('common:close')}>
      {account ? (
        <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <p className="text-sm text-muted">{t('changePassword.sendTo', { target })}</p>
          <TextField
            label={t('code')}
            placeholder={t('codePlaceholder')}
            inputMode="numeric"
            value={code}
            error={errors.code}
            data-testid="change-password-code"
            onValueChange={(value) => setCode(sanitizeCodeInput(value))}
            right={<SendCodeButton testId="change-password-send-code" validate={() => true} send={send} />}
          />
          <PasswordPair password={password} confirm={confirm} onPassword={setPassword} onConfirm={setConfirm} errors={errors} testIdPrefix="change-password" />
          <Button type="submit" size="lg" block loading={submitting} data-testid="change-password-submit">
            {t('common:confirm')}
          </Button>
        </form>
      ) : (
        <p className="text-sm text-danger">{t('changePassword.noContact')}</p>
      )}
    </Modal>
  );
}
