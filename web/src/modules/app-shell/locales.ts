// Strings of the shell's own screens: fallback, frame warning, install prompt.
export const appShellLocales = {
  zh: {
    fallbackTitle: '页面加载失败或版本已更新',
    fallbackText: '请刷新页面后重试。',
    frameTitle: '当前页面被嵌入在其他网站中',
    frameText: '为保障账户与支付安全，请在官网打开。',
    frameLink: '前往官网',
    installTitle: '安装 AIPay 应用',
    installText: '添加到主屏幕，打开更快。',
    install: '安装',
    installLater: '以后再说',
  },
  en: {
    fallbackTitle: 'The page failed to load or the version was updated',
    fallbackText: 'Please refresh the page and try again.',
    frameTitle: 'This page is embedded in another site',
    frameText: 'For the safety of your account and payments, open it on the main site.',
    frameLink: 'Go to the main site',
    installTitle: 'Install the AIPay app',
    installText: 'Add it to your home screen for faster access.',
    install: 'Install',
    installLater: 'Not now',
  },
};
