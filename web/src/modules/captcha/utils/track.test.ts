import { describe, expect, it } from 'vitest';
import { addSample, MAX_TRACK_POINTS, pieceXFromDrag } from './track';

describe('slide captcha drag geometry', () => {
  it('maps a drag on a scaled-down track back to puzzle pixels', () => {
    expect(pieceXFromDrag(100, 160, 320, 50)).toBe(200);
  });

  it('keeps the piece inside the picture', () => {
    expect(pieceXFromDrag(-20, 320, 320, 50)).toBe(0);
    expect(pieceXFromDrag(999, 320, 320, 50)).toBe(270);
  });

  it('samples the track at most every 16 ms and caps it', () => {
    let track: [number, number][] = [[0, 0]];
    track = addSample(track, 5, 8);
    expect(track).toHaveLength(1);
    track = addSample(track, 10, 20);
    expect(track).toEqual([
      [0, 0],
      [10, 20],
    ]);
    let long: [number, number][] = [];
    for (let i = 0; i < MAX_TRACK_POINTS + 50; i += 1) long = addSample(long, i, i * 20);
    expect(long).toHaveLength(MAX_TRACK_POINTS);
  });
});
