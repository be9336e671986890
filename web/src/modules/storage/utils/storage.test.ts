import { describe, expect, it } from 'vitest';
import { createStorage, DEFAULT_EXPIRY_SECONDS, type KeyValueBackend } from './storage';

function fakeBackend(): KeyValueBackend & { raw: Map<string, string> } {
  const raw = new Map<string, string>();
  return {
    raw,
    getItem: (k) => raw.get(k) ?? null,
    setItem: (k, v) => void raw.set(k, v),
    removeItem: (k) => void raw.delete(k),
    key: (i) => [...raw.keys()][i] ?? null,
    get length() {
      return raw.size;
    },
  };
}

describe('encrypted storage with expiry (seed 000 §3)', () => {
  it('defaults the expiry to 7 days (604800 s)', () => {
    expect(DEFAULT_EXPIRY_SECONDS).toBe(604_800);
  });

  it('stores values encrypted, not in clear text', () => {
    const backend = fakeBackend();
    const s = createStorage(backend, () => 0);
    s.set('token', 'secret-token-value');
    const stored = [...backend.raw.values()][0]!;
    expect(stored).not.toContain('secret-token-value');
    expect(s.get('token')).toBe('secret-token-value');
  });

  it('keeps a value until its expiry and forgets it afterwards', () => {
    let now = 1_000_000;
    const s = createStorage(fakeBackend(), () => now);
    s.set('user', { id: 'u1' });
    now += DEFAULT_EXPIRY_SECONDS * 1000 - 1;
    expect(s.get('user')).toEqual({ id: 'u1' });
    now += 1;
    expect(s.get('user')).toBeUndefined();
  });

  it('honours a custom expiry in seconds', () => {
    let now = 0;
    const s = createStorage(fakeBackend(), () => now);
    s.set('invite-code', 'ABC123', 10);
    now = 9_999;
    expect(s.get('invite-code')).toBe('ABC123');
    now = 10_000;
    expect(s.get('invite-code')).toBeUndefined();
  });

  it('drops a tampered value instead of throwing', () => {
    const backend = fakeBackend();
    backend.setItem('aipay:token', 'not-encrypted');
    const s = createStorage(backend);
    expect(s.get('token')).toBeUndefined();
    expect(backend.raw.size).toBe(0);
  });

  it('clear removes only the app keys', () => {
    const backend = fakeBackend();
    backend.setItem('other-app', 'x');
    const s = createStorage(backend);
    s.set('token', 't');
    s.set('language', 'en');
    s.clear();
    expect([...backend.raw.keys()]).toEqual(['other-app']);
  });
});
