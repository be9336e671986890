// Local storage wrapper: every value is stored AES-encrypted with an expiry (seed 000 §3).
// The key ships in the bundle, so the encryption is obfuscation against casual reading of
// localStorage, not protection: nothing secret beyond the session token may be stored here.
import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';

/** Seed 000 §3, §9: default expiry 7 days. */
export const DEFAULT_EXPIRY_SECONDS = 604_800;

const APP_KEY = 'aipay-web-shell-v1';
const PREFIX = 'aipay:';

/** The keys the shell keeps (seed 000 §3). */
export type StorageKey =
  | 'token'
  | 'user'
  | 'theme'
  | 'language'
  | 'invite-code'
  | 'app-version'
  | 'pay-order'
  | 'pay-redirected'
  | 'pay-password-reset'
  | 'set-password-shown';

export interface KeyValueBackend {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  key(index: number): string | null;
  readonly length: number;
}

interface Stored<T> {
  v: T;
  /** Expiry as epoch milliseconds; 0 = never. */
  e: number;
}

export interface EncryptedStorage {
  get<T>(key: StorageKey): T | undefined;
  set<T>(key: StorageKey, value: T, expirySeconds?: number): void;
  remove(key: StorageKey): void;
  clear(): void;
}

function memoryBackend(): KeyValueBackend {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

export function createStorage(backend: KeyValueBackend = memoryBackend(), now: () => number = Date.now): EncryptedStorage {
  return {
    get<T>(key: StorageKey): T | undefined {
      const raw = backend.getItem(PREFIX + key);
      if (!raw) return undefined;
      try {
        const stored = JSON.parse(AES.decrypt(raw, APP_KEY).toString(Utf8)) as Stored<T>;
        if (stored.e !== 0 && stored.e <= now()) {
          backend.removeItem(PREFIX + key);
          return undefined;
        }
        return stored.v;
      } catch {
        backend.removeItem(PREFIX + key);
        return undefined;
      }
    },
    set<T>(key: StorageKey, value: T, expirySeconds = DEFAULT_EXPIRY_SECONDS): void {
      const stored: Stored<T> = { v: value, e: expirySeconds > 0 ? now() + expirySeconds * 1000 : 0 };
      backend.setItem(PREFIX + key, AES.encrypt(JSON.stringify(stored), APP_KEY).toString());
    },
    remove(key: StorageKey): void {
      backend.removeItem(PREFIX + key);
    },
    clear(): void {
      const ours: string[] = [];
      for (let i = 0; i < backend.length; i += 1) {
        const k = backend.key(i);
        if (k?.startsWith(PREFIX)) ours.push(k);
      }
      ours.forEach((k) => backend.removeItem(k));
    },
  };
}

function browserBackend(): KeyValueBackend | undefined {
  try {
    return typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    return undefined; // storage disabled (private mode, sandboxed frame)
  }
}

/** The app's storage; falls back to memory where localStorage is unavailable. */
export const storage = createStorage(browserBackend());
