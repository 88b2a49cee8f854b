/**
 * `npm run icons`: draws the extension's PNG icons from their SVG sources with
 * Chromium, each at its exact size (device scale factor 1) on a transparent
 * background: 16 px from icon-16.svg (drawn for the pixel grid), 32, 48, 96
 * and 128 px from icon.svg. It records in public/icon/sources.json the hash of
 * each SVG and of each PNG it made; tests/unit/docs/icons.test.ts fails when an
 * SVG changed (or a PNG was edited) without running this again.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from './chromium.ts';

const ICON_DIR = 'public/icon';
const SOURCES_FILE = path.join(ICON_DIR, 'sources.json');
/** Each PNG size the manifest names, and the SVG it is drawn from. */
const ICONS: Readonly<Record<number, string>> = { 16: 'icon-16.svg', 32: 'icon.svg', 48: 'icon.svg', 96: 'icon.svg', 128: 'icon.svg' };

interface IconSources {
  note: string;
  /** SHA-256 of each SVG the PNGs were drawn from. */
  svgs: Record<string, string>;
  /** Each PNG: the SVG it was drawn from and its own SHA-256. */
  pngs: Record<string, { from: string; sha256: string }>;
}

const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

/** The page that shows one SVG at exactly `size` CSS pixels, at the top left, on nothing. */
function pageFor(svg: string, size: number): string {
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  return (
    `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent}img{display:block}</style></head>` +
    `<body><img src="${src}" width="${size}" height="${size}" alt=""></body></html>`
  );
}

async function render(): Promise<void> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu'] });
  const sources: IconSources = {
    note: 'Written by npm run icons (tests/support/render-icons.ts); tests/unit/docs/icons.test.ts checks the files still match.',
    svgs: {},
    pngs: {},
  };
  try {
    for (const [size, from] of Object.entries(ICONS)) {
      const svg = readFileSync(path.join(ICON_DIR, from), 'utf8');
      sources.svgs[from] = sha256(svg);
      const context = await browser.newContext({ viewport: { width: Number(size), height: Number(size) }, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.setContent(pageFor(svg, Number(size)));
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: Number(size), height: Number(size) } });
      await context.close();
      writeFileSync(path.join(ICON_DIR, `${size}.png`), png);
      sources.pngs[`${size}.png`] = { from, sha256: sha256(png) };
      console.log(`${ICON_DIR}/${size}.png from ${from}`);
    }
  } finally {
    await browser.close();
  }
  writeFileSync(SOURCES_FILE, `${JSON.stringify(sources, null, 2)}\n`);
  console.log(`${SOURCES_FILE}: the hashes the unit test checks`);
}

await render();
