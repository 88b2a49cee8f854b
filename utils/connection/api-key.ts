/** What the UI may show of a key: its last four characters, never more. */
export function maskApiKey(apiKey: string): string {
  return `••••${apiKey.slice(-4)}`;
}

/** Checks a pasted key before any request: null when fine, else a sentence. */
export function checkApiKey(apiKey: string): string | null {
  if (!apiKey) return 'Enter the API key.';
  if (/\s/.test(apiKey)) return 'The API key contains spaces or line breaks; paste it again without them.';
  if (apiKey.length < 8) return 'This key is too short to be an API key; paste the whole key.';
  return null;
}
