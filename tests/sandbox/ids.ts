import { createHash, randomBytes, randomUUID } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The spec says ids are opaque and vary in format, so the sandbox mixes three. */
export type IdFormat = 'prefixed' | 'uuid' | 'numeric';

const FORMATS: IdFormat[] = ['prefixed', 'uuid', 'numeric'];

/** Picks the id format for the n-th record, so neighbours never share a format. */
export function idFormatFor(n: number): IdFormat {
  return FORMATS[n % FORMATS.length] ?? 'prefixed';
}

function toBase62(bytes: Uint8Array, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += BASE62[(bytes[i] ?? 0) % 62];
  return out;
}

function formatBytes(bytes: Uint8Array, format: IdFormat, prefix: string): string {
  if (format === 'prefixed') return `${prefix}_${toBase62(bytes, 10)}`;
  if (format === 'numeric') {
    const n = ((bytes[0] ?? 0) << 16) | ((bytes[1] ?? 0) << 8) | (bytes[2] ?? 0);
    return String(100_000 + (n % 900_000));
  }
  const hex = Buffer.from(bytes.subarray(0, 16)).toString('hex');
  const v4 = `4${hex.slice(13, 16)}`;
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16) + hex.slice(17, 20);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${v4}-${variant}-${hex.slice(20, 32)}`;
}

/** Builds a stable id from a seed string, so reset always restores the same ids. */
export function seededId(seed: string, format: IdFormat, prefix = 'inc'): string {
  const bytes = createHash('sha256').update(seed).digest();
  return formatBytes(bytes, format, prefix);
}

/** Builds a fresh random id for records created at run time. */
export function randomId(format: IdFormat, prefix = 'inc'): string {
  if (format === 'uuid') return randomUUID();
  return formatBytes(randomBytes(16), format, prefix);
}

/** A fresh random id no existing record has: numeric ids (900,000 of them) collide within a few hundred records. */
export function uniqueId(format: IdFormat, taken: (id: string) => boolean, prefix = 'inc'): string {
  for (;;) {
    const id = randomId(format, prefix);
    if (!taken(id)) return id;
  }
}

/** Builds a webhook signing secret. */
export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}
