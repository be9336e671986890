import { describe, expect, it } from 'vitest';
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

  it('renders SVG data URIs, the gap drawn at its x', () => {
    const { background, piece } = renderPuzzle({ gapX: 150, gapY: 40, hue: 200 });
    expect(background.startsWith('data:image/svg+xml;base64,')).toBe(true);
    const svg = Buffer.from(background.split(',')[1]!, 'base64').toString();
    expect(svg).toContain('M150 40');
    expect(svg).toContain('width="300"');
    expect(Buffer.from(piece.split(',')[1]!, 'base64').toString()).toContain('clipPath');
  });
});
