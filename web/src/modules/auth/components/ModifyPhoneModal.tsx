// Modify phone in two steps (seed 000 §4): prove the current number, then bind the new one.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { isRequestError } from '../../request/utils/requestError';
import { showToast } from '../../toast/states/toastState';
import { modalState, openAuth } from '../states/modalState';
import { userState } from '../states/userState';
import { authApi } from '../utils/authApi';
import { emitLogout } from '../utils/authEvents';
import { maskMobile } from '../utils/mask';
import { replaceToken } from '../utils/session';
import { sanitizeCodeInput, validateCode, validateNewPhone, type AreaCode } from '../utils/validation';
import { PhoneField } from './AccountFields';
import { SendCodeButton } from './SendCodeButton';

type Step = 'old' | 'new';

export function ModifyPhoneModal() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const { modifyPhone: open } = useSnapshot(modalState);
  const { userInfo } = useSnapshot(userState);
  const [step, setStep] = useState<Step>('old');
  const [verifyFlow, setVerifyFlow] = useState('');
  const [code, setCode] = useState('');
  const [areaCode, setAreaCode] = useState<AreaCode>(86);
  const [newMobile, setNewMobile] = useState('');
  const [errors, setErrors] = useState<{ code?: string; phone?: string }>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (!open) return;
    setStep('old');
    setVerifyFlow('');
    setCode('');
    setNewMobile('');
    setErrors({});
  }, [open]);

  const close = () => (modalState.modifyPhone = false);
  const v = (key: string | null) => (key ? t(`validation:${key}`) : undefined);

  const validatePhoneTarget = () => {
    const key = validateNewPhone(newMobile, areaCode, userInfo?.mobile);
    setErrors((prev) => ({ ...prev, phone: v(key) }));
    return !key;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const codeError = validateCode(code);
    const phoneError = step === 'new' ? validateNewPhone(newMobile, areaCode, userInfo?.mobile) : null;
    setErrors({ code: v(codeError), phone: v(phoneError) });
    if (codeError || phoneError || submitting) return;
    setSubmitting(true);
    try {
      if (step === 'old') {
        const result = await authApi.verifyOldMobile(code);
        setVerifyFlow(result.verifyFlow);
        setCode('');
        setStep('new');
      } else {
        const result = await authApi.verifyNewMobile({ newMobile, areaCode, verifyCode: code, verifyFlow });
        close();
        // Every other session ends; this device gets a fresh token, else it logs in again.
        if (replaceToken(result)) showToast(t('modifyPhone.changed'), 'success');
        else {
          showToast(t('modifyPhone.success'), 'success');
          emitLogout('user');
          openAuth('login');
        }
      }
    } catch (error) {
      if (!isRequestError(error)) showToast(t('modifyPhone.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal open={open} onClose={close} title={t('modifyPhone.title')} testId="modify-phone-modal" closeLabel={t('common:close')}>
      <ol className="mb-5 grid grid-cols-2 gap-2 text-xs" data-testid="modify-phone-steps">
        {(['old', 'new'] as const).map((s, i) => (
          <li
            key={s}
            data-testid={`modify-phone-step-${s}`}
            aria-current={step === s ? 'step' : undefined}
            className={`rounded-lg border px-3 py-2 ${step === s ? 'border-brand-500 bg-brand-50 text-brand-700' : 'border-line text-muted'}`}
          >
            {i + 1}. {t(s === 'old' ? 'modifyPhone.stepOld' : 'modifyPhone.stepNew')}
          </li>
        ))}
      </ol>
      <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
        {step === 'old' ? (
          <p className="text-sm text-ink-soft">{t('modifyPhone.current', { mobile: maskMobile(userInfo?.mobile ?? '') })}</p>
        ) : (
          <PhoneField
            label={t('modifyPhone.newPhone')}
            areaCode={areaCode}
            phone={newMobile}
            onAreaCode={setAreaCode}
            onPhone={setNewMobile}
            error={errors.phone}
            testId="modify-phone-new"
          />
        )}
        <TextField
          key={step}
          label={t('code')}
          placeholder={t('codePlaceholder')}
          inputMode="numeric"
          value={code}
          error={errors.code}
          data-testid={`modify-phone-${step}-code`}
          onValueChange={(value) => setCode(sanitizeCodeInput(value))}
          right={
            step === 'old' ? (
              <SendCodeButton key="old" testId="modify-phone-old-send-code" validate={() => true} send={(param) => authApi.sendOldMobileCode(param)} />
            ) : (
              <SendCodeButton
                key="new"
                testId="modify-phone-new-send-code"
                validate={validatePhoneTarget}
                send={(param) => authApi.sendNewMobileCode(newMobile, areaCode, param)}
              />
            )
          }
        />
        <Button type="submit" size="lg" block loading={submitting} data-testid={`modify-phone-${step}-submit`}>
          {step === 'old' ? t('common:next') : t('common:confirm')}
        </Button>
      </form>
    </Modal>
  );
}
