import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bandLayout, fitScreenshot, nextFitStep, stampLines, stampScreenshot, truncateToWidth, type FitAttempt, type FitStep } from '@/utils/evidence/screenshot';

const AT = new Date('2026-11-22T10:00:00.123Z');

describe('stampLines', () => {
  it.each([
    [{ pageUrl: 'https://phish.test/login', capturedAt: AT }, ['https://phish.test/login', 'Captured 2026-11-22 10:00:00 UTC']],
    [{ pageUrl: 'https://phish.test/login', capturedAt: AT, reporter: 'soc@acme.example' }, ['https://phish.test/login', 'Captured 2026-11-22 10:00:00 UTC', 'Reported by soc@acme.example']],
    [
      { pageUrl: 'https://forum.test/t/1', capturedAt: AT, linkUrl: 'https://phish.test/login', reporter: 'soc@acme.example' },
      ['Link reported: https://phish.test/login', 'Found on: https://forum.test/t/1', 'Captured 2026-11-22 10:00:00 UTC', 'Reported by soc@acme.example'],
    ],
    [{ pageUrl: `https://phish.test/${'a'.repeat(300)}`, capturedAt: AT }, [`https://phish.test/${'a'.repeat(300)}`, 'Captured 2026-11-22 10:00:00 UTC']],
  ])('%j → %j', (input, lines) => {
    expect(stampLines(input)).toEqual(lines);
  });
});

describe('bandLayout', () => {
  it.each([
    [800, 2, { fontPx: 14, lineHeight: 20, padding: 8, height: 56 }],
    [1920, 3, { fontPx: 14, lineHeight: 20, padding: 8, height: 76 }],
    [2560, 3, { fontPx: 28, lineHeight: 40, padding: 16, height: 152 }],
    [3840, 1, { fontPx: 42, lineHeight: 60, padding: 24, height: 108 }],
  ])('%i px wide, %i lines → %j', (width, lines, layout) => {
    expect(bandLayout(width, lines)).toEqual(layout);
  });
});

describe('truncateToWidth', () => {
  const tenPerChar = (text: string): number => text.length * 10;
  it.each([
    ['abcdef', 60, 'abcdef'],
    ['abcdef', 59, 'abcd…'],
    ['abcdef', 50, 'abcd…'],
    ['abcdef', 49, 'abc…'],
    ['abcdef', 10, '…'],
    ['', 0, ''],
  ])('%j in %i → %j', (text, maxWidth, shown) => {
    expect(truncateToWidth(text, maxWidth, tenPerChar)).toEqual(shown);
  });
});

describe('nextFitStep', () => {
  const MAX = 1000;
  it.each<[FitAttempt, number, FitStep]>([
    [{ type: 'image/png', scale: 1, bytes: 1000 }, 1920, { kind: 'keep' }],
    [{ type: 'image/png', scale: 1, bytes: 1001 }, 1920, { kind: 'encode_jpeg', scale: 1 }],
    // A narrow PNG still gets its JPEG try: re-encoding loses no width.
    [{ type: 'image/png', scale: 1, bytes: 1001 }, 300, { kind: 'encode_jpeg', scale: 1 }],
    [{ type: 'image/jpeg', scale: 1, bytes: 999 }, 1920, { kind: 'keep' }],
    [{ type: 'image/jpeg', scale: 1, bytes: 1001 }, 1920, { kind: 'encode_jpeg', scale: 0.75 }],
    [{ type: 'image/jpeg', scale: 0.75, bytes: 1001 }, 1920, { kind: 'encode_jpeg', scale: 0.5625 }],
    // 640 × 0.75 = 480: still allowed; 639 × 0.75 = 479.25 → 479: too narrow.
    [{ type: 'image/jpeg', scale: 1, bytes: 1001 }, 640, { kind: 'encode_jpeg', scale: 0.75 }],
    [{ type: 'image/jpeg', scale: 1, bytes: 1001 }, 639, { kind: 'give_up' }],
    [{ type: 'image/jpeg', scale: 0.5625, bytes: 1001 }, 1000, { kind: 'give_up' }],
  ])('%j of a %i px wide image → %j', (last, fullWidth, step) => {
    expect(nextFitStep(last, MAX, fullWidth)).toEqual(step);
  });
});

/** Stand-ins for the browser's canvas: they record what is drawn, and JPEGs weigh ⌊width × height / 100⌋ bytes. */
type Call = (string | number | object)[];
let calls: Call[];
let bitmapSize: { width: number; height: number };
const CHAR_WIDTH = 8;

class FakeContext {
  fillStyle = '';
  font = '';
  textBaseline = '';
  measureText(text: string): { width: number } {
    return { width: text.length * CHAR_WIDTH };
  }
  drawImage(_image: unknown, ...at: number[]): void {
    calls.push(['drawImage', ...at]);
  }
  fillRect(...rect: number[]): void {
    calls.push(['fillRect', this.fillStyle, ...rect]);
  }
  fillText(text: string, x: number, y: number): void {
    calls.push(['fillText', this.fillStyle, this.font, this.textBaseline, text, x, y]);
  }
}

class FakeOffscreenCanvas {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    calls.push(['canvas', width, height]);
  }
  getContext(): FakeContext {
    return new FakeContext();
  }
  async convertToBlob(options: { type: string; quality?: number }): Promise<Blob> {
    calls.push(['convertToBlob', options]);
    const bytes = options.type === 'image/jpeg' ? Math.floor((this.width * this.height) / 100) : 1;
    return new Blob([new Uint8Array(bytes)], { type: options.type });
  }
}

beforeEach(() => {
  calls = [];
  bitmapSize = { width: 800, height: 600 };
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  vi.stubGlobal('createImageBitmap', async () => {
    calls.push(['createImageBitmap']);
    return { ...bitmapSize, close: () => calls.push(['close']) };
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('stampScreenshot', () => {
  it('draws the image, then the lines in a dark band below it, cutting a line too wide with …', async () => {
    const long = `https://phish.test/${'a'.repeat(101)}`; // 120 characters: 960 px, the band holds 784
    const blob = await stampScreenshot(new Blob(['png']), ['https://phish.test/login', 'Captured 2026-11-22 10:00:00 UTC', long]);

    expect(blob.type).toEqual('image/png');
    expect(calls).toEqual([
      ['createImageBitmap'],
      ['canvas', 800, 600 + 76],
      ['drawImage', 0, 0],
      ['close'],
      ['fillRect', '#111111', 0, 600, 800, 76],
      ['fillText', '#f5f5f5', '14px monospace', 'top', 'https://phish.test/login', 8, 608],
      ['fillText', '#f5f5f5', '14px monospace', 'top', 'Captured 2026-11-22 10:00:00 UTC', 8, 628],
      ['fillText', '#f5f5f5', '14px monospace', 'top', `${long.slice(0, 97)}…`, 8, 648],
      ['convertToBlob', { type: 'image/png' }],
    ]);
  });
});

describe('fitScreenshot', () => {
  const png = (bytes: number): Blob => new Blob([new Uint8Array(bytes)], { type: 'image/png' });

  it('keeps a PNG that fits, without decoding it', async () => {
    const image = png(5000);
    const fitted = await fitScreenshot(image, 5000);
    expect([fitted.blob === image, fitted.type, fitted.scale < 1, calls]).toEqual([true, 'image/png', false, []]);
  });

  it.each([
    // 1000 × 800: JPEG 8000 bytes at full size, 4500 at 0.75, 2533 at 0.5625 (563 × 450); 422 px is too narrow.
    [8000, { type: 'image/jpeg', bytes: 8000, downscaled: false }, [[1000, 800]]],
    [
      4500,
      { type: 'image/jpeg', bytes: 4500, downscaled: true },
      [
        [1000, 800],
        [750, 600],
      ],
    ],
    [
      3000,
      { type: 'image/jpeg', bytes: 2533, downscaled: true },
      [
        [1000, 800],
        [750, 600],
        [563, 450],
      ],
    ],
    [
      100,
      { type: 'image/jpeg', bytes: 2533, downscaled: true },
      [
        [1000, 800],
        [750, 600],
        [563, 450],
      ],
    ],
  ])('a 9000-byte PNG under %i bytes → %j after encoding at %j', async (maxBytes, result, sizes) => {
    bitmapSize = { width: 1000, height: 800 };
    const fitted = await fitScreenshot(png(9000), maxBytes);
    expect({ type: fitted.type, bytes: fitted.blob.size, downscaled: fitted.scale < 1 }).toEqual(result);
    expect(calls.filter((call) => call[0] === 'canvas').map((call) => call.slice(1))).toEqual(sizes);
    expect(calls.filter((call) => call[0] === 'convertToBlob')).toEqual(sizes.map(() => ['convertToBlob', { type: 'image/jpeg', quality: 0.85 }]));
    expect(calls.at(-1)).toEqual(['close']);
  });

  it('returns the PNG when even JPEG is no smaller, and the caller decides', async () => {
    bitmapSize = { width: 500, height: 800 }; // JPEG 4000 bytes; 375 px is too narrow to try
    const image = png(3000);
    const fitted = await fitScreenshot(image, 1000);
    expect([fitted.blob === image, fitted.type, fitted.scale < 1]).toEqual([true, 'image/png', false]);
  });
});
