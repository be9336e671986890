// The brand mark (same drawing as public/icon.svg).
export type LogoProps = { size?: number };

export function Logo({ size = 32 }: LogoProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden className="text-brand-600">
      <rect width="64" height="64" rx="16" fill="currentColor" />
      <path d="M18 46 30 16h4l12 30h-7l-2.6-7H27.6L25 46zm11.6-13h6.8L33 23.6z" className="fill-surface" />
      <circle cx="48" cy="18" r="5" className="fill-accent" />
    </svg>
  );
}
