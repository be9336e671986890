// The dialog around the slide captcha, opened by requestCaptcha().
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Modal } from '../../../ui/Modal';
import { cancelCaptcha, captchaState, passCaptcha } from '../states/captchaState';
import { SlideCaptcha } from './SlideCaptcha';

export function CaptchaDialog() {
  const { t } = useTranslation(['captcha', 'common']);
  const { open, attempt } = useSnapshot(captchaState);
  return (
    <Modal open={open} onClose={() => cancelCaptcha()} title={t('title')} compact testId="captcha-dialog" closeLabel={t('common:close')}>
      {open && <SlideCaptcha key={attempt} onPass={passCaptcha} onFail={() => cancelCaptcha('failed')} />}
    </Modal>
  );
}
