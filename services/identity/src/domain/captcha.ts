// Slide captcha geometry and acceptance rules (pure). The gap's x is the secret kept server-side.
import { randomInt } from 'node:crypto';
import { renderPuzzleImages } from './captchaImage.js';

export const CAPTCHA = {
  width: 300,
  height: 150,
  pieceSize: 44,
  /** Radius of the round knobs on the top and right sides of the piece. */
  knob: 9,
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
    gapY: rng(CAPTCHA.knob + 2, CAPTCHA.height - CAPTCHA.pieceSize - 2 + 1),
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

/** The square box around the piece: its left edge is the gap's x, its top includes the top knob. */
export function pieceBox(geometry: PuzzleGeometry): { left: number; top: number; size: number } {
  return { left: geometry.gapX, top: geometry.gapY - CAPTCHA.knob, size: CAPTCHA.pieceSize + CAPTCHA.knob };
}

/** Background with the gap at (gapX, gapY), and the matching piece cut out of the same picture (PNG). */
export function renderPuzzle(geometry: PuzzleGeometry, rng: Rng = randomInt): { background: string; piece: string } {
  const box = pieceBox(geometry);
  return renderPuzzleImages(
    { width: CAPTCHA.width, height: CAPTCHA.height },
    { x: geometry.gapX, y: geometry.gapY, size: CAPTCHA.pieceSize, knob: CAPTCHA.knob },
    { top: box.top, size: box.size },
    geometry.hue,
    rng,
  );
}
