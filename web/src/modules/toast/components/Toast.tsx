// Renders the single toast at the top of the screen.
import { useSnapshot } from 'valtio';
import { toastState, type ToastTone } from '../states/toastState';

const TONE_CLASS: Record<ToastTone, string> = {
  info: 'bg-ink text-surface',
  success: 'bg-success text-surface',
  warning: 'bg-warning text-surface',
  error: 'bg-danger text-surface',
};

export function Toast() {
  const { message, tone, id } = useSnapshot(toastState);
  if (!message) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-4 z-[100] flex justify-center px-4">
      <div key={id} role="status" data-testid="toast" className={`rounded-full px-4 py-2 text-sm shadow-card ${TONE_CLASS[tone]}`}>
        {message}
      </div>
    </div>
  );
}
