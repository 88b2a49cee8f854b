/** Longest server text quoted back to a person; longer bodies are cut. */
const MAX_MESSAGE_LENGTH = 300;

function clean(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (!trimmed) return undefined;
  return trimmed.length > MAX_MESSAGE_LENGTH ? `${trimmed.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : trimmed;
}

function fromObject(body: Record<string, unknown>): string | undefined {
  const { message, error, errors, detail, msg } = body;
  const errorRecord = isRecord(error) ? error : undefined;
  const first: unknown = Array.isArray(errors) ? errors[0] : undefined;
  const firstDetail: unknown = Array.isArray(detail) ? detail[0] : undefined;
  return (
    clean(message) ??
    clean(error) ??
    clean(errorRecord?.message) ??
    (isRecord(first) ? clean(first.message) ?? clean(first.msg) : clean(first)) ??
    clean(detail) ??
    (isRecord(firstDetail) ? clean(firstDetail.msg) ?? clean(firstDetail.message) : clean(firstDetail)) ??
    clean(msg)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Finds the server's own words in an error body. The error envelope is "not
 * shown" in the spec, so this tries the usual places and never throws.
 * @param body the parsed JSON body, or undefined when it was not JSON
 * @param text the raw body text
 */
export function extractServerMessage(body: unknown, text: string): string | undefined {
  if (isRecord(body)) return fromObject(body);
  if (typeof body === 'string') return clean(body);
  if (body !== undefined) return undefined;
  // A short plain-text body is a message; an HTML error page is not.
  const trimmed = text.trim();
  if (!trimmed || trimmed.startsWith('<') || trimmed.length > MAX_MESSAGE_LENGTH) return undefined;
  return clean(trimmed);
}
