// Where to go after login (seed 000 §2): a stored pending path, else the `redirect` query
// parameter, else the current URL. Only same-site paths are followed (no open redirect).

/** A same-site path: starts with one "/" (not "//" or "/\"), no scheme. */
export function isSafeInternalPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && /^\/(?![/\\])/.test(path) && !/[\r\n]/.test(path);
}

export interface ReturnTargetInput {
  pendingPath?: string | null;
  /** The query string of the current URL (with or without "?"). */
  search?: string;
  /** The current path plus query. */
  currentUrl: string;
}

export function resolveReturnTarget({ pendingPath, search = '', currentUrl }: ReturnTargetInput): string {
  if (isSafeInternalPath(pendingPath)) return pendingPath;
  const redirect = new URLSearchParams(search).get('redirect');
  if (isSafeInternalPath(redirect)) return redirect;
  return stripLoginParams(currentUrl);
}

/** Removes the shell's own `login` and `redirect` parameters from a path plus query. */
export function stripLoginParams(url: string): string {
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.delete('login');
  params.delete('redirect');
  const rest = params.toString();
  return rest ? `${path}?${rest}` : path;
}

/** The URL that opens the login modal for a login-required path. */
export function loginUrlFor(target: string): string {
  return `/?login=1&redirect=${encodeURIComponent(target)}`;
}

/** Paths where the forced bind-email modal does not open: /pay-result, /i/*, tutorials. */
export function isBindEmailExempt(path: string): boolean {
  return path === '/pay-result' || path.startsWith('/i/') || /^\/(codex|aicoding)\/tutorial\//.test(path);
}
