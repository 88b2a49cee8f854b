/**
 * The value of a header as an administrator pastes it from a log: trimmed,
 * and without a leading `Name:` when the whole line was copied
 * (`X-Service-Timestamp: 1768910400` → `1768910400`).
 */
export function pastedHeaderValue(pasted: string, name: string): string {
  const trimmed = pasted.trim();
  const prefix = `${name.toLowerCase()}:`;
  return trimmed.toLowerCase().startsWith(prefix) ? trimmed.slice(prefix.length).trim() : trimmed;
}
