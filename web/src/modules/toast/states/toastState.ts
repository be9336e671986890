// The message toast: at most one visible, shown for 2 s (seed 000 §9).
import { proxy } from 'valtio';

export const TOAST_DURATION_MS = 2_000;

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export const toastState = proxy<{ id: number; message: string; tone: ToastTone } | { id: number; message: null; tone: ToastTone }>({
  id: 0,
  message: null,
  tone: 'info',
});

let timer: ReturnType<typeof setTimeout> | undefined;

/** Shows a message, replacing the one on screen. */
export function showToast(message: string, tone: ToastTone = 'error'): void {
  if (!message) return;
  clearTimeout(timer);
  toastState.id += 1;
  toastState.message = message;
  toastState.tone = tone;
  timer = setTimeout(() => {
    toastState.message = null;
  }, TOAST_DURATION_MS);
}
