let last = 0;

/**
 * Returns the current time as ISO 8601 UTC with milliseconds. Strictly
 * increasing, so two history entries written in the same millisecond still
 * sort newest first.
 */
export function nowIso(): string {
  last = Math.max(Date.now(), last + 1);
  return new Date(last).toISOString();
}

/** Returns the ISO timestamp `days` days (and `hours` hours) before `anchor`. */
export function daysBefore(anchor: string, days: number, hours = 0): string {
  const ms = Date.parse(anchor) - days * 86_400_000 - hours * 3_600_000;
  return new Date(ms).toISOString();
}
