// Complaint form (seed 000 §5): content and e-mail; the server attaches user id, phone and time.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { TextField } from '../../../ui/TextField';
import { modalState } from '../../auth/states/modalState';
import { userState } from '../../auth/states/userState';
import { authApi } from '../../auth/utils/authApi';
import { validateEmail, validateRequiredText } from '../../auth/utils/validation';
import { isRequestError } from '../../request/utils/requestError';
import { showToast } from '../../toast/states/toastState';

export function ComplaintModal() {
  const { t } = useTranslation(['settings', 'validation', 'common']);
  const { complaint: open } = useSnapshot(modalState);
  const { userInfo } = useSnapshot(userState);
  const [content, setContent] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ content?: string; email?: string }>({});
  const [busy, setBusy] = useState(false);
  const close = () => (modalState.complaint = false);

  useEffect(() => {
    if (open) setEmail(userInfo?.email ?? '');
  }, [open, userInfo?.email]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const contentError = validateRequiredText(content);
    const emailError = validateEmail(email);
    setErrors({
      content: contentError ? t(`validation:${contentError}`) : undefined,
      email: emailError ? t(emailError === 'emailRequired' ? 'emailRequired' : 'emailInvalid') : undefined,
    });
    if (contentError || emailError || busy) return;
    setBusy(true);
    try {
      await authApi.complaint(content.trim(), email.trim());
      showToast(t('complaintSuccess'), 'success');
      setContent('');
      close();
    } catch (error) {
      if (!isRequestError(error)) showToast(t('complaintFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={close} title={t('complaintTitle')} testId="complaint-modal" closeLabel={t('common:close')}>
      <form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="flex flex-col gap-1">
          <label htmlFor="complaint-content" className="text-sm font-medium text-ink-soft">
            {t('complaintContent')}
          </label>
          <textarea
            id="complaint-content"
            data-testid="complaint-content"
            rows={5}
            maxLength={2000}
            value={content}
            placeholder={t('complaintPlaceholder')}
            onChange={(event) => setContent(event.target.value)}
            className={`rounded-lg border bg-surface p-3 text-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100 ${errors.content ? 'border-danger' : 'border-line'}`}
          />
          {errors.content && <p className="text-xs text-danger">{errors.content}</p>}
        </div>
        <TextField label={t('complaintEmail')} type="email" value={email} error={errors.email} data-testid="complaint-email" onValueChange={setEmail} />
        <Button type="submit" size="lg" block loading={busy} data-testid="complaint-submit">
          {t('common:submit')}
        </Button>
      </form>
    </Modal>
  );
}
