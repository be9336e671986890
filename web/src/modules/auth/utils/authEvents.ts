// The logout event: emitted by the request layer on 401/1005 and by the logout action.
const target = new EventTarget();

export type LogoutReason = 'expired' | 'user';

export function emitLogout(reason: LogoutReason): void {
  target.dispatchEvent(new CustomEvent<LogoutReason>('logout', { detail: reason }));
}

export function onLogout(listener: (reason: LogoutReason) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LogoutReason>).detail);
  target.addEventListener('logout', handler);
  return () => target.removeEventListener('logout', handler);
}
