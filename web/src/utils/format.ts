// Number and amount display (seed 000 §9, 001 §5): K/M/B with 2 decimals, amounts floored to 2 decimals.

/** Floors to 2 decimals without binary noise (19.999 → 19.99, 0.1+0.2 → 0.3). */
export function floor2(value: number): number {
  const scaled = Math.floor(Number((value * 100).toFixed(6)));
  return scaled / 100;
}

/** "$12.30"-style balance: floored, 2 decimals, $ prefix. */
export function formatBalance(value: number): string {
  const floored = floor2(Math.abs(value)).toFixed(2);
  return `${value < 0 ? '-' : ''}$${floored}`;
}

/** 1234 → "1.23K", 1234567 → "1.23M", 1.5e9 → "1.50B"; below 1000 as is. */
export function formatCompact(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  const units: [number, string][] = [
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [size, unit] of units) if (abs >= size) return `${sign}${floor2(abs / size).toFixed(2)}${unit}`;
  return `${sign}${abs}`;
}
