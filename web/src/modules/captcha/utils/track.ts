// Drag geometry of the slide captcha, kept pure so it can be tested.

/** At most this many samples are sent (the contract allows 500). */
export const MAX_TRACK_POINTS = 300;
/** Minimum time between two samples. */
export const SAMPLE_INTERVAL_MS = 16;

/** Piece x in puzzle pixels from a drag of `dragPx` screen pixels on a track drawn `displayWidth` wide. */
export function pieceXFromDrag(dragPx: number, displayWidth: number, puzzleWidth: number, pieceSize: number): number {
  if (displayWidth <= 0) return 0;
  const x = (dragPx * puzzleWidth) / displayWidth;
  return Math.round(Math.min(Math.max(x, 0), puzzleWidth - pieceSize) * 10) / 10;
}

/** Adds a sample unless it is too soon after the last one or the track is full. */
export function addSample(track: [number, number][], x: number, ms: number): [number, number][] {
  const last = track[track.length - 1];
  if (track.length >= MAX_TRACK_POINTS) return track;
  if (last && ms - last[1] < SAMPLE_INTERVAL_MS) return track;
  return [...track, [x, Math.round(ms)]];
}
