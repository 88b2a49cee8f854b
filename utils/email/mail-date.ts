import { withoutComments } from './header-text';

// A date as mail headers write it (RFC 5322 §3.3: "Tue, 2 Jan 2024 10:00:00
// +0100 (CET)"), read by hand rather than by Date.parse, whose reading of
// anything but ISO 8601 differs between browsers.

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The obsolete zone names, in minutes east of UTC (RFC 5322 §4.3). */
const ZONES: Readonly<Record<string, number>> = { ut: 0, gmt: 0, z: 0, edt: -240, est: -300, cdt: -300, cst: -360, mdt: -360, mst: -420, pdt: -420, pst: -480 };

const DATE = /^\s*(?:[a-z]+\s*,\s*)?(\d{1,2})\s+([a-z]{3})[a-z]*\.?\s+(\d{2,4})\s+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:\s+([+-]\d{4}|[a-z]+))?\s*$/i;

/** The offset of a zone in minutes east of UTC; a zone not known, or none, counts as UTC (RFC 5322 §4.3: military zones are read as -0000). */
function zoneMinutes(zone: string | undefined): number {
  if (!zone) return 0;
  const numeric = /^([+-])(\d{2})(\d{2})$/.exec(zone);
  if (numeric) return (numeric[1] === '-' ? -1 : 1) * (Number(numeric[2]) * 60 + Number(numeric[3]));
  return ZONES[zone.toLowerCase()] ?? 0;
}

/** A two- or three-digit year as RFC 5322 §4.3 reads it: 00–49 are 2000–2049, 50–99 and three digits are 1900 onwards. */
function fullYear(written: string): number {
  const year = Number(written);
  if (written.length === 2) return year < 50 ? 2000 + year : 1900 + year;
  return written.length === 3 ? 1900 + year : year;
}

/** The RFC 5322 date-time in `text` as ISO 8601 (UTC), or undefined when it cannot be read. */
export function readMailDate(text: string): string | undefined {
  const match = DATE.exec(withoutComments(text));
  if (!match) return undefined;
  const [, day, monthName, year, hour, minute, second = '0', zone] = match;
  const month = MONTHS.indexOf(monthName!.toLowerCase());
  const [d, h, m, s] = [day, hour, minute, second].map(Number) as [number, number, number, number];
  if (month < 0 || m > 59 || s > 60) return undefined;
  const local = new Date(Date.UTC(fullYear(year!), month, d, h, m, Math.min(s, 59)));
  // Date.UTC rolls 31 Feb over into March and hour 24 into the next day: such a date is not one (its day is another).
  if (local.getUTCDate() !== d) return undefined;
  return new Date(local.getTime() - zoneMinutes(zone) * 60_000).toISOString();
}
