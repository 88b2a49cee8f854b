import { isRecord } from './records';

/** Longest server text quoted back to a person; longer bodies are cut. */
const MAX_MESSAGE_LENGTH = 300;

/** Shown in place of the key when a service echoes it in any answer, error or success. */
export const KEY_REMOVED = '[API key removed]';

/**
 * Base64 of the text's UTF-8 bytes: whole, with and without padding, then in
 * its whole 3-byte groups alone, which stay the same whatever is encoded after.
 */
function base64Forms(text: string): string[] {
  const bytes = new TextEncoder().encode(text);
  const whole = btoa(String.fromCharCode(...bytes));
  return [whole, whole.replace(/=+$/, ''), btoa(String.fromCharCode(...bytes.subarray(0, bytes.length - (bytes.length % 3))))];
}

/**
 * The key as written, and, for a key of 8 characters or more, as a service
 * may echo it: percent-encoded (either case), base64 and base64url, longest
 * first. A shorter key's encodings would match ordinary words.
 */
function keyForms(secret: string): string[] {
  if (secret.length < 8) return [secret];
  const percent = encodeURIComponent(secret);
  const base64 = base64Forms(secret);
  const base64url = base64.map((form) => form.replace(/\+/g, '-').replace(/\//g, '_'));
  return [...new Set([secret, percent, percent.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()), ...base64, ...base64url])];
}

/** The text with every copy of `secret` (and its encodings, keyForms) taken out; an empty secret takes nothing. */
export function withoutKey(message: string | undefined, secret: string): string | undefined {
  return message && secret ? scrubbed(message, keyForms(secret)) : message;
}

function scrubbed(text: string, forms: readonly string[]): string {
  return forms.reduce((kept, form) => kept.split(form).join(KEY_REMOVED), text);
}

/**
 * The parsed body of a successful answer with the key taken out of every
 * string in it: a success `message` (or any other text) that quotes the key is
 * shown, stored with a report and exported in backups. Changed in place, with
 * a stack rather than recursion: JSON.parse nests deeper than a call stack.
 */
export function withoutKeyInBody(body: unknown, secret: string): unknown {
  if (!secret) return body;
  const forms = keyForms(secret);
  if (typeof body === 'string') return scrubbed(body, forms);
  const stack: unknown[] = [body];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    for (const [name, inner] of Object.entries(value)) {
      if (typeof inner !== 'string') stack.push(inner);
      // defineProperty, as an own `__proto__` from JSON.parse ignores plain assignment.
      else if (forms.some((form) => inner.includes(form))) Object.defineProperty(value, name, { value: scrubbed(inner, forms), writable: true, enumerable: true, configurable: true });
    }
  }
  return body;
}

// The key is taken out of the WHOLE text before it is cut: cut first, a key
// across the cut would leave its first characters in what pages are shown.
function clean(value: string, secret: string): string | undefined {
  const trimmed = (withoutKey(value, secret) ?? '').trim().replace(/\s+/g, ' ');
  if (!trimmed || looksLikeHtml(trimmed)) return undefined;
  return trimmed.length > MAX_MESSAGE_LENGTH ? `${trimmed.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : trimmed;
}

function looksLikeHtml(text: string): boolean {
  return /^<(!doctype|html|head|body|\?xml)/i.test(text) || /<\/(html|body|h1|p|div|title)>/i.test(text);
}

/** A string, an array of strings (joined), or an object with `message`/`msg`: the words in it. */
function wordsIn(value: unknown, secret: string): string | undefined {
  if (typeof value === 'string') return clean(value, secret);
  if (Array.isArray(value)) {
    const parts = value.map((part) => wordsIn(part, secret)).filter((part): part is string => part !== undefined);
    return clean(parts.join('; '), secret);
  }
  if (isRecord(value)) return wordsIn(value.message, secret) ?? wordsIn(value.msg, secret) ?? wordsIn(value.detail, secret);
  return undefined;
}

/**
 * Finds the server's own words in an error body. The error envelope is "not
 * shown" in the spec, so this tries the common shapes — a string, an array of
 * strings, `{message}`, `{error: {message}}`, `{errors: [...]}`, `{detail}` —
 * preferring the most specific words (`message` before a generic `error`
 * such as "Bad Request"). HTML is never quoted. It never throws.
 * @param body the parsed JSON body, or undefined when it was not JSON
 * @param text the raw body text
 * @param secret the API key: removed from the words before they are cut
 */
export function extractServerMessage(body: unknown, text: string, secret = ''): string | undefined {
  const words = (value: unknown) => wordsIn(value, secret);
  if (isRecord(body)) {
    const { message, errors, error, detail, msg } = body;
    return words(message) ?? words(errors) ?? words(detail) ?? words(error) ?? words(msg);
  }
  if (body !== undefined) return words(body);
  // A short plain-text body is a message; an HTML error page is not.
  const trimmed = withoutKey(text, secret)?.trim() ?? '';
  if (trimmed.length > MAX_MESSAGE_LENGTH) return undefined;
  return clean(trimmed, secret);
}
