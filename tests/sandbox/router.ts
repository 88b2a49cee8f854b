import { badRequest } from './http-error.ts';

/** A route pattern such as `/v1/incident/:id/snapshots`. */
export interface RoutePattern {
  method: string;
  path: string;
}

/** A matched route with its percent-decoded path parameters. */
export interface RouteMatch<T extends RoutePattern> {
  route: T;
  params: Record<string, string>;
}

/**
 * Splits a raw pathname into decoded segments. Splitting happens before
 * decoding, so a whole URL sent as one encoded segment (subject lookup)
 * stays one parameter.
 */
export function pathSegments(rawPathname: string): string[] {
  return rawPathname
    .split('/')
    .filter((s) => s.length > 0)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        throw badRequest(`The path segment "${segment}" is not valid percent-encoding.`);
      }
    });
}

/** Finds the first route whose method and pattern match; earlier routes win. */
export function matchRoute<T extends RoutePattern>(routes: readonly T[], method: string, rawPathname: string): RouteMatch<T> | undefined {
  const segments = pathSegments(rawPathname);
  for (const route of routes) {
    if (route.method !== method) continue;
    const pattern = route.path.split('/').filter((s) => s.length > 0);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((part, i) => {
      const value = segments[i] ?? '';
      if (part.startsWith(':')) {
        params[part.slice(1)] = value;
        return value.length > 0;
      }
      return part === value;
    });
    if (ok) return { route, params };
  }
  return undefined;
}
