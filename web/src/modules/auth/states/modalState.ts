// Which account modal is open. One store so that flows can chain (login → bind e-mail → set password).
import { proxy } from 'valtio';

export type AuthMode = 'login' | 'register' | 'reset';

export type ModalState = {
  auth: AuthMode | null;
  /** A short notice shown above the auth form ("Please login"). */
  authNotice: string | null;
  /** Path to open after login (the stored pending path of seed 000 §2). */
  pendingPath: string | null;
  bindEmail: boolean;
  setPassword: boolean;
  changePassword: boolean;
  changeEmail: boolean;
  modifyPhone: boolean;
  complaint: boolean;
  terms: boolean;
  logoutConfirm: boolean;
};

export const modalState = proxy<ModalState>({
  auth: null,
  authNotice: null,
  pendingPath: null,
  bindEmail: false,
  setPassword: false,
  changePassword: false,
  changeEmail: false,
  modifyPhone: false,
  complaint: false,
  terms: false,
  logoutConfirm: false,
});

export function openAuth(mode: AuthMode = 'login', notice: string | null = null): void {
  modalState.auth = mode;
  modalState.authNotice = notice;
}

export function closeAuth(): void {
  modalState.auth = null;
  modalState.authNotice = null;
}
