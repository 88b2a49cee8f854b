import { isRecord } from './records';

/** Longest server text quoted back to a person; longer bodies are cut. */
const MAX_MESSAGE_LENGTH = 300;

function clean(value: string): string | undefined {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  if (!trimmed || looksLikeHtml(trimmed)) return undefined;
  return trimmed.length > MAX_MESSAGE_LENGTH ? `${trimmed.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : trimmed;
}

function looksLikeHtml(text: string): boolean {
  return /^<(!doctype|html|head|body|\?xml)/i.test(text) || /<\/(html|body|h1|p|div|title)>/i.test(text);
}

/** A string, an array of strings (joined), or an object with `message`/`msg`: the words in it. */
function wordsIn(value: unknown): string | undefined {
  if (typeof value === 'string') return clean(value);
  if (Array.isArray(value)) {
    const parts = value.map(wordsIn).filter((part): part is string => part !== undefined);
    return clean(parts.join('; '));
  }
  if (isRecord(value)) return wordsIn(value.message) ?? wordsIn(value.msg) ?? wordsIn(value.detail);
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
 */
export function extractServerMessage(body: unknown, text: string): string | undefined {
  if (isRecord(body)) {
    const { message, errors, error, detail, msg } = body;
    return wordsIn(message) ?? wordsIn(errors) ?? wordsIn(detail) ?? wordsIn(error) ?? wordsIn(msg);
  }
  if (body !== undefined) return wordsIn(body);
  // A short plain-text body is a message; an HTML error page is not.
  const trimmed = text.trim();
  if (trimmed.length > MAX_MESSAGE_LENGTH) return undefined;
  return clean(trimmed);
}
