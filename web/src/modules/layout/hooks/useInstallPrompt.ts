// Captures the PWA install prompt (beforeinstallprompt) so the header can offer "install app".
import { useEffect, useState } from 'react';

export type BeforeInstallPromptEvent = Event & {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** Seed 000 §9: the install prompt appears automatically after 1 s. */
export const INSTALL_PROMPT_DELAY_MS = 1_000;

export function useInstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [autoOpen, setAutoOpen] = useState(false);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setEvent(e as BeforeInstallPromptEvent);
      if (!sessionStorage.getItem('aipay:install-dismissed')) timer = setTimeout(() => setAutoOpen(true), INSTALL_PROMPT_DELAY_MS);
    };
    const onInstalled = () => setEvent(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  const install = async () => {
    if (!event) return;
    setAutoOpen(false);
    await event.prompt();
    const { outcome } = await event.userChoice;
    if (outcome === 'accepted') setEvent(null);
  };

  const dismiss = () => {
    sessionStorage.setItem('aipay:install-dismissed', '1');
    setAutoOpen(false);
  };

  return { available: event !== null, autoOpen, install, dismiss };
}
