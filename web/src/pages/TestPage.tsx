// /test: developer page linking to /test-icon and demoing the notice dialog and pay password input.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { requestCaptcha } from '../modules/captcha/states/captchaState';
import { openPayPassword } from '../modules/pay-password/states/payPasswordState';
import { showToast } from '../modules/toast/states/toastState';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { PageFrame } from './PageFrame';

export function TestPage() {
  const { t } = useTranslation(['pages', 'common']);
  const [notice, setNotice] = useState(false);
  const search = useSearch();

  // `?open=notice|captcha|pay-password` opens a demo at once (screenshots and browser tests).
  useEffect(() => {
    const open = new URLSearchParams(search).get('open');
    if (open === 'notice') setNotice(true);
    if (open === 'captcha') requestCaptcha().then((param) => showToast(param.slice(0, 12), 'success'), () => undefined);
    if (open === 'pay-password') openPayPassword('input');
  }, [search]);
  return (
    <PageFrame title={t('test.title')} testId="test-page">
      <div className="flex flex-wrap gap-3">
        <Link href="/test-icon" className="inline-flex h-10 items-center rounded-lg border border-line bg-surface px-4 text-sm">
          {t('test.icons')}
        </Link>
        <Button variant="secondary" onClick={() => setNotice(true)} data-testid="test-notice">
          {t('test.notice')}
        </Button>
        <Button
          variant="secondary"
          data-testid="test-captcha"
          onClick={() => requestCaptcha().then((param) => showToast(param.slice(0, 12), 'success'), () => undefined)}
        >
          {t('test.captcha')}
        </Button>
        <Button variant="secondary" data-testid="test-pay-password" onClick={() => openPayPassword('input', () => showToast(t('payPassword:verified'), 'success'))}>
          {t('test.payPassword')}
        </Button>
      </div>
      <Modal open={notice} onClose={() => setNotice(false)} compact title={t('test.notice')} closeLabel={t('common:close')}>
        <p className="text-sm text-muted">{t('test.noticeText')}</p>
        <Button className="mt-5" block onClick={() => setNotice(false)}>
          {t('common:confirm')}
        </Button>
      </Modal>
    </PageFrame>
  );
}
