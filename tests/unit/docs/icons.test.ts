import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrast, hexRgb, type Rgb } from '../../support/contrast';
import { measureIcon } from '../../support/icon-measure';
import { decodePng, type Pixels } from '../../support/png';

// The extension's icons (issue 11): a PNG in every size the stores ask for,
// drawn by `npm run icons` from the committed SVGs, and legible in the
// toolbar at 16 px (and 32 px, its 2× form) on light and dark themes.

const DIR = 'public/icon';
const SIZES = [16, 32, 48, 96, 128];
/** Chrome's toolbars: light (default, and white) and dark (dark mode, and a dark theme's grey). */
const TOOLBARS = ['#f1f3f4', '#ffffff', '#202124', '#3c3c3c'];
/** WCAG 2.1 (1.4.11): graphics that identify something need 3:1 against what is next to them. */
const GRAPHIC_CONTRAST = 3;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const read = (name: string) => readFileSync(path.join(DIR, name));
const icon = (size: number): Pixels => decodePng(read(`${size}.png`));

const hex = (rgb: Rgb) => `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;

describe('the icon PNGs', () => {
  it.each(SIZES)('%i.png is that many pixels square', (size) => {
    const { width, height } = icon(size);
    expect({ width, height }).toEqual({ width: size, height: size });
  });

  it('are drawn by npm run icons from the committed SVGs (else: run npm run icons)', () => {
    const sources = JSON.parse(read('sources.json').toString('utf8')) as { svgs: Record<string, string>; pngs: Record<string, { from: string; sha256: string }> };
    expect(Object.fromEntries(Object.entries(sources.pngs).map(([png, { from }]) => [png, from])), 'public/icon/sources.json: run npm run icons').toEqual({
      '16.png': 'icon-16.svg',
      '32.png': 'icon.svg',
      '48.png': 'icon.svg',
      '96.png': 'icon.svg',
      '128.png': 'icon.svg',
    });
    for (const svg of ['icon.svg', 'icon-16.svg']) {
      expect(sha256(read(svg)), `public/icon/${svg} changed since the PNGs were drawn: run npm run icons`).toBe(sources.svgs[svg]);
    }
    for (const [png, { sha256: drawn }] of Object.entries(sources.pngs)) {
      expect(sha256(read(png)), `public/icon/${png} is not the PNG npm run icons drew: run npm run icons`).toBe(drawn);
    }
  });
});

describe('the 16 px SVG', () => {
  const svg = read('icon-16.svg')
    .toString('utf8')
    .replace(/<!--[\s\S]*?-->/g, '');

  it('is drawn on a 16-unit grid, every coordinate a whole pixel', () => {
    expect(svg).toMatch(/viewBox="0 0 16 16"/);
    const numbers = [...svg.matchAll(/\s(?:d|x|y|width|height|rx|ry|cx|cy|r|points)="([^"]*)"/g)].flatMap((match) => match[1]!.match(/-?\d*\.?\d+/g) ?? []);
    expect(numbers.length).toBeGreaterThan(10);
    expect(numbers.filter((number) => !Number.isInteger(Number(number)))).toEqual([]);
  });

  it('has no stroke thinner than 2 px', () => {
    const widths = [...svg.matchAll(/stroke-width="([^"]*)"/g)].map((match) => Number(match[1]));
    expect(widths.filter((width) => !(width >= 2))).toEqual([]);
    // A stroke without a width is 1 px.
    expect(svg.match(/\sstroke="(?!none)/g)?.length ?? 0).toBe(widths.length);
  });
});

describe.each([16, 32])('in the toolbar, the %i px icon', (size) => {
  const measured = measureIcon(icon(size));

  it('fills its box: mostly opaque, edge to edge', () => {
    expect(measured.opaqueShare).toBeGreaterThanOrEqual(0.6);
    expect(measured.extent.width).toBeGreaterThanOrEqual(size - 2);
    expect(measured.extent.height).toBeGreaterThanOrEqual(size - 2);
  });

  it.each(TOOLBARS)(`has an outer edge that contrasts ${GRAPHIC_CONTRAST}:1 or more with a %s toolbar`, (toolbar) => {
    const edge = measured.edgeOn(hexRgb(toolbar));
    const ratio = contrast(edge, hexRgb(toolbar));
    expect(ratio, `edge ${hex(edge)} on ${toolbar}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
  });

  it(`has an inner mark that contrasts ${GRAPHIC_CONTRAST}:1 or more with the body, inside it`, () => {
    const ratio = contrast(measured.mark, measured.edge);
    expect(ratio, `mark ${hex(measured.mark)} on body ${hex(measured.edge)}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
    // Big enough to read, and never on the silhouette's edge: the body frames it.
    expect(measured.markExact).toBeGreaterThanOrEqual(0.1 * size * size);
    expect(measured.markOnEdge).toBe(0);
  });

  if (size === 16) {
    it('has a sharp mark: nearly all its pixels are exactly the mark colour, not blurred', () => {
      expect(measured.markExact / measured.markPixels).toBeGreaterThanOrEqual(0.9);
    });
  }
});
