// Strings of the header and footer.
export const layoutLocales = {
  zh: {
    brand: 'AIPay',
    login: '登录 / 注册',
    invitations: '我的邀请',
    installApp: '安装应用',
    back: '返回',
    language: '语言',
    switchTo: 'English',
    footer: {
      tagline: '为中国大陆、港澳用户提供海外 AI 服务的订阅与支付。',
      terms: '用户服务协议',
      download: '下载 App',
      contact: '联系我们',
      rights: '© {{year}} AIPay',
    },
  },
  en: {
    brand: 'AIPay',
    login: 'Log in / Sign up',
    invitations: 'My invitations',
    installApp: 'Install app',
    back: 'Back',
    language: 'Language',
    switchTo: '中文',
    footer: {
      tagline: 'Subscriptions and payments for overseas AI services, for users in China, Hong Kong and Macao.',
      terms: 'Terms of Service',
      download: 'Download the app',
      contact: 'Contact us',
      rights: '© {{year}} AIPay',
    },
  },
};
