// Toggles zh / en; the request layer's `language` header follows i18n.language.
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui/icons';
import { setLanguage } from '../../i18n/i18n';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('layout');
  const next = i18n.language === 'en' ? 'zh' : 'en';
  return (
    <button
      type="button"
      data-testid="language-switch"
      data-language={i18n.language}
      aria-label={t('language')}
      onClick={() => setLanguage(next)}
      className="flex h-9 items-center gap-1 rounded-full px-2 text-sm text-ink-soft hover:bg-brand-50 hover:text-brand-700"
    >
      <Icon name="globe" size={18} />
      <span className="whitespace-nowrap">{t('switchTo')}</span>
    </button>
  );
}
