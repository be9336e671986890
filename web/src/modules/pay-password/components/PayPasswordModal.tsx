// Payment password dialogs (seed 001 §4): input, set, reset (two entries, then an SMS code) and
// modify (old password, then the new one twice).
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/Button';
import { CodeInput } from '../../../ui/CodeInput';
import { Modal } from '../../../ui/Modal';
import { SendCodeButton } from '../../auth/components/SendCodeButton';
import { USER_INFO_KEY } from '../../auth/hooks/useUserInfo';
import { userState } from '../../auth/states/userState';
import { authApi } from '../../auth/utils/authApi';
import { maskMobile } from '../../auth/utils/mask';
import { isRequestError } from '../../request/utils/requestError';
import { storage } from '../../storage/utils/storage';
import { showToast } from '../../toast/states/toastState';
import { closePayPassword, notifyVerified, payPasswordState } from '../states/payPasswordState';
import { payPasswordApi } from '../utils/payPasswordApi';
import { initialMode, interpretVerifyResult, isCompletePayPassword, type PayPasswordMode } from '../utils/payPasswordFlow';

/** PAY_PASSWORD_LOCKED of libs/contracts errors.ts. */
const PAY_PASSWORD_LOCKED = 3013;

/** The entry being typed: the current password (input, modify-old), the new one, its confirmation, the SMS code. */
type Step = 'current' | 'new' | 'confirm' | 'code';

export function PayPasswordModal() {
  const { t } = useTranslation(['payPassword', 'auth', 'common']);
  const { open, requested, session } = useSnapshot(payPasswordState);
  const { userInfo } = useSnapshot(userState);
  const [mode, setMode] = useState<PayPasswordMode>('input');
  const [step, setStep] = useState<Step>('current');
  const [value, setValue] = useState('');
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [code, setCode] = useState('');
  const [warning, setWarning] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = (next: PayPasswordMode) => {
    setMode(next);
    setStep(next === 'set' || next === 'reset' ? 'new' : 'current');
    setValue('');
    setOldPassword('');
    setNewPassword('');
    setCode('');
  };

  useEffect(() => {
    if (!open) return;
    setWarning(null);
    start(initialMode(requested, Boolean(storage.get<boolean>('pay-password-reset')), Boolean(userState.userInfo?.existPayPassword)));
  }, [open, requested, session]);

  const verifyCurrent = async (password: string) => {
    if (busy) return;
    setBusy(true);
    try {
      const outcome = interpretVerifyResult(await payPasswordApi.verify(password));
      if (outcome.kind === 'success') {
        if (mode === 'modify') {
          setOldPassword(password);
          setValue('');
          setWarning(null);
          setStep('new');
        } else notifyVerified(password);
      } else if (outcome.kind === 'notSet') {
        setWarning(t('notSet'));
        start('set');
      } else if (outcome.kind === 'wrong') {
        setWarning(t('wrong', { count: outcome.remaining }));
        setValue('');
      } else {
        storage.set('pay-password-reset', true);
        setWarning(t('locked'));
        start('reset');
      }
    } catch {
      setValue('');
    } finally {
      setBusy(false);
    }
  };

  const save = async (body: { password: string; oldPassword?: string; verifyCode?: string }) => {
    setBusy(true);
    try {
      await payPasswordApi.set(body);
      storage.remove('pay-password-reset');
      showToast(t('setSuccess'), 'success');
      void mutate(USER_INFO_KEY);
      closePayPassword();
    } catch (error) {
      // A wrong old password that reaches the limit answers 3013: reset is required from now on.
      if (isRequestError(error) && error.code === PAY_PASSWORD_LOCKED) {
        storage.set('pay-password-reset', true);
        start('reset');
      }
    } finally {
      setBusy(false);
    }
  };

  const next = () => {
    if (step === 'code') {
      if (!/^\d{6}$/.test(code)) return setWarning(t('tooShort'));
      return void save({ password: newPassword, verifyCode: code });
    }
    if (!isCompletePayPassword(value)) return setWarning(t('tooShort'));
    setWarning(null);
    if (step === 'current') return void verifyCurrent(value);
    if (step === 'new') {
      setNewPassword(value);
      setValue('');
      return setStep('confirm');
    }
    if (value !== newPassword) {
      setWarning(t('mismatch'));
      setValue('');
      setNewPassword('');
      return setStep('new');
    }
    if (mode === 'reset') return setStep('code');
    return void save({ password: newPassword, oldPassword: mode === 'modify' ? oldPassword : undefined });
  };

  const prompt = step === 'current' ? (mode === 'modify' ? t('enterOld') : t('enter')) : step === 'new' ? t('enterNew') : step === 'confirm' ? t('confirmNew') : t('code');

  return (
    <Modal open={open} onClose={closePayPassword} compact title={t(`title.${mode}`)} testId="pay-password-modal" closeLabel={t('common:close')}>
      <div className="flex flex-col gap-4" data-testid="pay-password-step" data-mode={mode} data-step={step}>
        <p className="text-sm text-ink-soft">{prompt}</p>
        {step === 'code' ? (
          <>
            <p className="text-xs text-muted">{t('codeTip', { mobile: maskMobile(userInfo?.mobile ?? '') })}</p>
            <div className="flex items-center gap-3">
              <div className="flex-1">
                <CodeInput key="code" label={t('code')} value={code} onValueChange={setCode} testId="pay-password-code" />
              </div>
            </div>
            <SendCodeButton
              testId="pay-password-send-code"
              validate={() => {
                if (!userInfo?.mobile) showToast(t('noMobile'));
                return Boolean(userInfo?.mobile);
              }}
              send={(param) => authApi.sendVerifyCode(userInfo!.mobile!, param)}
            />
          </>
        ) : (
          <CodeInput
            key={`${mode}-${step}`}
            label={prompt}
            value={value}
            masked
            autoFocus
            testId="pay-password-input"
            onValueChange={(v) => {
              setValue(v);
              if (v.length < 6) return;
              setWarning(null);
            }}
            onComplete={(v) => {
              if (step === 'current') void verifyCurrent(v);
            }}
          />
        )}
        {warning && (
          <p className="rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning" data-testid="pay-password-warning" role="alert">
            {warning}
          </p>
        )}
        {step !== 'current' || mode === 'modify' ? (
          <Button
            block
            size="lg"
            loading={busy}
            data-testid="pay-password-submit"
            disabled={step === 'code' ? code.length !== 6 : value.length !== 6}
            onClick={next}
          >
            {step === 'new' ? t('common:next') : t('common:confirm')}
          </Button>
        ) : null}
        {mode === 'input' && (
          <button type="button" className="text-sm text-brand-600" data-testid="pay-password-forgot" onClick={() => start('reset')}>
            {t('forgot')}
          </button>
        )}
      </div>
    </Modal>
  );
}
