// The "*" route.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';

export function NotFoundPage() {
  const { t } = useTranslation(['pages', 'common']);
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-6 text-center" data-testid="not-found-page">
      <p className="text-6xl font-bold text-brand-200">404</p>
      <h1 className="text-xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-sm text-muted">{t('notFound.text')}</p>
      <Link href="/" className="mt-2 inline-flex h-10 items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-surface hover:bg-brand-700" data-testid="not-found-home">
        {t('common:home')}
      </Link>
    </div>
  );
}
