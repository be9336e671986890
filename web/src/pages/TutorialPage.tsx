// Codex and Claude Code setup guides (seed 002 §2), reachable by a normal and a tokens path.
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { resolveTutorialPlatform, type TutorialPlatform } from '../modules/tutorial/utils/platform';
import { Icon } from '../ui/icons';
import { copyText } from '../utils/clipboard';
import { PageFrame } from './PageFrame';

export type TutorialPageProps = { guide: 'codex' | 'claude-code' };

function snippets(guide: TutorialPageProps['guide'], platform: TutorialPlatform, baseUrl: string): (string | null)[] {
  const setVar = (name: string, value: string) => (platform === 'windows' ? `$env:${name}="${value}"` : `export ${name}="${value}"`);
  if (guide === 'codex')
    return [
      'npm install -g @openai/codex',
      `# ${platform === 'windows' ? '%USERPROFILE%\\.codex\\config.toml' : '~/.codex/config.toml'}\nmodel_provider = "aipay"\nmodel = "gpt-5-codex"\n\n[model_providers.aipay]\nname = "aipay"\nbase_url = "${baseUrl}/v1"\nwire_api = "responses"\nenv_key = "OPENAI_API_KEY"`,
      setVar('OPENAI_API_KEY', 'sk-...'),
      'model = "gpt-5-codex"',
      'codex --version',
      'codex',
    ];
  return [
    platform === 'mac' ? 'brew install node' : platform === 'linux' ? 'sudo apt-get install -y nodejs npm' : 'winget install OpenJS.NodeJS.LTS',
    'npm install -g @anthropic-ai/claude-code',
    `${setVar('ANTHROPIC_BASE_URL', baseUrl)}\n${setVar('ANTHROPIC_AUTH_TOKEN', 'sk-...')}`,
    'claude',
  ];
}

export function TutorialPage({ guide }: TutorialPageProps) {
  const { t } = useTranslation('pages');
  const search = useSearch();
  const [location, navigate] = useLocation();
  const platform = resolveTutorialPlatform(search, guide);
  const tabs: TutorialPlatform[] = guide === 'codex' ? ['windows', 'mac'] : ['windows', 'mac', 'linux'];
  const steps = t(guide === 'codex' ? 'tutorial.codexSteps' : 'tutorial.claudeSteps', { returnObjects: true }) as unknown as string[];
  const code = snippets(guide, platform, window.location.origin);

  return (
    <PageFrame title={t(guide === 'codex' ? 'tutorial.codexTitle' : 'tutorial.claudeTitle')} testId={`tutorial-${guide}`}>
      <div className="flex gap-2" role="tablist">
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={platform === tab}
            data-testid={`tutorial-tab-${tab}`}
            onClick={() => navigate(`${location}?platform=${tab}`, { replace: true })}
            className={`rounded-full px-4 py-1.5 text-sm ${platform === tab ? 'bg-brand-600 text-surface' : 'bg-surface text-ink-soft'}`}
          >
            {tab === 'mac' ? (guide === 'codex' ? 'macOS / Linux' : 'macOS') : tab === 'windows' ? 'Windows' : 'Linux'}
          </button>
        ))}
      </div>
      <ol className="flex flex-col gap-4">
        {steps.map((step, i) => (
          <li key={step} className="rounded-card bg-surface p-4 shadow-card">
            <p className="font-medium">
              <span className="mr-2 inline-flex size-6 items-center justify-center rounded-full bg-brand-600 text-xs text-surface">{i + 1}</span>
              {step}
            </p>
            {code[i] && (
              <div className="relative mt-3">
                <pre className="overflow-x-auto rounded-lg bg-ink p-3 pr-12 text-xs leading-5 text-surface">{code[i]}</pre>
                <button
                  type="button"
                  aria-label={t('tutorial.copy')}
                  onClick={() => void copyText(code[i]!)}
                  className="absolute top-2 right-2 rounded p-1 text-surface/70 hover:text-surface"
                >
                  <Icon name="copy" size={16} />
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {guide === 'codex' && <p className="rounded-lg bg-warning-soft p-3 text-sm text-warning">{t('tutorial.troubleshoot')}</p>}
    </PageFrame>
  );
}
