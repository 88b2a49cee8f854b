// What the icons' test measures on a PNG: how much of its box it fills, the
// colour of its outer edge (what sits against the toolbar) and of its inner
// mark (what sits on the body).
import { contrast, type Rgb } from './contrast.ts';
import type { Pixels } from './png.ts';

/** A pixel counts as opaque from this alpha on. */
const OPAQUE = 250;

export interface Measure {
  /** Share of the box covered by opaque pixels. */
  opaqueShare: number;
  /** Width and height of the box around every pixel that is not fully transparent. */
  extent: { width: number; height: number };
  /** Average colour of the opaque pixels on the icon's outer edge (next to transparency or the box's border): the icon's body. */
  edge: Rgb;
  /** The same edge pixels composited over a toolbar colour, averaged: what sits against the toolbar. */
  edgeOn(toolbar: Rgb): Rgb;
  /** The most frequent colour among the opaque pixels that stand out from the edge colour (contrast ≥ 1.5). */
  mark: Rgb;
  /** How many pixels stand out from the edge colour, how many of them are exactly the mark colour, and how many touch the outer edge. */
  markPixels: number;
  markExact: number;
  markOnEdge: number;
}

export function measureIcon({ width, height, rgba }: Pixels): Measure {
  const alpha = (x: number, y: number) => (x < 0 || y < 0 || x >= width || y >= height ? 0 : rgba[(y * width + x) * 4 + 3]!);
  const colour = (x: number, y: number): Rgb => {
    const at = (y * width + x) * 4;
    return [rgba[at]!, rgba[at + 1]!, rgba[at + 2]!];
  };
  const neighbours = (x: number, y: number) => [alpha(x - 1, y), alpha(x + 1, y), alpha(x, y - 1), alpha(x, y + 1)];
  let opaque = 0;
  const edgePixels: { colour: Rgb; alpha: number }[] = [];
  const extentX: number[] = [];
  const extentY: number[] = [];
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (alpha(x, y) > 0) {
        extentX.push(x);
        extentY.push(y);
      }
      if (alpha(x, y) < OPAQUE) continue;
      opaque += 1;
      if (neighbours(x, y).some((value) => value < OPAQUE)) {
        edgePixels.push({ colour: colour(x, y), alpha: alpha(x, y) / 255 });
      }
    }
  }
  /** The average of the edge pixels, each over `under` (the pixels as they are when omitted). */
  const averageEdge = (under?: Rgb): Rgb =>
    [0, 1, 2].map((channel) => {
      const sum = edgePixels.reduce((total, pixel) => total + (under ? pixel.colour[channel]! * pixel.alpha + under[channel]! * (1 - pixel.alpha) : pixel.colour[channel]!), 0);
      return Math.round(sum / edgePixels.length);
    }) as unknown as Rgb;
  const edge = averageEdge();
  const counts = new Map<string, number>();
  let markPixels = 0;
  let markOnEdge = 0;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (alpha(x, y) < OPAQUE || contrast(colour(x, y), edge) < 1.5) continue;
      markPixels += 1;
      if (neighbours(x, y).some((value) => value < OPAQUE)) markOnEdge += 1;
      const key = colour(x, y).join(',');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const [markKey, markExact] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['0,0,0', 0];
  return {
    opaqueShare: opaque / (width * height),
    extent: { width: Math.max(...extentX) - Math.min(...extentX) + 1, height: Math.max(...extentY) - Math.min(...extentY) + 1 },
    edge,
    edgeOn: averageEdge,
    mark: markKey.split(',').map(Number) as unknown as Rgb,
    markPixels,
    markExact,
    markOnEdge,
  };
}
