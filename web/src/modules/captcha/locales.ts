// Strings of the slide captcha.
export const captchaLocales = {
  zh: {
    title: '安全验证',
    hint: '拖动下方滑块，使拼图块与缺口对齐',
    handle: '滑块',
    loading: '加载中…',
    initFailed: '验证码初始化失败',
    retry: '重新加载',
    failed: '人机验证失败',
    passed: '验证通过',
  },
  en: {
    title: 'Security check',
    hint: 'Drag the slider so the piece fills the gap',
    handle: 'Slider',
    loading: 'Loading…',
    initFailed: 'Captcha initialisation failed',
    retry: 'Reload',
    failed: 'Human verification failed',
    passed: 'Verified',
  },
};
