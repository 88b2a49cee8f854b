import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as zod from 'zod/mini';
import * as subset from '@/utils/api/zod-subset';

// The service worker's build reads with utils/api/zod-subset.ts where the
// code says zod/mini (wxt.config.ts). Here each form the worker's schemas take
// is built twice, with zod and with the subset, and both read the same
// generated values: the same values must pass, with the same output, keys
// absent or present alike. (The API's and the router's own tests run on the
// subset too: the `worker` project of vitest.config.ts.)

/** What both libraries offer the builders below. */
type Z = typeof zod;
type Build = (z: Z) => zod.ZodMiniType;

/** The lenient object of utils/api/schemas/lenient.ts, by hand: a required core, expected and optional fields. */
const lenient = (z: Z, required: Record<string, zod.ZodMiniType>, expected: Record<string, zod.ZodMiniType>, optional: Record<string, zod.ZodMiniType>) =>
  z.object({
    ...required,
    ...Object.fromEntries(Object.entries(expected).map(([key, schema]) => [key, z.catch(z.nullable(schema), null)])),
    ...Object.fromEntries(Object.entries(optional).map(([key, schema]) => [key, z.catch(z.optional(schema), undefined)])),
  });

/** lenientArray: an array whose malformed items are dropped. */
const lenientArray = (z: Z, item: zod.ZodMiniType) =>
  z.pipe(
    z.array(z.unknown()),
    z.transform((values: unknown[]) => values.filter((value) => item.safeParse(value).success).map((value) => item.parse(value))),
  );

const SCHEMAS: [name: string, build: Build][] = [
  ['string', (z) => z.string()],
  ['number', (z) => z.number()],
  ['boolean', (z) => z.boolean()],
  ['null', (z) => z.null()],
  ['unknown', (z) => z.unknown()],
  ['a literal', (z) => z.literal('comment')],
  ['an enum', (z) => z.enum(['popup', 'review'])],
  ['optional', (z) => z.optional(z.string())],
  ['nullable', (z) => z.nullable(z.number())],
  ['a string with bounds', (z) => z.string().check(z.minLength(1), z.maxLength(3))],
  ['a whole number with bounds', (z) => z.number().check(z.int(), z.minimum(0), z.maximum(2 ** 31 - 1))],
  ['an array with a bound', (z) => z.array(z.string()).check(z.maxLength(2))],
  ['a union of leaves', (z) => z.union([z.number(), z.string(), z.null()])],
  ['a union of strict objects', (z) => z.union([z.strictObject({ subject: z.string() }), z.strictObject({ id: z.string() })])],
  [
    'a discriminated union',
    (z) => z.discriminatedUnion('kind', [z.strictObject({ kind: z.literal('comment'), comment: z.string().check(z.minLength(1)) }), z.strictObject({ kind: z.literal('attach') })]),
  ],
  ['a strict object with optional fields', (z) => z.strictObject({ subject: z.optional(z.nullable(z.string())), live: z.boolean(), maxAgeMs: z.optional(z.number()) })],
  ['a tuple', (z) => z.tuple([z.string(), z.union([z.string(), z.literal('')])])],
  ['a tuple with an optional last item', (z) => z.tuple([z.number(), z.optional(z.enum(['popup', 'review']))])],
  ['a tuple of one optional object', (z) => z.tuple([z.optional(z.strictObject({ maxAgeMs: z.optional(z.number()) }))])],
  ['an empty tuple', (z) => z.tuple([])],
  ['an object with a required field of any value', (z) => z.object({ raw: z.unknown(), id: z.string() })],
  ['a record of anything', (z) => z.record(z.string(), z.unknown())],
  ['a record of numbers', (z) => z.record(z.string(), z.number())],
  ['a lenient array', (z) => lenientArray(z, z.string())],
  [
    'a lenient object',
    (z) =>
      lenient(
        z,
        { id: z.string() },
        { status: z.string(), active: z.boolean(), tags: lenientArray(z, z.string()) },
        { url: z.string(), note: z.nullable(z.string()), anything: z.unknown(), credits: z.union([z.number(), z.string(), z.null()]) },
      ),
  ],
  [
    'a lenient object nested',
    (z) => lenient(z, { data: lenient(z, { incidentId: z.string() }, {}, { status: z.string() }) }, { when: z.string() }, { inner: lenient(z, {}, { ok: z.boolean() }, {}) }),
  ],
];

/** Values near each schema's shape: the right keys with any value, and anything at all. */
const nearly = fc.oneof(
  fc.anything({ withNullPrototype: true, withSparseArray: true, withBoxedValues: true, withObjectString: true }),
  fc.dictionary(
    fc.constantFrom(
      'id',
      'subject',
      'kind',
      'comment',
      'live',
      'maxAgeMs',
      'status',
      'active',
      'tags',
      'url',
      'note',
      'anything',
      'credits',
      'data',
      'incidentId',
      'when',
      'inner',
      'ok',
      'raw',
      '__proto__',
    ),
    fc.oneof(fc.string(), fc.constantFrom('comment', 'attach', '', 'popup'), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.string()), fc.object()),
  ),
  fc.array(fc.oneof(fc.string({ maxLength: 4 }), fc.nat(), fc.constant(undefined), fc.constant(null), fc.constantFrom('popup', '', 'x')), { maxLength: 4 }),
);

/** A reading as data: success, the output, and every object's keys in order. */
function reading(schema: { safeParse(value: unknown): { success: boolean; data?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? { success: true, data: result.data, keys: keysOf(result.data) } : { success: false };
}

/** Keys in order, all the way down (toStrictEqual does not look at the order). */
function keysOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(keysOf);
  if (typeof value !== 'object' || value === null) return null;
  return Object.entries(value).map(([key, inner]) => [key, keysOf(inner)]);
}

describe('the worker’s subset of zod reads as zod does', () => {
  it.each(SCHEMAS)('%s', (_name, build) => {
    const real = build(zod);
    const small = build(subset as unknown as Z);
    fc.assert(
      fc.property(nearly, (value) => {
        expect(reading(small, value)).toStrictEqual(reading(real, value));
      }),
      { numRuns: 1_000 },
    );
  });

  it.each<[string, Build, unknown, unknown]>([
    ['an expected field absent reads null', (z) => lenient(z, { id: z.string() }, { status: z.string() }, {}), { id: 'i' }, { id: 'i', status: null }],
    ['an optional field malformed is kept as an undefined key', (z) => lenient(z, { id: z.string() }, {}, { url: z.string() }), { id: 'i', url: 7 }, { id: 'i', url: undefined }],
    ['an optional item left out is left out', (z) => z.tuple([z.number(), z.optional(z.string())]), [1], [1]],
    ['an optional item given undefined keeps it', (z) => z.tuple([z.number(), z.optional(z.string())]), [1, undefined], [1, undefined]],
  ])('%s, in both', (_name, build, value, data) => {
    for (const z of [zod, subset as unknown as Z]) {
      const result = build(z).safeParse(value);
      expect(result.success && Object.keys(result.data as object)).toEqual(Object.keys(data as object));
      expect(result.data).toStrictEqual(data);
    }
  });

  it.each<[string, Build, unknown]>([
    ['a strict object with an unknown key', (z) => z.strictObject({ id: z.string() }), { id: 'i', extra: 1 }],
    ['a strict object with an own __proto__ key', (z) => z.strictObject({ id: z.string() }), JSON.parse('{"id":"i","__proto__":{}}')],
    ['a tuple too long', (z) => z.tuple([z.string()]), ['a', 'b']],
    ['a required field absent', (z) => lenient(z, { id: z.string() }, {}, {}), {}],
    ['a number that is not finite', (z) => z.number(), Infinity],
    ['a whole number past the safe ones', (z) => z.number().check(z.int()), 2 ** 53],
    ['a record with a symbol key', (z) => z.record(z.string(), z.unknown()), { [Symbol('s')]: 1 }],
  ])('refuses %s, as zod does', (_name, build, value) => {
    expect(build(zod).safeParse(value).success).toBe(false);
    expect(build(subset as unknown as Z).safeParse(value).success).toBe(false);
  });

  it('throws on parse what it refuses, and says it never compiles code', () => {
    expect(() => subset.string().parse(1)).toThrow(TypeError);
    expect(subset.config().jitless).toBe(true);
  });
});
