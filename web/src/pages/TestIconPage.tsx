// /test-icon: developer icon preview (list icons, copy code or name, size default 36 px).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon, ICONS, type IconName } from '../ui/icons';
import { copyText } from '../utils/clipboard';
import { PageFrame } from './PageFrame';

export const DEFAULT_ICON_SIZE = 36;

export function TestIconPage() {
  const { t } = useTranslation('pages');
  const [size, setSize] = useState(DEFAULT_ICON_SIZE);
  return (
    <PageFrame title={t('icons.title')} testId="test-icon-page">
      <label className="flex items-center gap-3 text-sm">
        {t('icons.size')}
        <input
          type="range"
          min={12}
          max={96}
          value={size}
          data-testid="icon-size"
          onChange={(event) => setSize(Number(event.target.value))}
          className="accent-brand-600"
        />
        <span className="w-12 tabular-nums">{size}px</span>
      </label>
      <ul className="grid grid-cols-2 gap-3 desk:grid-cols-4">
        {(Object.keys(ICONS) as IconName[]).map((name) => (
          <li key={name} className="flex flex-col items-center gap-2 rounded-card bg-surface p-4 shadow-card" data-testid={`icon-${name}`}>
            <Icon name={name} size={size} />
            <span className="font-mono text-xs">{name}</span>
            <div className="flex gap-2 text-xs">
              <button type="button" className="text-brand-600" onClick={() => void copyText(`<Icon name="${name}" size={${size}} />`)}>
                {t('icons.copyCode')}
              </button>
              <button type="button" className="text-brand-600" onClick={() => void copyText(name)}>
                {t('icons.copyName')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
