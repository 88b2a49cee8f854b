import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';

/** Chromium's id from the manifest's `key` (its public key, base64), or from an unpacked folder's absolute path without one: the first 32 hex digits of the SHA-256, written a–p (crx_file::id_util). */
export function extensionIdFrom(key: string | undefined, dir: string): string {
  const hex = createHash('sha256')
    .update(key ? Buffer.from(key, 'base64') : realpathSync(dir))
    .digest('hex')
    .slice(0, 32);
  return [...hex].map((digit) => String.fromCharCode(97 + Number.parseInt(digit, 16))).join('');
}

/** The id Chromium gives the extension loaded from `dir`, known before launch so that extensions are told apart by id, not by their workers' script names. */
export function extensionIdOf(dir: string): string {
  const { key } = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { key?: string };
  return extensionIdFrom(key, dir);
}
