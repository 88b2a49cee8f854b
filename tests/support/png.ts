import { inflateSync } from 'node:zlib';

// A tiny PNG reader for the icons' tests: 8-bit RGBA or RGB, not interlaced
// (what Chromium's screenshots are). Anything else is refused, not guessed.

export interface Pixels {
  width: number;
  height: number;
  /** Row after row, four bytes a pixel: red, green, blue, alpha (not premultiplied). */
  rgba: Uint8Array;
}

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The Paeth predictor of the PNG specification (filter type 4). */
function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const toLeft = Math.abs(p - left);
  const toUp = Math.abs(p - up);
  const toUpLeft = Math.abs(p - upLeft);
  if (toLeft <= toUp && toLeft <= toUpLeft) return left;
  return toUp <= toUpLeft ? up : upLeft;
}

export function decodePng(bytes: Uint8Array): Pixels {
  if (bytes.length < 8 || SIGNATURE.some((byte, index) => bytes[index] !== byte)) throw new Error('not a PNG');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Uint8Array[] = [];
  for (let at = 8; at + 8 <= bytes.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      const [depth, colourType, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || (colourType !== 6 && colourType !== 2) || interlace !== 0) {
        throw new Error(`unsupported PNG: bit depth ${depth}, colour type ${colourType}, interlace ${interlace} (8-bit RGBA or RGB, not interlaced, only)`);
      }
      channels = colourType === 6 ? 4 : 3;
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;
  }
  if (!channels) throw new Error('PNG without IHDR');
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  if (raw.length < height * (stride + 1)) throw new Error('PNG data too short');
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x += 1) {
      const left = x >= channels ? rows[y * stride + x - channels]! : 0;
      const up = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const upLeft = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels]! : 0;
      const predicted = filter === 0 ? 0 : filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : filter === 4 ? paeth(left, up, upLeft) : NaN;
      if (Number.isNaN(predicted)) throw new Error(`unknown PNG filter ${filter} on row ${y}`);
      rows[y * stride + x] = (line[x]! + predicted) & 0xff;
    }
  }
  if (channels === 4) return { width, height, rgba: rows };
  const rgba = new Uint8Array(width * height * 4);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    rgba.set(rows.subarray(pixel * 3, pixel * 3 + 3), pixel * 4);
    rgba[pixel * 4 + 3] = 255;
  }
  return { width, height, rgba };
}
