// The landing page (seed 002 §2 "Landing page"): platform cards and feature tiles.
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { Button } from '../ui/Button';
import { Icon, type IconName } from '../ui/icons';

type PlatformCard = { id: 'chatgpt' | 'claude' | 'codex' | 'sora' | 'api'; icon: IconName; tone: string; path?: string };

/** Product tiles (seed 002 §2 "Product tile config"); a card without a path is "coming soon". */
const CARDS: PlatformCard[] = [
  { id: 'chatgpt', icon: 'sparkle', tone: 'bg-brand-50 text-brand-700', path: '/chatgpt' },
  { id: 'claude', icon: 'message', tone: 'bg-warning-soft text-warning', path: '/claude' },
  { id: 'codex', icon: 'terminal', tone: 'bg-canvas text-ink', path: '/aicoding' },
  { id: 'sora', icon: 'globe', tone: 'bg-brand-100 text-brand-600' },
  { id: 'api', icon: 'card', tone: 'bg-canvas text-accent', path: '/api' },
];

const FEATURE_ICONS: IconName[] = ['check', 'lock', 'globe', 'sparkle'];

export function HomePage() {
  const { t } = useTranslation(['pages', 'common']);
  const [, navigate] = useLocation();
  const features = t('home.features', { returnObjects: true }) as unknown as { title: string; text: string }[];

  return (
    <div className="mx-auto flex max-w-page flex-col gap-12 px-4 py-10 desk:px-6 desk:py-16" data-testid="home-page">
      <section className="flex flex-col gap-4 text-center">
        <h1 className="text-3xl font-bold tracking-tight desk:text-5xl">{t('home.title')}</h1>
        <p className="mx-auto max-w-2xl text-base text-muted desk:text-lg">{t('home.subtitle')}</p>
      </section>

      <section className="grid gap-4 desk:grid-cols-3 lg:grid-cols-5">
        {CARDS.map((card) => (
          <article key={card.id} className="flex flex-col gap-3 rounded-card border border-line bg-surface p-5 shadow-card" data-testid={`platform-card-${card.id}`}>
            <span className={`flex size-11 items-center justify-center rounded-xl ${card.tone}`}>
              <Icon name={card.icon} size={22} />
            </span>
            <h2 className="font-semibold">{t(`home.cards.${card.id}`)}</h2>
            <p className="flex-1 text-sm text-muted">{t(`home.cardTexts.${card.id}`)}</p>
            {card.path ? (
              <Button size="sm" variant="secondary" onClick={() => navigate(card.path!)}>
                {t('home.goUse')} <Icon name="arrowRight" size={16} />
              </Button>
            ) : (
              <span className="inline-flex h-8 items-center justify-center rounded-lg bg-canvas text-sm text-muted">{t('common:comingSoon')}</span>
            )}
          </article>
        ))}
      </section>

      <section className="grid gap-4 desk:grid-cols-2 lg:grid-cols-4">
        {features.map((feature, i) => (
          <div key={feature.title} className="flex gap-3 rounded-card bg-surface p-5">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <Icon name={FEATURE_ICONS[i] ?? 'check'} size={18} />
            </span>
            <div>
              <h3 className="font-medium">{feature.title}</h3>
              <p className="mt-1 text-sm text-muted">{feature.text}</p>
            </div>
          </div>
        ))}
      </section>
    </div>
  );
}
