import type { ParsedItems } from '../api/schemas/lenient';
import type { TakedownAttempt, TakedownAttempts } from '../api/schemas/resolution';

// GET /v1/incidents/resolutions has no per-incident parameter in the spec: it
// answers the whole account's list (about 70,000 entries, 9 MB for a large
// one). It is read once and kept for a while, so opening incident after
// incident does not read it again each time.

/** How long one reading of the list serves: the default status refresh period. */
export const RESOLUTIONS_MAX_AGE_MS = 15 * 60_000;

/** The takedown attempts by incident id, as read at `readAt` (ms). */
interface Reading {
  byId: Map<string, TakedownAttempt[]>;
  readAt: number;
}

/**
 * The resolutions list, read at most once per `maxAgeMs`: calls that come
 * while it is being read share that reading; a failed reading is not kept.
 * `attemptsOf` answers undefined for an incident the list does not hold.
 */
export function createResolutionsCache(read: () => Promise<ParsedItems<TakedownAttempts>>, maxAgeMs = RESOLUTIONS_MAX_AGE_MS, now: () => number = Date.now) {
  let reading: Promise<Reading> | undefined;

  async function load(): Promise<Reading> {
    const { items } = await read();
    const byId = new Map<string, TakedownAttempt[]>();
    for (const entry of items) byId.set(entry.id, [...(byId.get(entry.id) ?? []), ...(entry.takedownAttempts ?? [])]);
    return { byId, readAt: now() };
  }

  async function current(): Promise<Reading> {
    const held = reading && (await reading.catch(() => undefined));
    if (held && now() - held.readAt < maxAgeMs) return held;
    if (!reading || held) {
      const started = load();
      reading = started;
      started.catch(() => {
        if (reading === started) reading = undefined;
      });
    }
    return reading;
  }

  return {
    /** The incident's attempts, oldest first; undefined when the list does not hold the incident. */
    async attemptsOf(id: string): Promise<TakedownAttempt[] | undefined> {
      return (await current()).byId.get(id);
    },
    /** Forgets the reading: the next call reads the list again. */
    forget(): void {
      reading = undefined;
    },
  };
}

export type ResolutionsCache = ReturnType<typeof createResolutionsCache>;
