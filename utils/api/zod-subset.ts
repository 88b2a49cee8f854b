// The part of zod/mini the service worker's code calls (the API's schemas,
// utils/api/schemas/, and the router's, utils/messaging/routes.ts), written
// small. The worker build resolves `zod/mini` to this file (wxt.config.ts,
// `workerZodSubset`); the pages, the types and the tests keep zod itself. zod's
// core is about 10 KB of the worker's gzipped bundle, which the browser
// parses at every start (docs/performance.md › The service worker's bundle).
// Each function reads a value as zod 4 does: the same values accepted, the
// same output, a key absent or present alike (tests/unit/api/zod-subset.test.ts
// compares the two on generated values; the API's and the router's tests run on
// both, vitest.config.ts). Only success and data are given: no issue list,
// which no worker code reads.

/** What a reading returns when the value does not pass. */
const FAIL = Symbol('fail');
type Read = unknown;

/** A schema as the worker's code uses it: read, check, safeParse, parse. */
interface Schema {
  /** The value read, or FAIL. */
  run(value: unknown): Read;
  /** Absence is allowed (zod's `optin`). */
  optin?: boolean;
  /** The output may be absent (zod's `optout`). */
  optout?: boolean;
  /** The literal values it accepts (literals and enums: a discriminated union picks its option by them). */
  values?: ReadonlySet<unknown>;
  /** The fields of an object (a discriminated union reads its discriminator there). */
  shape?: Record<string, Schema>;
  check(...checks: Check[]): Schema;
  safeParse(value: unknown): { success: true; data: unknown } | { success: false };
  parse(value: unknown): unknown;
}

/** A check after the type passed: minLength, maxLength, int, minimum, maximum. */
type Check = (value: never) => boolean;

/** A schema from its reading and its flags; methods shared, not closures of each of the 830 schemas a starting worker builds (issue 43). */
class Reading implements Schema {
  declare readonly run: (value: unknown) => Read;
  declare optin?: boolean;
  declare optout?: boolean;
  declare values?: ReadonlySet<unknown>;
  declare shape?: Record<string, Schema>;
  /** `flags` may be another schema: its flags are taken, its reading is not. */
  constructor(run: (value: unknown) => Read, flags: Partial<Pick<Schema, 'optin' | 'optout' | 'values' | 'shape'>>) {
    Object.assign(this, flags, { run });
  }
  check(...checks: Check[]): Schema {
    return schema((value) => {
      const read = this.run(value);
      return read !== FAIL && checks.every((check) => check(read as never)) ? read : FAIL;
    }, this);
  }
  safeParse(value: unknown): { success: true; data: unknown } | { success: false } {
    const read = this.run(value);
    return read === FAIL ? { success: false } : { success: true, data: read };
  }
  parse(value: unknown): unknown {
    const read = this.run(value);
    if (read === FAIL) throw new TypeError('Invalid input');
    return read;
  }
}

const schema = (run: (value: unknown) => Read, flags: Partial<Pick<Schema, 'optin' | 'optout' | 'values' | 'shape'>> = {}): Schema => new Reading(run, flags);

/** A schema that accepts what `test` accepts, as it is. */
const only = (test: (value: unknown) => boolean) => schema((value) => (test(value) ? value : FAIL));

/** zod's isObject: any object but null and arrays. */
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** zod's isPlainObject, which a record asks for. */
function isPlainObject(value: unknown): value is Record<PropertyKey, unknown> {
  if (!isObject(value)) return false;
  const made = value.constructor;
  if (typeof made !== 'function') return true;
  const prototype: unknown = made.prototype;
  return isObject(prototype) && Object.hasOwn(prototype, 'isPrototypeOf');
}

export const string = () => only((value) => typeof value === 'string');
export const number = () => only((value) => typeof value === 'number' && Number.isFinite(value));
export const boolean = () => only((value) => typeof value === 'boolean');
const isNull = () => only((value) => value === null);
export const unknown = () => only(() => true);
export { isNull as null };

/** One value or several, as `z.literal` takes them. */
export function literal(accepted: unknown) {
  const values = new Set(Array.isArray(accepted) ? accepted : [accepted]);
  return schema((value) => (values.has(value) ? value : FAIL), { values });
}

/** An enum of strings (the only form the worker declares). */
function oneOf(accepted: readonly unknown[]) {
  return literal([...accepted]);
}
export { oneOf as enum };

export const optional = (inner: Schema) => schema((value) => (value === undefined ? undefined : inner.run(value)), { optin: true, optout: true });
export const nullable = (inner: Schema) => schema((value) => (value === null ? null : inner.run(value)), { optin: inner.optin, optout: inner.optout });

/** The fallback instead of a failure; absence allowed, as zod's catch. */
function fallBack(inner: Schema, fallback: unknown) {
  return schema(
    (value) => {
      const read = inner.run(value);
      return read === FAIL ? fallback : read;
    },
    { optin: true, optout: inner.optout },
  );
}
export { fallBack as catch };

/** One field into `out`, as zod's handlePropertyResult; false when the object fails. */
function readField(field: Schema, input: Record<string, unknown>, key: string, out: Record<string, unknown>): boolean {
  const present = key in input;
  if (!present && field.optin && field.optout) return true;
  const read = field.run(input[key]);
  if (read === FAIL || (!present && !field.optin)) return false;
  if (read !== undefined) out[key] = read;
  else if (present) out[key] = undefined;
  return true;
}

/** An object: the shape's fields read, other keys dropped (or, strict, refused). */
function objectOf(shape: Record<string, Schema>, strict: boolean) {
  const keys = Object.keys(shape).filter((key) => key !== '__proto__');
  return schema(
    (input) => {
      if (!isObject(input)) return FAIL;
      const out: Record<string, unknown> = {};
      for (const key of keys) if (!readField(shape[key]!, input, key, out)) return FAIL;
      if (strict) for (const key in input) if (!Object.hasOwn(shape, key) || key === '__proto__') return FAIL;
      return out;
    },
    { shape },
  );
}
export const object = (shape: Record<string, Schema>) => objectOf(shape, false);
export const strictObject = (shape: Record<string, Schema>) => objectOf(shape, true);

/** Every item read, or the array fails. */
export function array(item: Schema) {
  return schema((input) => {
    if (!Array.isArray(input)) return FAIL;
    const out: unknown[] = [];
    for (let index = 0; index < input.length; index++) {
      const read = item.run(input[index]);
      if (read === FAIL) return FAIL;
      out[index] = read;
    }
    return out;
  });
}

/** The index after the last item that cannot be left out (`flag`: optin or optout). */
function omittableFrom(items: readonly Schema[], flag: 'optin' | 'optout'): number {
  for (let index = items.length - 1; index >= 0; index--) if (!items[index]![flag]) return index + 1;
  return 0;
}

/**
 * A tuple without a rest: items may be left out from the first that allows
 * it, as zod's handleTupleResults. (zod also drops a trailing undefined that
 * an item both optional-out and not optional-in made of a left-out value:
 * no schema of this subset is that.)
 */
export function tuple(items: readonly Schema[]) {
  const optinStart = omittableFrom(items, 'optin');
  const optoutStart = omittableFrom(items, 'optout');
  return schema((input) => {
    if (!Array.isArray(input) || input.length < optinStart || input.length > items.length) return FAIL;
    const out: unknown[] = [];
    for (let index = 0; index < items.length; index++) {
      const item = items[index]!;
      const present = index < input.length;
      if (!present && index >= optoutStart && item.optin) break;
      const read = item.run(input[index]);
      if (read === FAIL) {
        if (!present && index >= optoutStart) break;
        return FAIL;
      }
      out[index] = read;
    }
    return out;
  });
}

/** The first option that reads the value. */
export function union(options: readonly Schema[]) {
  return schema(
    (value) => {
      for (const option of options) {
        const read = option.run(value);
        if (read !== FAIL) return read;
      }
      return FAIL;
    },
    { optin: options.some((option) => option.optin), optout: options.some((option) => option.optout) },
  );
}

/** The option whose discriminator's literal is the value's. */
export function discriminatedUnion(discriminator: string, options: readonly Schema[]) {
  const byValue = new Map<unknown, Schema>();
  for (const option of options) for (const value of option.shape?.[discriminator]?.values ?? []) byValue.set(value, option);
  return schema((input) => (isObject(input) ? (byValue.get(input[discriminator])?.run(input) ?? FAIL) : FAIL));
}

/** A record of string keys (symbol keys fail it, as in zod), `__proto__` and hidden keys left out. */
export function record(key: Schema, value: Schema) {
  return schema((input) => {
    if (!isPlainObject(input)) return FAIL;
    const out: Record<PropertyKey, unknown> = {};
    for (const name of Reflect.ownKeys(input)) {
      if (name === '__proto__' || !Object.prototype.propertyIsEnumerable.call(input, name)) continue;
      const read = key.run(name) === FAIL ? FAIL : value.run(input[name]);
      if (read === FAIL) return FAIL;
      out[name] = read;
    }
    return out;
  });
}

/** The output of `first`, read on by `then`. */
export function pipe(first: Schema, then: Schema) {
  return schema(
    (value) => {
      const read = first.run(value);
      return read === FAIL ? FAIL : then.run(read);
    },
    { optin: first.optin, optout: then.optout },
  );
}

export const transform = (change: (value: unknown) => unknown) => schema(change, { optin: true });

export const minLength = (length: number) => (value: { length: number }) => value.length >= length;
export const maxLength = (length: number) => (value: { length: number }) => value.length <= length;
export const minimum = (least: number) => (value: number) => value >= least;
export const maximum = (most: number) => (value: number) => value <= most;
export const int = () => (value: number) => Number.isSafeInteger(value);

/** zod's global settings, read: the subset never compiles code, so it always runs as `jitless`. */
export function config(): { jitless: true } {
  return { jitless: true };
}
