// A failed chunk load (a deploy replaced the files) reloads the page, at most once per 10 s (seed 000 §8).
export const CHUNK_RELOAD_WINDOW_MS = 10_000;
const KEY = 'aipay:chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|ChunkLoadError|Unable to preload CSS/i.test(
    text,
  );
}

/** Whether a reload is allowed now, given the last reload time. */
export function mayReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || now - lastReloadAt >= CHUNK_RELOAD_WINDOW_MS;
}

/** Reloads when allowed; returns false when it already reloaded within 10 s (show the fallback). */
export function reloadForChunkError(): boolean {
  const last = Number(sessionStorage.getItem(KEY)) || null;
  if (!mayReload(last, Date.now())) return false;
  sessionStorage.setItem(KEY, String(Date.now()));
  window.location.reload();
  return true;
}
