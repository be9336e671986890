// A small rotating ring for loading states.
export type SpinnerProps = { size?: 'sm' | 'md' | 'lg' };

const SIZE: Record<NonNullable<SpinnerProps['size']>, string> = { sm: 'size-4 border-2', md: 'size-6 border-2', lg: 'size-10 border-4' };

export function Spinner({ size = 'md' }: SpinnerProps) {
  return <span aria-hidden className={`inline-block animate-spin rounded-full border-current border-r-transparent ${SIZE[size]}`} />;
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-brand-600" data-testid="page-loading">
      <Spinner size="lg" />
    </div>
  );
}
