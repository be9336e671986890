// Page frame: header, the page, the footer on "/", and full-page overlays on mobile for some paths.
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useIsMobile } from '../hooks/useIsMobile';
import { Footer } from './Footer';
import { Header } from './Header';

/** Seed 000 §2: these paths show as a full-page overlay on mobile. */
export const MOBILE_OVERLAY_PATHS: readonly string[] = [
  '/pay-result',
  '/verify-information-for-existing-user',
  '/open-account-payment',
  '/face-verify',
  '/face-verify-for-existing-user',
  '/face-verify-redirect',
];

export type AppLayoutProps = { children: ReactNode };

export function AppLayout({ children }: AppLayoutProps) {
  const [location] = useLocation();
  const isMobile = useIsMobile();

  if (isMobile && MOBILE_OVERLAY_PATHS.includes(location))
    return (
      <div className="fixed inset-0 z-40 overflow-y-auto bg-surface" data-testid="mobile-overlay">
        {children}
      </div>
    );

  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex-1">{children}</main>
      {location === '/' && <Footer />}
    </div>
  );
}
