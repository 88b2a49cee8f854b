/** Hashes already asked for, by blob (a Blob never changes): the record reuses what the capture started as each file was made. */
const started = new WeakMap<Blob, Promise<string>>();

async function digestHex(blob: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await blob.arrayBuffer());
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The SHA-256 of a file's bytes, as lower-case hex: what a registrar can check
 * the file against. Each blob is read once: a capture starts its files'
 * hashes while it waits for the screenshot, and the evidence record takes
 * them up (a hash that failed is not kept, so the next asks again).
 */
export function sha256Hex(blob: Blob): Promise<string> {
  const known = started.get(blob);
  if (known) return known;
  const hash = digestHex(blob);
  started.set(blob, hash);
  hash.catch(() => started.delete(blob));
  return hash;
}
