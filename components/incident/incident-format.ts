import { i18n } from '#i18n';
import { isKnownIncidentStatus } from '@/utils/api/schemas/incident-vocabulary';
import { messageLocale } from '@/utils/i18n/locale';

/** How a status feels at a glance: done, bad, waiting on the service, waiting on the user, or neither. */
export type StatusTone = 'done' | 'bad' | 'progress' | 'needs_you' | 'neutral';

const TONES: Record<string, StatusTone> = {
  pending_review: 'progress',
  case_building: 'progress',
  approval_required: 'needs_you',
  takedown_ready: 'progress',
  pre_weaponised: 'neutral',
  takedown_in_progress: 'progress',
  takedown_success: 'done',
  takedown_attempt_failed: 'bad',
  blocklisted: 'done',
  action_required: 'needs_you',
  closed: 'neutral',
};

/** The tone of a status; an unknown one is neutral. */
export function statusTone(status: string | null): StatusTone {
  return (status && TONES[status]) || 'neutral';
}

/** The spec's meaning of a status, or null for one this extension does not know. */
export function statusMeaning(status: string | null): string | null {
  return status && isKnownIncidentStatus(status) ? i18n.t(`incident_meaning.${status}`) : null;
}

/** A time both ways: "3 days ago (22 Nov 2026, 10:00)"; an unreadable one as written. */
export function formatWhen(iso: string | null | undefined, now: Date = new Date()): string | null {
  if (!iso) return null;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const seconds = (at.getTime() - now.getTime()) / 1000;
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['year', 31_536_000],
    ['month', 2_592_000],
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  const [unit, size] = units.find(([, length]) => Math.abs(seconds) >= length) ?? ['second', 1];
  const relative = new Intl.RelativeTimeFormat(messageLocale(), { numeric: 'auto' }).format(Math.round(seconds / size), unit);
  const absolute = new Intl.DateTimeFormat(messageLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  return `${relative} (${absolute})`;
}

/** A flag the service may leave undetermined: null is "undetermined", never "no". */
export function flagLabel(value: boolean | null | undefined): string {
  if (value === true) return i18n.t('incident.yes');
  if (value === false) return i18n.t('incident.no');
  return i18n.t('incident.undetermined');
}

/** Who wrote a history entry: the system, an analyst, or the client (with its sender). */
export function authorKind(author: string | null): 'system' | 'analyst' | 'client' | 'other' {
  if (!author) return 'other';
  if (author === 'Service System') return 'system';
  if (author === 'Service') return 'analyst';
  if (author.startsWith('Client')) return 'client';
  return 'other';
}

/**
 * The history newest first by its timestamps: the service's order is not
 * promised (the spec's examples list newest first). Equal times keep the
 * service's order; entries whose time cannot be read go last, as sent.
 */
export function newestFirst<T extends { timestamp: string | null }>(history: readonly T[]): T[] {
  const timeOf = (entry: T) => Date.parse(entry.timestamp ?? '');
  const dated = history.filter((entry) => !Number.isNaN(timeOf(entry)));
  const undated = history.filter((entry) => Number.isNaN(timeOf(entry)));
  return [...dated.sort((a, b) => timeOf(b) - timeOf(a)), ...undated];
}
