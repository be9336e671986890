// i18next with one namespace per module; the language comes from storage, then the browser, then zh.
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pagesLocales } from '../../pages/locales';
import { appShellLocales } from '../app-shell/locales';
import { authLocales } from '../auth/locales';
import { captchaLocales } from '../captcha/locales';
import { layoutLocales } from '../layout/locales';
import { payPasswordLocales } from '../pay-password/locales';
import { settingsLocales } from '../settings/locales';
import { storage } from '../storage/utils/storage';
import { commonLocales, validationLocales } from './locales';
import { resolveLanguage, type Language } from './utils/resolveLanguage';

const namespaces = {
  common: commonLocales,
  validation: validationLocales,
  auth: authLocales,
  captcha: captchaLocales,
  settings: settingsLocales,
  payPassword: payPasswordLocales,
  layout: layoutLocales,
  appShell: appShellLocales,
  pages: pagesLocales,
};

function resourcesFor(language: Language) {
  return Object.fromEntries(Object.entries(namespaces).map(([ns, locales]) => [ns, locales[language]]));
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { zh: resourcesFor('zh'), en: resourcesFor('en') },
  lng: resolveLanguage(storage.get('language'), typeof navigator !== 'undefined' ? navigator.language : undefined),
  fallbackLng: 'zh',
  defaultNS: 'common',
  ns: Object.keys(namespaces),
  interpolation: { escapeValue: false },
  initAsync: false,
});

export function setLanguage(language: Language): void {
  storage.set('language', language, 0);
  void i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
});
