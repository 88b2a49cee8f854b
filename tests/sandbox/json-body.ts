import type { BodyRead } from './body.ts';
import { badRequest } from './http-error.ts';
import { isMultipart, parseMultipart, type MultipartBody } from './multipart.ts';

/**
 * Parses an optional JSON object body. An empty body is `{}` so action
 * endpoints work without one; anything but a JSON object is a 400. The API
 * insists on a JSON Content-Type; the control endpoint does not (`curl -d`).
 */
export function parseJsonObject(body: BodyRead, contentType: string | undefined, requireJsonType = true): Record<string, unknown> {
  const text = body.bytes.toString('utf8').trim();
  if (text.length === 0) return {};
  const type = (contentType ?? '').toLowerCase();
  if (requireJsonType && type && !type.includes('json')) throw badRequest(`Send a JSON body with Content-Type application/json; got "${contentType}".`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('The request body must be a JSON object.');
  return parsed as Record<string, unknown>;
}

/** Parses a report body that may be JSON or multipart/form-data. */
export async function parseReportBody(body: BodyRead, contentType: string | undefined): Promise<{ fields: Record<string, unknown>; files: File[] }> {
  if (isMultipart(contentType)) {
    const form: MultipartBody = await parseMultipart(body.bytes, contentType ?? '');
    return form;
  }
  return { fields: parseJsonObject(body, contentType), files: [] };
}
