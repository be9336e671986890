// Terms of service viewer with its own language option (seed 000 §2).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Modal } from '../../../ui/Modal';
import { modalState } from '../../auth/states/modalState';
import { isLanguage, type Language } from '../../i18n/utils/resolveLanguage';

export function TermsModal() {
  const { i18n } = useTranslation();
  const { terms: open } = useSnapshot(modalState);
  const [language, setLanguage] = useState<Language>('zh');
  useEffect(() => {
    if (open) setLanguage(isLanguage(i18n.language) ? i18n.language : 'zh');
  }, [open, i18n.language]);
  const t = i18n.getFixedT(language, 'settings');
  const lines = t('terms', { returnObjects: true }) as unknown as string[];

  return (
    <Modal open={open} onClose={() => (modalState.terms = false)} title={t('termsTitle')} testId="terms-modal" closeLabel={t('common:close')}>
      <div className="mb-4 flex gap-2 text-sm">
        {(['zh', 'en'] as const).map((lng) => (
          <button
            key={lng}
            type="button"
            data-testid={`terms-language-${lng}`}
            aria-pressed={language === lng}
            onClick={() => setLanguage(lng)}
            className={`rounded-full px-3 py-1 ${language === lng ? 'bg-brand-600 text-surface' : 'bg-canvas text-ink-soft'}`}
          >
            {lng === 'zh' ? '中文' : 'English'}
          </button>
        ))}
      </div>
      <div className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto text-sm leading-6 text-ink-soft">
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </Modal>
  );
}
