// Embed-in-frame warning: the shell refuses to run inside another site's frame (clickjacking).
import { useTranslation } from 'react-i18next';
import { MAIN_SITE_URL } from '../../../config';
import { Icon } from '../../../ui/icons';

export function isEmbedded(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    return true; // cross-origin parent
  }
}

export function FrameWarning() {
  const { t } = useTranslation('appShell');
  return (
    <div className="fixed inset-0 z-[90] flex items-center justify-center bg-overlay p-6" data-testid="frame-warning">
      <div className="max-w-sm rounded-card bg-surface p-6 text-center shadow-card">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning">
          <Icon name="warning" size={24} />
        </span>
        <h1 className="mt-3 text-lg font-semibold">{t('frameTitle')}</h1>
        <p className="mt-2 text-sm text-muted">{t('frameText')}</p>
        <a
          href={MAIN_SITE_URL}
          target="_top"
          rel="noopener"
          className="mt-5 inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-surface hover:bg-brand-700"
        >
          {t('frameLink')}
        </a>
      </div>
    </div>
  );
}
