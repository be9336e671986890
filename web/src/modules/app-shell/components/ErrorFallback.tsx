// The generic fallback screen: "page failed to load or version updated", home and refresh.
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';

export function ErrorFallback() {
  const { t } = useTranslation(['appShell', 'common']);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-6 text-center" data-testid="error-fallback">
      <span className="flex size-14 items-center justify-center rounded-full bg-warning-soft text-warning">
        <Icon name="warning" size={28} />
      </span>
      <h1 className="text-xl font-semibold">{t('fallbackTitle')}</h1>
      <p className="text-sm text-muted">{t('fallbackText')}</p>
      <div className="flex gap-3">
        <Button variant="secondary" onClick={() => window.location.assign('/')} data-testid="fallback-home">
          {t('common:home')}
        </Button>
        <Button onClick={() => window.location.reload()} data-testid="fallback-refresh">
          {t('common:refresh')}
        </Button>
      </div>
    </div>
  );
}
