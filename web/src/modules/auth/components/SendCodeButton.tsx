// "Send code": validate the target, pass the slide captcha, send, then count down 60 s.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { requestCaptcha } from '../../captcha/states/captchaState';
import { showToast } from '../../toast/states/toastState';
import { useCountdown } from '../hooks/useCountdown';

export type SendCodeButtonProps = {
  /** Returns false (and shows the field error) when the phone or e-mail is not valid yet. */
  validate: () => boolean;
  send: (captchaVerifyParam: string) => Promise<unknown>;
  testId?: string;
  /** Skip the captcha (calls that do not take a captchaVerifyParam). */
  withoutCaptcha?: boolean;
};

export function SendCodeButton({ validate, send, testId = 'send-code', withoutCaptcha = false }: SendCodeButtonProps) {
  const { t } = useTranslation('auth');
  const [loading, setLoading] = useState(false);
  const { left, counting, start } = useCountdown();

  const onClick = async () => {
    if (loading || counting || !validate()) return;
    setLoading(true);
    try {
      const param = withoutCaptcha ? '' : await requestCaptcha();
      await send(param);
      showToast(t('codeSent'), 'success');
      start();
    } catch {
      // Captcha closed or failed, or the send failed (the request layer showed the message): reset loading.
    } finally {
      setLoading(false);
    }
  };

  return (
    <button
      type="button"
      data-testid={testId}
      disabled={loading || counting}
      onClick={() => void onClick()}
      className="shrink-0 text-sm font-medium whitespace-nowrap text-brand-600 disabled:text-muted"
    >
      {counting ? t('resendIn', { seconds: left }) : loading ? t('sending') : t('sendCode')}
    </button>
  );
}
