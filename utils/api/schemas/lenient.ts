import * as z from 'zod/mini';

// The one reading rule of this client (docs/api-contract.md, "Reading rule"):
// - a record is kept when its REQUIRED core is usable;
// - an EXPECTED field (the spec requires it, but the record can be shown
//   without it) that is absent, null or malformed reads as null: "unknown";
// - an OPTIONAL field that is malformed is dropped alone and reads as absent;
// - null is never turned into false, and nothing is coerced.
// Every structure of the API is declared with lenientObject, so the rule is
// written once, here.

type Shape = Record<string, z.ZodMiniType>;

type Expected<S extends Shape> = { [K in keyof S]: z.ZodMiniCatch<z.ZodMiniNullable<S[K]>> };
type Optional<S extends Shape> = { [K in keyof S]: z.ZodMiniCatch<z.ZodMiniOptional<S[K]>> };

/** The three kinds of field of a structure. */
export interface LenientParts<R extends Shape, E extends Shape, O extends Shape> {
  /** Without these the record is useless and is dropped (counted as skipped in lists). */
  required: R;
  /** Required by the spec; absent, null or malformed reads as null ("unknown"). */
  expected?: E;
  /** Optional in the spec; malformed reads as absent. */
  optional?: O;
}

/** A field the record can live without: absent, null or malformed reads as null, meaning "unknown". */
function expectedField<S extends z.ZodMiniType>(schema: S): z.ZodMiniCatch<z.ZodMiniNullable<S>> {
  return z.catch(z.nullable(schema), null);
}

/** An optional field: a malformed value is dropped alone and reads as absent. */
function optionalField<S extends z.ZodMiniType>(schema: S): z.ZodMiniCatch<z.ZodMiniOptional<S>> {
  return z.catch(z.optional(schema), undefined);
}

function mapShape<S extends Shape, T extends z.ZodMiniType>(shape: S | undefined, wrap: (schema: z.ZodMiniType) => T) {
  const out: Record<string, T> = {};
  for (const [key, schema] of Object.entries(shape ?? {})) out[key] = wrap(schema);
  return out;
}

/** An object read by the reading rule: a strict core, per-field fallbacks for the rest; unknown keys are dropped. */
export function lenientObject<R extends Shape, E extends Shape = Record<never, never>, O extends Shape = Record<never, never>>(
  parts: LenientParts<R, E, O>,
): z.ZodMiniObject<R & Expected<E> & Optional<O>> {
  const shape = {
    ...parts.required,
    ...mapShape(parts.expected, expectedField),
    ...mapShape(parts.optional, optionalField),
  };
  return z.object(shape) as unknown as z.ZodMiniObject<R & Expected<E> & Optional<O>>;
}

/** Items that parsed, and how many did not. */
export interface ParsedItems<T> {
  items: T[];
  skipped: number;
}

/** Parses each value on its own and keeps the valid ones, so one bad item never hides the rest. */
export function parseEach<S extends z.ZodMiniType>(schema: S, values: readonly unknown[]): ParsedItems<z.output<S>> {
  const items: z.output<S>[] = [];
  for (const value of values) {
    const result = schema.safeParse(value);
    if (result.success) items.push(result.data);
  }
  return { items, skipped: values.length - items.length };
}

/** An array inside a record (history, blocklists, string lists) that drops malformed entries instead of failing the record. */
export function lenientArray<S extends z.ZodMiniType>(item: S) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((values: unknown[]): z.output<S>[] => parseEach(item, values).items),
  );
}

/** A map (DNS record counts) that drops malformed entries instead of failing the record. */
export function lenientRecord<S extends z.ZodMiniType>(value: S) {
  return z.pipe(
    z.record(z.string(), z.unknown()),
    z.transform((entries: Record<string, unknown>): Record<string, z.output<S>> => {
      const kept: Record<string, z.output<S>> = {};
      for (const [key, raw] of Object.entries(entries)) {
        const result = value.safeParse(raw);
        if (result.success) kept[key] = result.data;
      }
      return kept;
    }),
  );
}
