// E-mail plus code: binds or changes the e-mail, or verifies the current one when it is
// unverified and typed unchanged (seed 000 §4).
import type { UserInfo } from '@aipay/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/TextField';
import { isRequestError } from '../../request/utils/requestError';
import { showToast } from '../../toast/states/toastState';
import { authApi } from '../utils/authApi';
import { isVerifyOnly } from '../utils/mask';
import { collectErrors, sanitizeCodeInput, validateCode, validateEmail } from '../utils/validation';
import { SendCodeButton } from './SendCodeButton';

export type EmailFormProps = {
  user: Pick<UserInfo, 'email' | 'emailVerifyStatus'> | null;
  submitLabel: string;
  onDone: (verifiedOnly: boolean) => void;
  testIdPrefix: string;
};

export function EmailForm({ user, submitLabel, onDone, testIdPrefix }: EmailFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const [email, setEmail] = useState(user?.emailVerifyStatus === 0 ? (user.email ?? '') : '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string }>({});
  const [submitting, setSubmitting] = useState(false);

  const validateTarget = () => {
    const key = validateEmail(email);
    setErrors((prev) => ({ ...prev, email: key ? t(`validation:${key}`) : undefined }));
    return !key;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = collectErrors({ email: validateEmail(email), code: validateCode(code) });
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(`validation:${v}`)])));
    if (Object.keys(found).length || submitting) return;
    setSubmitting(true);
    const verifyOnly = isVerifyOnly(user, email);
    try {
      await (verifyOnly ? authApi.verifyEmail(email.trim(), code) : authApi.updateEmail(email.trim(), code));
      showToast(t(verifyOnly ? 'changeEmail.verifySuccess' : 'changeEmail.success'), 'success');
      onDone(verifyOnly);
    } catch (error) {
      if (!isRequestError(error)) showToast(t('changeEmail.failed'));
      else if (error.field === 'email' || error.field === 'verifyCode')
        setErrors((prev) => ({ ...prev, [error.field === 'email' ? 'email' : 'code']: error.msg }));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField
        label={t('email')}
        placeholder={t('emailPlaceholder')}
        type="email"
        value={email}
        error={errors.email}
        data-testid={`${testIdPrefix}-email`}
        onValueChange={setEmail}
      />
      <TextField
        label={t('code')}
        placeholder={t('codePlaceholder')}
        inputMode="numeric"
        value={code}
        error={errors.code}
        data-testid={`${testIdPrefix}-code`}
        onValueChange={(value) => setCode(sanitizeCodeInput(value))}
        right={
          <SendCodeButton
            testId={`${testIdPrefix}-send-code`}
            validate={validateTarget}
            send={(param) => authApi.sendEmailCode(email.trim(), isVerifyOnly(user, email) ? 'verify' : 'updateEmail', param)}
          />
        }
      />
      <Button type="submit" size="lg" block loading={submitting} data-testid={`${testIdPrefix}-submit`}>
        {submitLabel}
      </Button>
    </form>
  );
}
