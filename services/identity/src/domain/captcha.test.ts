import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { CAPTCHA, judgeSlide, newGeometry, renderPuzzle } from './captcha.js';

const humanTrack = [[0, 0], [40, 150], [95, 400], [120, 650]] as const;

describe('slide acceptance', () => {
  it.each([
    [120, 700, 'exactly on the gap'],
    [126, 700, '6 px right is within tolerance'],
    [114, 700, '6 px left is within tolerance'],
    [120, 300, 'the fastest human drag (300 ms)'],
    [120, 20_000, 'the slowest accepted drag (20 s)'],
  ])('accepts x=%d in %d ms (%s)', (x, durationMs) => {
    expect(judgeSlide(120, { x, durationMs, track: humanTrack })).toBeNull();
  });

  it.each([
    [127, 700, humanTrack, 'position', '7 px off'],
    [100, 700, humanTrack, 'position', 'far off'],
    [120, 299, humanTrack, 'tooFast', 'under 300 ms'],
    [120, 20_001, humanTrack, 'tooSlow', 'over 20 s'],
    [120, 700, [[0, 0], [120, 500]], 'track', 'fewer than 3 points'],
    [120, 700, [[0, 0], [60, 300], [120, 200]], 'track', 'time going backwards'],
    [120, 700, [[0, 5], [60, 5], [120, 5]], 'track', 'an instant jump (all points at once)'],
    [120, 700, [], 'track', 'no track'],
  ] as const)('rejects x=%d in %d ms → %s (%s)', (x, durationMs, track, reason, _label) => {
    expect(judgeSlide(120, { x, durationMs, track })).toBe(reason);
  });
});

describe('puzzle geometry', () => {
  it('puts the gap between 60 and 240 and the piece inside the picture', () => {
    for (let i = 0; i < 200; i += 1) {
      const g = newGeometry();
      expect(g.gapX).toBeGreaterThanOrEqual(CAPTCHA.gapMinX);
      expect(g.gapX).toBeLessThanOrEqual(CAPTCHA.gapMaxX);
      expect(g.gapY).toBeGreaterThanOrEqual(0);
      expect(g.gapY + CAPTCHA.pieceSize).toBeLessThanOrEqual(CAPTCHA.height);
    }
  });

  it('renders PNG images: the gap darkened at its x, the piece cut from the same picture', () => {
    const { background, piece } = renderPuzzle({ gapX: 150, gapY: 40, hue: 200 });
    expect(background.startsWith('data:image/png;base64,')).toBe(true);
    expect(piece.startsWith('data:image/png;base64,')).toBe(true);
    const bg = PNG.sync.read(Buffer.from(background.split(',')[1]!, 'base64'));
    const pc = PNG.sync.read(Buffer.from(piece.split(',')[1]!, 'base64'));
    expect([bg.width, bg.height]).toEqual([300, 150]);
    expect([pc.width, pc.height]).toEqual([53, 53]);
    const at = (png: PNG, x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 4)];
    // Inside the gap (square part, away from the outline) the background is the piece's pixel at 55 %.
    for (const [x, y] of [[160, 50], [170, 70], [185, 75]] as const) {
      const gap = at(bg, x, y);
      const cut = at(pc, x - 150, y - (40 - 9));
      expect(cut[3]).toBe(255);
      for (let c = 0; c < 3; c += 1) expect(Math.abs(gap[c]! - cut[c]! * 0.55)).toBeLessThanOrEqual(1);
    }
    // Outside the shape the piece is transparent.
    expect(at(pc, 0, 0)[3]).toBe(0);
    expect(at(pc, 52, 52)[3]).toBe(0);
  });
});
