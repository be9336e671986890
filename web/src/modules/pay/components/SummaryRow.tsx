// One label/value line of the pay pages' summaries.
import type { ReactNode } from 'react';

export function SummaryRow({ label, children, testId, strong = false }: { label: ReactNode; children: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-sm text-muted">{label}</dt>
      <dd data-testid={testId} className={`text-right ${strong ? 'text-lg font-semibold text-ink' : 'text-sm text-ink'}`}>
        {children}
      </dd>
    </div>
  );
}
