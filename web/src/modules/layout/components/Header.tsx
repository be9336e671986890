// The header: logo, language, install app; invitations and settings when logged in, else login.
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Link, useLocation } from 'wouter';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/icons';
import { Logo } from '../../../ui/Logo';
import { openAuth } from '../../auth/states/modalState';
import { userState } from '../../auth/states/userState';
import { useIsMobile } from '../hooks/useIsMobile';
import { InstallAppButton } from './InstallAppButton';
import { LanguageSwitch } from './LanguageSwitch';

// The menu (and its popover library) loads as its own chunk.
const SettingsMenu = lazy(async () => ({ default: (await import('../../settings/components/SettingsMenu')).SettingsMenu }));

function SettingsPlaceholder() {
  return (
    <span className="flex size-9 items-center justify-center rounded-full text-ink-soft" aria-hidden>
      <Icon name="settings" size={20} />
    </span>
  );
}

export function Header() {
  const { t } = useTranslation('layout');
  const { isLoggedIn } = useSnapshot(userState);
  const [location] = useLocation();
  const isMobile = useIsMobile();
  const showBack = isMobile && location !== '/';

  return (
    <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-page items-center gap-2 px-4 desk:h-16 desk:px-6">
        {showBack && (
          <button
            type="button"
            data-testid="mobile-back"
            aria-label={t('back')}
            onClick={() => (window.history.length > 1 ? window.history.back() : window.location.assign('/'))}
            className="-ml-2 flex size-9 items-center justify-center rounded-full text-ink-soft hover:bg-canvas"
          >
            <Icon name="back" size={22} />
          </button>
        )}
        <Link href="/" className="flex items-center gap-2" data-testid="logo">
          <Logo />
          <span className="text-lg font-semibold tracking-tight">{t('brand')}</span>
        </Link>
        <div className="ml-auto flex items-center gap-1">
          <LanguageSwitch />
          <InstallAppButton />
          {isLoggedIn ? (
            <>
              <Link
                href="/invite-record"
                data-testid="my-invitations"
                className="flex h-9 items-center gap-1 rounded-full px-2 text-sm text-ink-soft hover:bg-brand-50 hover:text-brand-700"
              >
                <Icon name="gift" size={18} />
                <span className="hidden desk:inline">{t('invitations')}</span>
              </Link>
              <Suspense fallback={<SettingsPlaceholder />}>
                <SettingsMenu />
              </Suspense>
            </>
          ) : (
            <Button size="sm" data-testid="header-login" onClick={() => openAuth('login')} className="ml-1 whitespace-nowrap">
              {t('login')}
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
