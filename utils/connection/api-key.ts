import type { InputReason } from '../problems/kinds';

/** What the UI may show of a key: its last four characters, never more. */
export function maskApiKey(apiKey: string): string {
  return `••••${apiKey.slice(-4)}`;
}

/** Checks a pasted key before any request: null when fine, else why not. */
export function checkApiKey(apiKey: string): InputReason | null {
  if (!apiKey) return 'key_empty';
  if (/\s/.test(apiKey)) return 'key_whitespace';
  if (apiKey.length < 8) return 'key_short';
  return null;
}
