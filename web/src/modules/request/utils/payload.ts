// Payload helpers of the request layer (seed 000 §7): empty values are dropped, GET params go in the query.

/** Empty means undefined, null or '' (0 and false are values). */
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** Drops empty values from a payload, recursively through plain objects (arrays keep their items). */
export function dropEmptyValues<T>(payload: T): T {
  if (Array.isArray(payload) || payload === null || typeof payload !== 'object') return payload;
  if (Object.getPrototypeOf(payload) !== Object.prototype) return payload;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload as Record<string, unknown>)) {
    if (isEmptyValue(value)) continue;
    out[key] = dropEmptyValues(value);
  }
  return out as T;
}

export function toQueryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (isEmptyValue(value)) continue;
    if (Array.isArray(value)) value.forEach((item) => search.append(key, String(item)));
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
