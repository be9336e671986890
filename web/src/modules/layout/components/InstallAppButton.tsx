// "Install app" in the header, plus the automatic install card after 1 s (portalled: the
// header's backdrop blur would otherwise become the card's containing block).
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';
import { useInstallPrompt } from '../hooks/useInstallPrompt';

export function InstallAppButton() {
  const { t } = useTranslation(['layout', 'appShell']);
  const { available, autoOpen, install, dismiss } = useInstallPrompt();
  if (!available) return null;
  return (
    <>
      <button
        type="button"
        data-testid="install-app"
        onClick={() => void install()}
        className="flex h-9 items-center gap-1 rounded-full px-2 text-sm text-ink-soft hover:bg-brand-50 hover:text-brand-700"
      >
        <Icon name="download" size={18} />
        <span className="hidden desk:inline">{t('installApp')}</span>
      </button>
      {autoOpen &&
        createPortal(
        <div
          className="fixed right-4 bottom-4 left-4 z-40 rounded-card border border-line bg-surface p-4 shadow-card desk:left-auto desk:w-80"
          data-testid="install-card"
        >
          <p className="font-medium">{t('appShell:installTitle')}</p>
          <p className="mt-1 text-sm text-muted">{t('appShell:installText')}</p>
          <div className="mt-3 flex justify-end gap-2">
            <Button variant="ghost" size="sm" onClick={dismiss}>
              {t('appShell:installLater')}
            </Button>
            <Button size="sm" onClick={() => void install()} data-testid="install-confirm">
              {t('appShell:install')}
            </Button>
          </div>
        </div>,
          document.body,
        )}
    </>
  );
}
