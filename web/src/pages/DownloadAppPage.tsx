// /downloadApp: Android and iOS links from the version file's downloadUrl (seed 002 §2 "Other screens").
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/icons';
import { PageFrame } from './PageFrame';

type AppVersion = { downloadUrl?: { ios?: string; android?: string } };

/** Served from public/ (the seed reads it from a cloud storage host). */
export const APP_VERSION_URL = '/app-version.json';

export function DownloadAppPage() {
  const { t } = useTranslation('pages');
  const [info, setInfo] = useState<AppVersion>({});
  useEffect(() => {
    fetch(APP_VERSION_URL, { cache: 'no-store' })
      .then((response) => response.json() as Promise<AppVersion>)
      .then(setInfo)
      .catch(() => undefined);
  }, []);
  const steps = t('download.iosSteps', { returnObjects: true }) as unknown as string[];
  const linkClass = 'flex h-14 items-center justify-center gap-2 rounded-card text-base font-medium aria-disabled:pointer-events-none aria-disabled:opacity-50';

  return (
    <PageFrame title={t('download.title')} testId="download-app-page">
      <div className="grid gap-4 desk:grid-cols-2">
        <a href={info.downloadUrl?.android ?? '#'} aria-disabled={!info.downloadUrl?.android} data-testid="download-android" className={`${linkClass} bg-brand-600 text-surface`}>
          <Icon name="android" /> {t('download.android')}
        </a>
        <a href={info.downloadUrl?.ios ?? '#'} aria-disabled={!info.downloadUrl?.ios} data-testid="download-ios" className={`${linkClass} bg-ink text-surface`}>
          <Icon name="apple" /> {t('download.ios')}
        </a>
      </div>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-muted">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </PageFrame>
  );
}
