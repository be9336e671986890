// The footer of the home page.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { SUPPORT_EMAIL } from '../../../config';
import { modalState } from '../../auth/states/modalState';

export function Footer() {
  const { t } = useTranslation('layout');
  return (
    <footer className="border-t border-line bg-surface" data-testid="footer">
      <div className="mx-auto flex max-w-page flex-col gap-4 px-4 py-8 text-sm text-muted desk:flex-row desk:items-center desk:justify-between desk:px-6">
        <p className="max-w-md">{t('footer.tagline')}</p>
        <nav className="flex flex-wrap gap-4">
          <button type="button" className="hover:text-ink" onClick={() => (modalState.terms = true)} data-testid="footer-terms">
            {t('footer.terms')}
          </button>
          <Link href="/downloadApp" className="hover:text-ink">
            {t('footer.download')}
          </Link>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="hover:text-ink">
            {t('footer.contact')}
          </a>
          <span>{t('footer.rights', { year: new Date().getFullYear() })}</span>
        </nav>
      </div>
    </footer>
  );
}
