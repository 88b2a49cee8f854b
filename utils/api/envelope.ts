import type * as z from 'zod/mini';
import { ApiError } from './errors';
import { parseEach, type ParsedItems } from './schemas/lenient-array';

// Reading answers whose envelope the spec does not always show: be tolerant
// about where the data sits, strict about what it is.

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An answer that is JSON but not the structure expected. */
export function unexpectedResponse(what: string): ApiError {
  return new ApiError({
    kind: 'unexpected_response',
    message: `The service sent ${what} in a form this extension does not understand. Try again later, or update the extension.`,
  });
}

/** `body.data` when the body has it, else the body itself. */
export function dataOf(body: unknown): unknown {
  return isRecord(body) && 'data' in body ? body.data : body;
}

/** The list in `data`, `data.items`, `data.<plural>`, `items`, `<plural>`, or a bare array body. */
export function findList(body: unknown, plural: string): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return undefined;
  const { data } = body;
  const candidates = [data, isRecord(data) ? data.items : undefined, isRecord(data) ? data[plural] : undefined, body.items, body[plural]];
  return candidates.find((candidate): candidate is unknown[] => Array.isArray(candidate));
}

/** Parses a list answer item by item; throws unexpected_response when there is no list at all. */
export function readList<S extends z.ZodMiniType>(
  schema: S,
  body: unknown,
  plural: string,
  what: string,
): ParsedItems<z.output<S>> {
  const list = findList(body, plural);
  if (!list) throw unexpectedResponse(what);
  return parseEach(schema, list);
}

/** Parses the single record in `data` (or the body); throws unexpected_response when it does not fit. */
export function readRecord<S extends z.ZodMiniType>(schema: S, body: unknown, what: string): z.output<S> {
  const result = schema.safeParse(dataOf(body));
  if (!result.success) throw unexpectedResponse(what);
  return result.data;
}

/** The top-level `message` string, when there is one. */
export function messageOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === 'string' ? body.message : undefined;
}

/** The `paging` block, parsed; undefined when absent (then it is the last page). */
export function readPaging<S extends z.ZodMiniType>(schema: S, body: unknown, what: string): z.output<S> | undefined {
  if (!isRecord(body) || body.paging == null) return undefined;
  const result = schema.safeParse(body.paging);
  if (!result.success) throw unexpectedResponse(what);
  return result.data;
}
