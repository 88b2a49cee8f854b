import * as z from 'zod/mini';

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

/** An array inside a record (history, blocklists) that drops malformed entries instead of failing the record. */
export function lenientArray<S extends z.ZodMiniType>(item: S) {
  return z.pipe(z.array(z.unknown()), z.transform((values: unknown[]) => parseEach(item, values).items));
}
