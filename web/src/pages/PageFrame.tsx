// Title and content width of the simple pages.
import type { ReactNode } from 'react';

export type PageFrameProps = { title: string; children: ReactNode; testId?: string };

export function PageFrame({ title, children, testId }: PageFrameProps) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 desk:px-6 desk:py-12" data-testid={testId}>
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </div>
  );
}
