// The request layer of seed 000 §7: base /api, the four headers, envelope unwrapping, session
// expiry, toasts, duplicate cancellation, empty-value dropping and the 20 s timeout.
import { dropEmptyValues, toQueryString } from './payload';
import { RequestError } from './requestError';

export const DEFAULT_TIMEOUT_MS = 20_000;
/** 401 token overdue, 1005 token error (seed 000 §8). */
export const SESSION_EXPIRED_CODES: readonly number[] = [401, 1005];
export const SUCCESS_CODES: readonly number[] = [200, 0];
/** Seed 000 §7: "timeout retry delay 100 ms". */
export const TIMEOUT_RETRY_DELAY_MS = 100;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Path below the API base, e.g. `/user/info`. */
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  /** Per-call timeout; 20 s by default (60 s / 180 s on some named calls). */
  timeout?: number;
  /** Toast the server message on a business error (default true). */
  showError?: boolean;
  /** Resolve with the whole envelope instead of `data`. */
  raw?: boolean;
  /** Cancel an earlier in-flight call to the same path (default true). */
  cancelDuplicate?: boolean;
  /** Drop undefined, null and '' from the payload (default true). */
  dropEmpty?: boolean;
  signal?: AbortSignal;
  /**
   * Retries after a timeout. Default: 1 for GET, 0 otherwise: a POST that timed out may have been
   * applied, so it is never repeated blindly (seed 001 §7: pay password calls never retry).
   */
  timeoutRetries?: number;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export type MessageKey = 'loginExpired' | 'timeout' | 'networkError' | 'serverError';

export interface RequestDeps {
  baseUrl: string;
  fetch: typeof fetch;
  getToken: () => string | undefined;
  getLanguage: () => string;
  isMobile: () => boolean;
  version: string;
  toast: (message: string) => void;
  message: (key: MessageKey) => string;
  onSessionExpired: (code: number) => void;
  /** On the embed-login path the login-expired message is not shown (seed 000 §4). */
  suppressExpiredMessage: () => boolean;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && 'code' in body && typeof (body as Envelope).code === 'number';
}

/** The message of an error answer: msg, else message, else error (seed 000 §8). */
function messageOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return '';
  const b = body as Record<string, unknown>;
  for (const key of ['msg', 'message', 'error']) if (typeof b[key] === 'string' && b[key]) return b[key];
  return '';
}

export type RequestFn = <T = unknown>(options: RequestOptions) => Promise<T>;

export function createRequest(deps: RequestDeps): RequestFn {
  const inFlight = new Map<string, AbortController>();

  async function request<T>(options: RequestOptions): Promise<T> {
    const retries = options.timeoutRetries ?? ((options.method ?? 'GET') === 'GET' ? 1 : 0);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await attemptOnce<T>(options, attempt < retries);
      } catch (error) {
        if (!(error instanceof RequestError) || error.kind !== 'timeout' || attempt >= retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, TIMEOUT_RETRY_DELAY_MS));
      }
    }
  }

  async function attemptOnce<T>(options: RequestOptions, willRetryTimeout: boolean): Promise<T> {
    const {
      method = 'GET',
      url,
      params,
      data,
      timeout = DEFAULT_TIMEOUT_MS,
      showError = true,
      raw = false,
      cancelDuplicate = true,
      dropEmpty = true,
      signal,
    } = options;

    const controller = new AbortController();
    if (cancelDuplicate) {
      inFlight.get(url)?.abort('duplicate');
      inFlight.set(url, controller);
    }
    const onOuterAbort = () => controller.abort('cancelled');
    signal?.addEventListener('abort', onOuterAbort);
    const timer = setTimeout(() => controller.abort('timeout'), timeout);

    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      clientType: deps.isMobile() ? '2' : '1',
      language: deps.getLanguage(),
      ver: deps.version,
    };
    const token = deps.getToken();
    if (token) headers.accessToken = token;

    const query = method === 'GET' ? toQueryString(dropEmpty ? dropEmptyValues(params) : params) : toQueryString(params);
    const body = method === 'GET' || data === undefined ? undefined : JSON.stringify(dropEmpty ? dropEmptyValues(data) : data);

    const fail = (error: RequestError, toastMessage?: string): never => {
      if (toastMessage && showError) deps.toast(toastMessage);
      throw error;
    };

    try {
      let response: Response;
      try {
        response = await deps.fetch(`${deps.baseUrl}${url}${query}`, { method, headers, body, signal: controller.signal });
      } catch {
        const reason = controller.signal.reason;
        if (reason === 'timeout') {
          const error = new RequestError('timeout', 504, deps.message('timeout'));
          return fail(error, willRetryTimeout ? undefined : deps.message('timeout'));
        }
        if (controller.signal.aborted) throw new RequestError('cancelled', 0, String(reason ?? 'cancelled'));
        return fail(new RequestError('network', 0, deps.message('networkError')), deps.message('networkError'));
      }

      let json: unknown;
      try {
        json = await response.json();
      } catch {
        json = undefined;
      }

      if (!isEnvelope(json)) {
        // No envelope (proxy error page, gateway down): a transport failure.
        const msg = messageOf(json) || deps.message(response.ok ? 'serverError' : 'networkError');
        return fail(new RequestError('network', response.status, msg, undefined, response.status), msg);
      }

      if (SUCCESS_CODES.includes(json.code) && response.ok) return (raw ? json : json.data) as T;

      if (SESSION_EXPIRED_CODES.includes(json.code)) {
        if (!deps.suppressExpiredMessage()) deps.toast(json.code === 1005 && json.msg ? json.msg : deps.message('loginExpired'));
        deps.onSessionExpired(json.code);
        throw new RequestError('auth', json.code, json.msg, json.data, response.status);
      }

      const msg = json.msg || messageOf(json) || deps.message('serverError');
      return fail(new RequestError('business', json.code, msg, json.data, response.status), msg);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onOuterAbort);
      if (inFlight.get(url) === controller) inFlight.delete(url);
    }
  }

  return request;
}
