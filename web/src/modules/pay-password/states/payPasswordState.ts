// Opens the payment password dialog; callers of input mode get the verified password back.
import { proxy } from 'valtio';
import type { PayPasswordMode } from '../utils/payPasswordFlow';

export const payPasswordState = proxy<{ open: boolean; requested: PayPasswordMode; session: number }>({
  open: false,
  requested: 'input',
  session: 0,
});

let onVerified: ((password: string) => void) | null = null;

export function openPayPassword(requested: PayPasswordMode = 'input', onSuccess?: (password: string) => void): void {
  onVerified = onSuccess ?? null;
  payPasswordState.requested = requested;
  payPasswordState.session += 1;
  payPasswordState.open = true;
}

export function closePayPassword(): void {
  payPasswordState.open = false;
  onVerified = null;
}

export function notifyVerified(password: string): void {
  const callback = onVerified;
  closePayPassword();
  callback?.(password);
}
