// Registers the "pay" namespace when the pay chunk loads (not in the initial bundle). Every pay
// component imports this module before using useTranslation('pay').
import { i18n } from '../i18n/i18n';
import { payLocales } from './locales';

export const PAY_NS = 'pay';

for (const language of ['zh', 'en'] as const) {
  if (!i18n.hasResourceBundle(language, PAY_NS)) i18n.addResourceBundle(language, PAY_NS, payLocales[language], true, false);
}
