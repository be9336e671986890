import { describe, expect, it, vi } from 'vitest';
import { createRequest, type RequestDeps } from './createRequest';
import { dropEmptyValues, toQueryString } from './payload';
import { RequestError } from './requestError';

function setup(respond: (url: string, init: RequestInit) => Promise<Response>, overrides: Partial<RequestDeps> = {}) {
  const toast = vi.fn();
  const onSessionExpired = vi.fn();
  const fetchMock = vi.fn(respond);
  const request = createRequest({
    baseUrl: '/api',
    fetch: fetchMock as unknown as typeof fetch,
    getToken: () => 'tok',
    getLanguage: () => 'en',
    isMobile: () => false,
    version: '1.2.3',
    toast,
    message: (key) => `msg:${key}`,
    onSessionExpired,
    suppressExpiredMessage: () => false,
    ...overrides,
  });
  return { request, toast, onSessionExpired, fetchMock };
}

const json = (body: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

describe('seed 000 §7 "Empty values are dropped from payloads by default"', () => {
  it('drops undefined, null and empty strings, keeps 0 and false', () => {
    expect(dropEmptyValues({ a: undefined, b: null, c: '', d: 0, e: false, f: 'x', g: { h: '', i: 1 } })).toEqual({
      d: 0,
      e: false,
      f: 'x',
      g: { i: 1 },
    });
  });

  it('GET params go in the query without empty values', () => {
    expect(toQueryString(dropEmptyValues({ verifyCode: '123456', x: '', y: undefined }))).toBe('?verifyCode=123456');
  });
});

describe('seed 000 §7 request conventions', () => {
  it('sends accessToken, clientType, language and ver under /api', async () => {
    const { request, fetchMock } = setup(() => json({ code: 200, msg: 'ok', data: { id: 'u1' } }));
    await expect(request({ url: '/user/info' })).resolves.toEqual({ id: 'u1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/info');
    expect(init.headers).toMatchObject({ accessToken: 'tok', clientType: '1', language: 'en', ver: '1.2.3' });
  });

  it('clientType is 2 on a mobile viewport and accessToken is absent without a token', async () => {
    const { request, fetchMock } = setup(() => json({ code: 0, msg: '', data: 1 }), {
      isMobile: () => true,
      getToken: () => undefined,
    });
    await request({ url: '/x' });
    const headers = fetchMock.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers.clientType).toBe('2');
    expect(headers).not.toHaveProperty('accessToken');
  });

  it('code 0 is success too and raw returns the envelope', async () => {
    const { request } = setup(() => json({ code: 0, msg: 'fine', data: 5 }));
    await expect(request({ url: '/x', raw: true })).resolves.toEqual({ code: 0, msg: 'fine', data: 5 });
  });

  it('drops empty values from a POST body', async () => {
    const { request, fetchMock } = setup(() => json({ code: 200, msg: '', data: null }));
    await request({ method: 'POST', url: '/user/register', data: { mobile: '13800138000', inviteCode: '', email: undefined } });
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({ mobile: '13800138000' });
  });
});

describe('seed 000 §8 error handling (envelope read from HTTP error answers too)', () => {
  it.each([401, 1005])('code %i: login-expired toast, logout event, rejection', async (code) => {
    const { request, toast, onSessionExpired } = setup(() => json({ code, msg: '', data: null }, 401));
    await expect(request({ url: '/user/info' })).rejects.toMatchObject({ kind: 'auth', code });
    expect(toast).toHaveBeenCalledWith('msg:loginExpired');
    expect(onSessionExpired).toHaveBeenCalledWith(code);
  });

  it('no login-expired toast on the embed-login path', async () => {
    const { request, toast, onSessionExpired } = setup(() => json({ code: 401, msg: '', data: null }, 401), {
      suppressExpiredMessage: () => true,
    });
    await expect(request({ url: '/user/info' })).rejects.toBeInstanceOf(RequestError);
    expect(toast).not.toHaveBeenCalled();
    expect(onSessionExpired).toHaveBeenCalled();
  });

  it('another code toasts the server msg and rejects with code, msg and data', async () => {
    const { request, toast } = setup(() => json({ code: 400, msg: 'email is invalid', data: { field: 'email' } }, 400));
    const error = (await request({ url: '/user/updateEmail', method: 'POST', data: {} }).catch((e: unknown) => e)) as RequestError;
    expect(error).toMatchObject({ kind: 'business', code: 400, msg: 'email is invalid', field: 'email' });
    expect(toast).toHaveBeenCalledWith('email is invalid');
  });

  it('a call can opt out of the toast', async () => {
    const { request, toast } = setup(() => json({ code: 2500, msg: 'slide failed', data: null }, 400));
    await expect(request({ url: '/user/captcha/verify', showError: false })).rejects.toMatchObject({ code: 2500 });
    expect(toast).not.toHaveBeenCalled();
  });

  it('a network failure shows the network toast', async () => {
    const { request, toast } = setup(() => Promise.reject(new TypeError('fetch failed')));
    await expect(request({ url: '/x' })).rejects.toMatchObject({ kind: 'network' });
    expect(toast).toHaveBeenCalledWith('msg:networkError');
  });

  it('times out after the per-call timeout with a timeout toast', async () => {
    const { request, toast } = setup(
      (_url, init) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    await expect(request({ url: '/slow', timeout: 10 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith('msg:timeout');
  });

  it('a GET is retried once after a timeout, a POST never', async () => {
    let calls = 0;
    const hang = (_url: string, init: RequestInit) => {
      calls += 1;
      return new Promise<Response>((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    };
    const { request } = setup(hang);
    await expect(request({ url: '/slow', timeout: 5 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(calls).toBe(2);
    calls = 0;
    await expect(request({ url: '/account/setPayPassword', method: 'POST', timeout: 5 })).rejects.toMatchObject({ kind: 'timeout' });
    expect(calls).toBe(1);
  });

  it('a duplicate in-flight call to the same path cancels the first, silently', async () => {
    let calls = 0;
    const { request, toast } = setup((_url, init) => {
      calls += 1;
      if (calls === 1)
        return new Promise((_resolve, reject) =>
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      return json({ code: 200, msg: '', data: 'second' });
    });
    const first = request({ url: '/user/info' });
    const second = request({ url: '/user/info' });
    await expect(first).rejects.toMatchObject({ kind: 'cancelled' });
    await expect(second).resolves.toBe('second');
    expect(toast).not.toHaveBeenCalled();
  });
});
