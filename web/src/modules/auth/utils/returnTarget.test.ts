import { describe, expect, it } from 'vitest';
import { isBindEmailExempt, loginUrlFor, resolveReturnTarget } from './returnTarget';

// Seed 000 §2: "The return target is taken from a stored pending path, else the query parameter
// redirect, else the current URL."
describe('return target after login', () => {
  it('a stored pending path wins', () => {
    expect(resolveReturnTarget({ pendingPath: '/invite-record', search: '?redirect=%2Fpay-result', currentUrl: '/' })).toBe(
      '/invite-record',
    );
  });

  it('else the redirect query parameter', () => {
    expect(resolveReturnTarget({ pendingPath: null, search: '?login=1&redirect=%2Finvite-record%3Ftab%3D2', currentUrl: '/' })).toBe(
      '/invite-record?tab=2',
    );
  });

  it('else the current URL, without the login parameters', () => {
    expect(resolveReturnTarget({ search: '?login=1&code=AB12', currentUrl: '/claude?login=1&code=AB12' })).toBe('/claude?code=AB12');
  });

  it.each(['//evil.example', 'https://evil.example/x', '/\\evil.example', 'javascript:alert(1)'])(
    'ignores the unsafe target %j',
    (target) => {
      expect(resolveReturnTarget({ pendingPath: target, search: `?redirect=${encodeURIComponent(target)}`, currentUrl: '/' })).toBe('/');
    },
  );

  it('the login URL carries the return target', () => {
    expect(loginUrlFor('/invite-record?x=1')).toBe('/?login=1&redirect=%2Finvite-record%3Fx%3D1');
  });
});

describe('forced bind-email exempt paths: /pay-result, /i/*, tutorials', () => {
  it.each([
    ['/pay-result', true],
    ['/i/ABC123', true],
    ['/codex/tutorial/codex', true],
    ['/aicoding/tutorial/claude-code', true],
    ['/', false],
    ['/invite-record', false],
  ])('%s → %s', (path, expected) => expect(isBindEmailExempt(path)).toBe(expected));
});
