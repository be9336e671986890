// Raster images of the slide captcha (PNG): the gap's position exists only as pixels, never as
// numbers in the markup the client receives (an SVG would carry it in plain text).
import { randomInt } from 'node:crypto';
import { PNG } from 'pngjs';

type Rgb = [number, number, number];
export type Rng = (min: number, maxExclusive: number) => number;

export interface PieceShape {
  /** Top-left of the square part of the piece. */
  x: number;
  y: number;
  /** Side of the square. */
  size: number;
  /** Radius of the knobs on the top and right sides. */
  knob: number;
}

function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** Whether a pixel centre lies inside the piece: the square plus two round knobs. */
export function insidePiece(shape: PieceShape, px: number, py: number): boolean {
  const { x, y, size, knob } = shape;
  const cx = px + 0.5;
  const cy = py + 0.5;
  if (cx >= x && cx < x + size && cy >= y && cy < y + size) return true;
  const top = (cx - (x + size / 2)) ** 2 + (cy - y) ** 2 <= knob ** 2;
  const right = (cx - (x + size)) ** 2 + (cy - (y + size / 2)) ** 2 <= knob ** 2;
  return top || right;
}

function onOutline(shape: PieceShape, px: number, py: number): boolean {
  if (!insidePiece(shape, px, py)) return false;
  return !insidePiece(shape, px - 1, py) || !insidePiece(shape, px + 1, py) || !insidePiece(shape, px, py - 1) || !insidePiece(shape, px, py + 1);
}

/** Gradient, soft circles and a little grain, different for every puzzle. */
function scenery(width: number, height: number, hue: number, rng: Rng): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(width * height * 3);
  const from = hsl(hue, 0.75, 0.78);
  const to = hsl((hue + 60) % 360, 0.7, 0.6);
  const circles = Array.from({ length: 9 }, () => ({
    cx: rng(0, width),
    cy: rng(0, height),
    r: rng(12, 46),
    colour: hsl((hue + rng(0, 120)) % 360, 0.7, rng(55, 80) / 100),
  }));
  for (let py = 0; py < height; py += 1) {
    for (let px = 0; px < width; px += 1) {
      const t = (px / width + py / height) / 2;
      let rgb: Rgb = [0, 1, 2].map((c) => from[c]! + (to[c]! - from[c]!) * t) as Rgb;
      for (const { cx, cy, r, colour } of circles) {
        if ((px - cx) ** 2 + (py - cy) ** 2 <= r * r) rgb = rgb.map((v, c) => v * 0.45 + colour[c]! * 0.55) as Rgb;
      }
      const grain = rng(-6, 7);
      const at = (py * width + px) * 3;
      pixels[at] = rgb[0] + grain;
      pixels[at + 1] = rgb[1] + grain;
      pixels[at + 2] = rgb[2] + grain;
    }
  }
  return pixels;
}

function pngDataUri(png: PNG): string {
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
}

/**
 * The background with the gap darkened and outlined at the shape, and the piece: the same scenery
 * cut to the shape, on a transparent square of side `box` whose left edge is the gap's x.
 */
export function renderPuzzleImages(
  size: { width: number; height: number },
  shape: PieceShape,
  box: { top: number; size: number },
  hue: number,
  rng: Rng = randomInt,
): { background: string; piece: string } {
  const { width, height } = size;
  const art = scenery(width, height, hue, rng);
  const background = new PNG({ width, height });
  for (let py = 0; py < height; py += 1) {
    for (let px = 0; px < width; px += 1) {
      const from = (py * width + px) * 3;
      const to = (py * width + px) * 4;
      const outline = onOutline(shape, px, py);
      const gap = insidePiece(shape, px, py);
      for (let c = 0; c < 3; c += 1) {
        const value = art[from + c]!;
        background.data[to + c] = outline ? value * 0.2 + 255 * 0.8 : gap ? value * 0.55 : value;
      }
      background.data[to + 3] = 255;
    }
  }
  const piece = new PNG({ width: box.size, height: box.size });
  for (let j = 0; j < box.size; j += 1) {
    for (let i = 0; i < box.size; i += 1) {
      const px = shape.x + i;
      const py = box.top + j;
      const to = (j * box.size + i) * 4;
      if (py < 0 || py >= height || px >= width || !insidePiece(shape, px, py)) continue;
      const from = (py * width + px) * 3;
      const outline = onOutline(shape, px, py);
      for (let c = 0; c < 3; c += 1) piece.data[to + c] = outline ? 255 : art[from + c]!;
      piece.data[to + 3] = 255;
    }
  }
  return { background: pngDataUri(background), piece: pngDataUri(piece) };
}
