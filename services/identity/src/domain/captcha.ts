// Slide captcha geometry and acceptance rules (pure). The gap's x is the secret kept server-side.
import { randomInt } from 'node:crypto';

export const CAPTCHA = {
  width: 300,
  height: 150,
  pieceSize: 44,
  gapMinX: 60,
  gapMaxX: 240,
  tolerance: 6,
  minDurationMs: 300,
  maxDurationMs: 20_000,
  minTrackPoints: 3,
} as const;

export interface PuzzleGeometry {
  gapX: number;
  gapY: number;
  hue: number;
}

export type Rng = (min: number, maxExclusive: number) => number;

export function newGeometry(rng: Rng = randomInt): PuzzleGeometry {
  return {
    gapX: rng(CAPTCHA.gapMinX, CAPTCHA.gapMaxX + 1),
    gapY: rng(8, CAPTCHA.height - CAPTCHA.pieceSize - 8 + 1),
    hue: rng(0, 360),
  };
}

export interface SlideAttempt {
  x: number;
  durationMs: number;
  /** [x, ms since start] samples of the drag. */
  track: readonly (readonly [number, number])[];
}

export type SlideRejection = 'position' | 'tooFast' | 'tooSlow' | 'track';

/** Passes when the piece lands within 6 px, the drag took 0.3-20 s and the track looks like a drag. */
export function judgeSlide(gapX: number, attempt: SlideAttempt): SlideRejection | null {
  if (!Number.isFinite(attempt.x) || Math.abs(attempt.x - gapX) > CAPTCHA.tolerance) return 'position';
  if (attempt.durationMs < CAPTCHA.minDurationMs) return 'tooFast';
  if (attempt.durationMs > CAPTCHA.maxDurationMs) return 'tooSlow';
  const track = attempt.track;
  if (track.length < CAPTCHA.minTrackPoints) return 'track';
  for (let i = 1; i < track.length; i += 1) {
    if (track[i]![1] < track[i - 1]![1]) return 'track';
  }
  // A robot's instant jump: every sample at the same instant.
  if (track[track.length - 1]![1] === track[0]![1]) return 'track';
  return null;
}

/** The puzzle piece outline (a square with a round knob on top and on the right). */
function piecePath(x: number, y: number, size: number): string {
  const k = size / 5;
  const m = size / 2;
  return [
    `M${x} ${y}`,
    `H${x + m - k}`,
    `a${k} ${k} 0 0 1 ${2 * k} 0`,
    `H${x + size}`,
    `V${y + m - k}`,
    `a${k} ${k} 0 0 1 0 ${2 * k}`,
    `V${y + size}`,
    `H${x}`,
    'Z',
  ].join(' ');
}

function dataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function scenery(hue: number, rng: Rng): string {
  const shapes: string[] = [];
  for (let i = 0; i < 7; i += 1) {
    const cx = rng(0, CAPTCHA.width);
    const cy = rng(0, CAPTCHA.height);
    const r = rng(12, 46);
    const h = (hue + rng(0, 90)) % 360;
    shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="hsl(${h},70%,75%)" fill-opacity="0.55"/>`);
  }
  return [
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="hsl(${hue},75%,78%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,60%)"/>`,
    `</linearGradient></defs>`,
    `<rect width="${CAPTCHA.width}" height="${CAPTCHA.height}" fill="url(#g)"/>`,
    ...shapes,
  ].join('');
}

/** The square box around the piece: its left edge is the gap's x, its top includes the top knob. */
export function pieceBox(geometry: PuzzleGeometry): { left: number; top: number; size: number } {
  const knob = CAPTCHA.pieceSize / 5;
  return { left: geometry.gapX, top: geometry.gapY - knob, size: CAPTCHA.pieceSize + knob };
}

/** Background with the gap drawn darker at (gapX, gapY), and the matching piece at x = 0. */
export function renderPuzzle(geometry: PuzzleGeometry, rng: Rng = randomInt): { background: string; piece: string } {
  const { width, height, pieceSize } = CAPTCHA;
  const art = scenery(geometry.hue, rng);
  const gap = piecePath(geometry.gapX, geometry.gapY, pieceSize);
  const background =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `${art}<path d="${gap}" fill="rgba(0,0,0,0.45)" stroke="rgba(255,255,255,0.85)" stroke-width="1.5"/></svg>`;
  // The piece image is the piece's bounding box (the square plus the knobs on top and on the right),
  // cut from the same scenery; the client draws it at (x, pieceTop) with width pieceBox.
  const { left, top, size: box } = pieceBox(geometry);
  const piece =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${box}" height="${box}" viewBox="${left} ${top} ${box} ${box}">` +
    `<clipPath id="c"><path d="${gap}"/></clipPath><g clip-path="url(#c)">${art}</g>` +
    `<path d="${gap}" fill="none" stroke="rgba(255,255,255,0.95)" stroke-width="2"/></svg>`;
  return { background: dataUri(background), piece: dataUri(piece) };
}
