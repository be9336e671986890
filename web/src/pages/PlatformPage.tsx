// /:platformKey: placeholder of the Flex platform page; an unknown platform goes to "/" (seed 002 §2).
import { useTranslation } from 'react-i18next';
import { Redirect } from 'wouter';
import { PageFrame } from './PageFrame';

/** Paths the shell knows until the categories call (GET /aiflex/products) drives them. */
export const KNOWN_PLATFORMS: Record<string, string> = {
  chatgpt: 'ChatGPT',
  'chatgtp-mirror': 'ChatGPT',
  claude: 'Claude',
  sora: 'Sora',
  aicoding: 'AI Coding',
  aicoding_0011: 'AI Coding',
  api: 'API Flex',
};

export type PlatformPageProps = { platformKey: string };

export function PlatformPage({ platformKey }: PlatformPageProps) {
  const { t } = useTranslation('pages');
  const name = KNOWN_PLATFORMS[platformKey];
  if (!name) return <Redirect to="/" replace />;
  return (
    <PageFrame title={t('platform.title', { name })} testId="platform-page">
      <p className="rounded-card border border-dashed border-line p-8 text-center text-sm text-muted">{t('platform.text')}</p>
    </PageFrame>
  );
}
