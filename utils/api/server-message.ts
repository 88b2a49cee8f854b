import { isRecord } from './records';

/** Longest server text quoted back to a person; longer bodies are cut. */
const MAX_MESSAGE_LENGTH = 300;

/** Shown in place of the key when a service echoes it in an error message. */
export const KEY_REMOVED = '[API key removed]';

/** The text with every copy of `secret` taken out (an empty secret takes nothing). */
export function withoutKey(message: string | undefined, secret: string): string | undefined {
  return message && secret ? message.split(secret).join(KEY_REMOVED) : message;
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
