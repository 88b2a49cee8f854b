import { i18n } from '#i18n';

// The screenshot sent with a report: the visible tab with a band below it
// saying what was captured, when and by whom, so the image stands on its own
// when forwarded. The band is added under the image, never over the page.

/** JPEG quality used when a PNG is too large: text in the page stays legible. */
const JPEG_QUALITY = 0.85;
/** Each downscale keeps this share of the width and height. */
const DOWNSCALE_FACTOR = 0.75;
/** Narrower than this, a screenshot no longer shows what the page said: stop shrinking. */
const MIN_WIDTH = 480;

/** The band's lines: what was reported (and where a link was found), when, and by whom. */
export function stampLines(input: { pageUrl: string; capturedAt: Date; reporter?: string; linkUrl?: string }): string[] {
  // "2026-11-22 10:00:00": ISO 8601 in UTC, without milliseconds nobody reads.
  const utc = input.capturedAt.toISOString().slice(0, 19).replace('T', ' ');
  return [
    ...(input.linkUrl ? [i18n.t('page_evidence.stamp_link', [input.linkUrl]), i18n.t('page_evidence.stamp_found_on', [input.pageUrl])] : [input.pageUrl]),
    i18n.t('page_evidence.stamp_captured', [utc]),
    ...(input.reporter ? [i18n.t('page_evidence.stamp_reporter', [input.reporter])] : []),
  ];
}

/** Sizes of the band for an image this wide: HiDPI captures (2×, 3×) get text to match. */
export function bandLayout(width: number, lineCount: number): { fontPx: number; lineHeight: number; padding: number; height: number } {
  const scale = Math.max(1, Math.floor(width / 1280));
  const lineHeight = 20 * scale;
  const padding = 8 * scale;
  return { fontPx: 14 * scale, lineHeight, padding, height: 2 * padding + lineCount * lineHeight };
}

/** The longest start of `text` that fits `maxWidth` with '…' after it; `text` itself when it fits. */
export function truncateToWidth(text: string, maxWidth: number, measure: (text: string) => number): string {
  if (measure(text) <= maxWidth) return text;
  // Binary search on the kept length: URLs can be thousands of characters long.
  let fits = 0;
  let tooLong = text.length;
  while (tooLong - fits > 1) {
    const middle = Math.floor((fits + tooLong) / 2);
    if (measure(`${text.slice(0, middle)}…`) <= maxWidth) fits = middle;
    else tooLong = middle;
  }
  return `${text.slice(0, fits)}…`;
}

function context2d(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas context.');
  return context;
}

/** The captured image (the whole page's comes drawn already) with the lines in a dark band below it, as PNG. */
export async function stampScreenshot(png: Blob | ImageBitmap, lines: string[]): Promise<Blob> {
  const image = await createImageBitmap(png);
  const { width, height } = image;
  const band = bandLayout(width, lines.length);
  const canvas = new OffscreenCanvas(width, height + band.height);
  const context = context2d(canvas);
  context.drawImage(image, 0, 0);
  image.close();
  context.fillStyle = '#111111';
  context.fillRect(0, height, width, band.height);
  context.fillStyle = '#f5f5f5';
  context.font = `${band.fontPx}px monospace`;
  context.textBaseline = 'top';
  const maxWidth = width - 2 * band.padding;
  lines.forEach((line, index) => {
    const text = truncateToWidth(line, maxWidth, (candidate) => context.measureText(candidate).width);
    context.fillText(text, band.padding, height + band.padding + index * band.lineHeight);
  });
  return canvas.convertToBlob({ type: 'image/png' });
}

/** One encoding of the screenshot tried while fitting it under the size limit. */
export interface FitAttempt {
  type: 'image/png' | 'image/jpeg';
  /** Share of the full width and height. */
  scale: number;
  bytes: number;
}

/** What to do after an attempt: keep it, encode again as JPEG at a scale, or give up (the caller takes the smallest). */
export type FitStep = { kind: 'keep' } | { kind: 'encode_jpeg'; scale: number } | { kind: 'give_up' };

/** Plans the next step: PNG first, then JPEG at full size, then JPEG 0.75× smaller each time down to MIN_WIDTH. */
export function nextFitStep(last: FitAttempt, maxBytes: number, fullWidth: number): FitStep {
  if (last.bytes <= maxBytes) return { kind: 'keep' };
  if (last.type === 'image/png') return { kind: 'encode_jpeg', scale: last.scale };
  const scale = last.scale * DOWNSCALE_FACTOR;
  return Math.round(fullWidth * scale) < MIN_WIDTH ? { kind: 'give_up' } : { kind: 'encode_jpeg', scale };
}

async function encodeJpeg(image: ImageBitmap, scale: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale)));
  context2d(canvas).drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
}

/** The screenshot at most `maxBytes` large if it can be (PNG, else JPEG, else smaller JPEG); else the smallest tried. `scale`: the share of its width and height kept (under 1: downscaled). */
export async function fitScreenshot(image: Blob, maxBytes: number): Promise<{ blob: Blob; type: 'image/png' | 'image/jpeg'; scale: number }> {
  let last: { blob: Blob; type: FitAttempt['type']; scale: number } = { blob: image, type: 'image/png', scale: 1 };
  // The PNG step does not depend on the width: decode only when re-encoding.
  let step = nextFitStep({ type: last.type, scale: last.scale, bytes: image.size }, maxBytes, Number.POSITIVE_INFINITY);
  if (step.kind === 'keep') return { blob: image, type: 'image/png', scale: 1 };
  const bitmap = await createImageBitmap(image);
  let smallest = last;
  try {
    while (step.kind === 'encode_jpeg') {
      last = { blob: await encodeJpeg(bitmap, step.scale), type: 'image/jpeg', scale: step.scale };
      if (last.blob.size < smallest.blob.size) smallest = last;
      step = nextFitStep({ type: last.type, scale: last.scale, bytes: last.blob.size }, maxBytes, bitmap.width);
    }
  } finally {
    bitmap.close();
  }
  const chosen = step.kind === 'keep' ? last : smallest;
  return { blob: chosen.blob, type: chosen.type, scale: chosen.scale };
}
