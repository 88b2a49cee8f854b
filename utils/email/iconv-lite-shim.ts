// Stands in for iconv-lite in the build (wxt.config.ts aliases it): msgreader
// needs it only to decode the 8-bit strings of an old, non-Unicode .msg in
// the code page it is told, which the browser's own TextDecoder does. The
// real package pulls in Node's Buffer, which a browser worker does not have.

/** Decodes `bytes` in `encoding` (a WHATWG label: windows-1252, shift_jis…); an unknown label as windows-1252. */
export function decode(bytes: Uint8Array, encoding: string): string {
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** msgreader writes .msg files with it; the extension never does. */
export function encode(): never {
  throw new Error('Writing 8-bit strings is not supported.');
}
