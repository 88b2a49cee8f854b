import type * as z from 'zod/mini';
import { ApiError, type ApiTarget } from './errors';
import { isRecord } from './records';
import { parseEach, type ParsedItems } from './schemas/lenient';

// Reading answers whose envelope the spec does not always show: be tolerant
// about where the data sits, strict about what it is.

export { isRecord };

/** An answer that is JSON but not the structure expected. */
export function unexpectedResponse(target: ApiTarget): ApiError {
  return new ApiError({ kind: 'unexpected_response', target });
}

/** `body.data` when the body has it, else the body itself. */
export function dataOf(body: unknown): unknown {
  return isRecord(body) && 'data' in body ? body.data : body;
}

/** The list in `data`, `data.items`, `data.<plural>`, `items`, `<plural>`, or a bare array body. */
function findList(body: unknown, plural: string): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return undefined;
  const { data } = body;
  const candidates = [data, isRecord(data) ? data.items : undefined, isRecord(data) ? data[plural] : undefined, body.items, body[plural]];
  return candidates.find((candidate): candidate is unknown[] => Array.isArray(candidate));
}

/** Parses a list answer item by item; throws unexpected_response when there is no list at all. */
export function readList<S extends z.ZodMiniType>(schema: S, body: unknown, plural: string): ParsedItems<z.output<S>> {
  const list = findList(body, plural);
  if (!list) throw unexpectedResponse('list');
  return parseEach(schema, list);
}

/** Parses the single record in `data` (or the body); throws unexpected_response when its required core is not usable. */
export function readRecord<S extends z.ZodMiniType>(schema: S, body: unknown, target: ApiTarget): z.output<S> {
  const result = schema.safeParse(dataOf(body));
  if (!result.success) throw unexpectedResponse(target);
  return result.data;
}

/** The top-level `message` string, when there is one. */
export function messageOf(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === 'string' ? body.message : undefined;
}

/** The `paging` block of a list answer (a bare array has none); undefined when absent or unreadable: the last page. */
export function readPaging<S extends z.ZodMiniType>(schema: S, body: unknown): z.output<S> | undefined {
  const result = schema.safeParse(isRecord(body) ? body.paging : undefined);
  return result.success ? result.data : undefined;
}
