import { badRequest } from './http-error.ts';

/** Reads an optional integer in [min, max]; 400 names the parameter otherwise. */
export function intParam(query: URLSearchParams, name: string, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = /^-?\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `at least ${min}` : `from ${min} to ${max}`;
    throw badRequest(`${name} must be an integer ${range}; got "${raw}".`);
  }
  return value;
}

/** Reads an optional boolean that must be spelled exactly `true` or `false`. */
export function boolParam(query: URLSearchParams, name: string): boolean {
  const raw = query.get(name);
  if (raw === null) return false;
  if (raw !== 'true' && raw !== 'false') throw badRequest(`${name} must be true or false; got "${raw}".`);
  return raw === 'true';
}

/** Reads an optional value from a closed set. */
export function enumParam<T extends string>(query: URLSearchParams, name: string, allowed: readonly T[], fallback: T): T {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!(allowed as readonly string[]).includes(raw)) throw badRequest(`${name} must be one of ${allowed.join(', ')}; got "${raw}".`);
  return raw as T;
}

/** Reads an optional comma-separated list whose items all come from a closed set. */
export function enumListParam(query: URLSearchParams, name: string, allowed: readonly string[]): string[] | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const items = raw.split(',').map((s) => s.trim());
  const bad = items.find((item) => !allowed.includes(item));
  if (bad !== undefined) throw badRequest(`${name} must be a comma-separated list of ${allowed.join(', ')}; "${bad}" is not one.`);
  return items;
}

/** Reads an optional ISO 8601 date-time as epoch milliseconds. */
export function dateParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const ms = Date.parse(raw);
  if (!/^\d{4}-\d{2}-\d{2}/.test(raw) || Number.isNaN(ms)) throw badRequest(`${name} must be an ISO 8601 date-time; got "${raw}".`);
  return ms;
}
