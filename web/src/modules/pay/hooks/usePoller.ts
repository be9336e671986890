// Runs a poller while `active`, paused while the page is hidden (seed 002 §4 "default polling
// pauses when the page is hidden"). The latest check and callbacks are always used.
import { useEffect, useRef } from 'react';
import { createPoller, type PollDecision, type PollerOptions } from '../utils/poller';

export type UsePollerOptions = Omit<PollerOptions, 'check' | 'onExhausted' | 'timers'> & {
  check: (attempt: number) => PollDecision | Promise<PollDecision>;
  onExhausted?: () => void;
};

export function usePoller(active: boolean, options: UsePollerOptions, restartKey: unknown = undefined): void {
  const latest = useRef(options);
  latest.current = options;
  const { intervalMs, initialDelayMs, resumeDelayMs, maxAttempts } = options;

  useEffect(() => {
    if (!active) return;
    const poller = createPoller({
      intervalMs,
      initialDelayMs,
      resumeDelayMs,
      maxAttempts,
      check: (attempt) => latest.current.check(attempt),
      onExhausted: () => latest.current.onExhausted?.(),
    });
    const onVisibility = () => (document.visibilityState === 'hidden' ? poller.pause() : poller.resume());
    document.addEventListener('visibilitychange', onVisibility);
    poller.start();
    if (document.visibilityState === 'hidden') poller.pause();
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      poller.stop();
    };
  }, [active, intervalMs, initialDelayMs, resumeDelayMs, maxAttempts, restartKey]);
}
