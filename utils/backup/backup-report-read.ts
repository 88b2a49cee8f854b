import * as z from 'zod/mini';
import { isApiErrorInfo, toApiErrorInfo } from '../api/errors';
import { isProblem, type Problem } from '../problems/kinds';
import type { OutboxReport } from '../storage/report-types';

// One report of a backup file, by the project's reading rule
// (utils/api/schemas/lenient.ts) with a word for every drop: a report whose
// core is unusable is left out alone; an optional part that is malformed is
// left out alone and the report kept. Unknown keys are never read.

const isoTime = z.iso.datetime({ offset: true });
/** Links are opened from the page and from notifications: only http(s). */
const webLink = z.url({ protocol: /^https?$/ });
const someText = z.string().check(z.minLength(1));

/** A record: the core it cannot live without, and parts read one by one. */
interface RecordReader {
  required: z.ZodMiniObject;
  optional: Record<string, z.ZodMiniType | RecordReader>;
}

const isRecordReader = (part: z.ZodMiniType | RecordReader): part is RecordReader => 'required' in part && 'optional' in part;

/** The kept record, or the path of the first thing wrong with its core. */
type Read = { ok: true; value: Record<string, unknown> } | { ok: false; field: string };

const join = (path: string, key: string) => (path && key ? `${path}.${key}` : path || key);

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads `raw` by `reader`; the paths of the optional parts left out go to `dropped`. */
function readRecord(raw: unknown, reader: RecordReader, path: string, dropped: string[]): Read {
  if (!isPlainObject(raw)) return { ok: false, field: path };
  const core = reader.required.safeParse(raw);
  if (!core.success) return { ok: false, field: join(path, core.error.issues[0]?.path.join('.') ?? '') };
  const value: Record<string, unknown> = { ...(core.data as object) };
  for (const [key, part] of Object.entries(reader.optional)) {
    if (raw[key] === undefined) continue;
    const partPath = join(path, key);
    const read = isRecordReader(part) ? readRecord(raw[key], part, partPath, dropped) : readPart(part, raw[key]);
    if (read.ok) value[key] = read.value;
    else dropped.push(partPath);
  }
  return { ok: true, value };
}

function readPart(schema: z.ZodMiniType, raw: unknown): { ok: true; value: unknown } | { ok: false } {
  const result = schema.safeParse(raw);
  return result.success ? { ok: true, value: result.data } : { ok: false };
}

/** Facts a problem of our own may carry; anything else on it is not read. */
const OWN_FACTS = { reason: 'string', origin: 'string', declined: 'boolean', status: 'number', what: 'string' } as const;

/** A stored problem: the API's facts picked as the client picks them, our own kinds with their known facts only. */
const StoredProblem = z.pipe(
  z.custom<Problem>(isProblem),
  z.transform((problem: Problem): Problem => {
    if (isApiErrorInfo(problem)) return toApiErrorInfo(problem);
    const picked: Record<string, unknown> = { kind: problem.kind };
    for (const [fact, type] of Object.entries(OWN_FACTS)) {
      const value = (problem as Record<string, unknown>)[fact];
      if (typeof value === type) picked[fact] = value;
    }
    return picked as Problem;
  }),
);

const Outcome = z.discriminatedUnion('status', [
  z.object({ status: z.literal('reported'), id: someText, dashboardUrl: z.optional(webLink), message: z.optional(z.string()) }),
  z.object({ status: z.literal('possible_duplicate'), message: z.optional(z.string()) }),
  z.object({
    status: z.literal('unconfirmed'),
    httpStatus: z.number().check(z.int()),
    message: z.optional(z.string()),
    rawId: z.optional(z.string()),
    dashboardUrl: z.optional(webLink),
  }),
]);

/** The way the browser took to a reported page (issue 41), as its report keeps it. */
const ChainEvidence = z.discriminatedUnion('state', [
  z.object({ state: z.enum(['off', 'unseen']) }),
  z.object({
    state: z.literal('recorded'),
    chain: z.object({
      start: z.enum(['typed', 'link', 'form', 'bookmark', 'back_forward', 'other']),
      from: z.optional(z.string()),
      hops: z.array(z.object({ url: z.string(), at: z.number(), left: z.optional(z.enum(['server_redirect', 'client_redirect'])) })).check(z.minLength(1)),
      skipped: z.optional(z.number()),
    }),
  }),
]);

const TEXT_FIELDS = ['url', 'incidentType', 'subject', 'reportedBy', 'clientId', 'comment'] as const;

const REPORT: RecordReader = {
  required: z.object({
    id: someText,
    createdAt: isoTime,
    updatedAt: isoTime,
    // Drafts are never exported: one in a file was written by hand.
    state: z.enum(['queued', 'sending', 'sent', 'duplicate', 'failed', 'unknown']),
    action: z.enum(['tkd', 'monitor']),
    subject: z.object({ type: z.enum(['url', 'domain', 'email', 'phone', 'ipv4']), value: someText }),
    fields: z.custom<object>(isPlainObject),
    origin: z.enum(['menu', 'shortcut', 'popup', 'review']),
    attempts: z.number().check(z.int(), z.minimum(0)),
  }),
  optional: {
    // Replaces the core's `fields`: each text field on its own.
    fields: { required: z.object({}), optional: Object.fromEntries(TEXT_FIELDS.map((key) => [key, z.string()])) },
    evidence: {
      required: z.object({
        requestedUrl: z.string(),
        capturedAt: z.pipe(
          isoTime,
          z.transform((at: string) => new Date(at)),
        ),
        timeZone: z.string(),
        browser: z.object({ name: z.string(), version: z.string(), language: z.string() }),
        extensionVersion: z.string(),
      }),
      optional: {
        currentUrl: z.string(),
        title: z.string(),
        reporter: z.string(),
        pageWithheld: z.literal(true),
        navigation: ChainEvidence,
        notCaptured: z.array(z.object({ kind: z.literal('capture_failed'), what: z.enum(['screenshot', 'page', 'whole_page']), reason: z.optional(z.enum(['timeout', 'navigated'])) })),
        wholePage: z.object({ pageHeight: z.number(), height: z.number(), scale: z.number() }),
        email: z.object({
          fileName: z.string(),
          subject: z.optional(z.string()),
          from: z.optional(z.string()),
          date: z.optional(z.string()),
          messageId: z.optional(z.string()),
          attached: z.enum(['original', 'headers_and_text']),
        }),
      },
    },
    selectionText: z.string(),
    sentAt: isoTime,
    lastProblem: StoredProblem,
    outcome: Outcome,
    incident: { required: z.object({ id: someText }), optional: { dashboardUrl: webLink, status: z.nullable(z.string()), clientId: z.string() } },
    filesPrunedAt: isoTime,
    followUps: z.array(z.enum(['comment', 'attach', 'takedown'])),
    account: z.object({ origin: z.string(), clientIds: z.array(z.string()) }),
    // An action on an incident stays one (issue 44).
    recordKind: z.enum(['report', 'action']),
    incidentAction: z.object({ kind: z.enum(['approve', 'comment', 'attach', 'takedown', 'monitor', 'safe']), files: z.optional(z.number()), outcome: z.literal('done') }),
  },
};

/** One report of the file: kept (with the parts left out), or left out with the path of what is wrong. */
export type ReadReport = { ok: true; report: OutboxReport; dropped: string[] } | { ok: false; field: string };

/**
 * Reads one report entry. Its evidence files are not in the file: the report
 * gets none, and when it listed some, `filesPrunedAt` says they are gone.
 * A report caught `queued` or `sending` may be sent by the browser it came
 * from: here it becomes `unknown` (never sent again without the user).
 */
export function readBackupReport(raw: unknown, now: Date): ReadReport {
  const dropped: string[] = [];
  const read = readRecord(raw, REPORT, '', dropped);
  if (!read.ok) return { ok: false, field: read.field || 'report' };
  const report = { ...read.value, files: [] } as unknown as OutboxReport;
  const listedFiles = Array.isArray((raw as Record<string, unknown>).files) && ((raw as Record<string, unknown[]>).files?.length ?? 0) > 0;
  if (listedFiles && !report.filesPrunedAt) report.filesPrunedAt = now.toISOString();
  if (report.state === 'sending') Object.assign(report, { state: 'unknown', lastProblem: { kind: 'interrupted' } });
  if (report.state === 'queued') {
    const { lastProblem: _waiting, ...rest } = report;
    return { ok: true, report: { ...rest, state: 'unknown' }, dropped };
  }
  return { ok: true, report, dropped };
}

/** The subject of a raw entry when it can be read, to name the report in a problem. */
export function rawSubject(raw: unknown): string | undefined {
  const subject = isPlainObject(raw) && isPlainObject(raw.subject) ? raw.subject.value : undefined;
  return typeof subject === 'string' && subject !== '' ? subject : undefined;
}
