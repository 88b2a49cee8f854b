import { useEffect, useState } from 'preact/hooks';
import type { FollowUp } from '@/utils/report/report-service';
import type { Settings } from '@/utils/settings/settings';
import type { OutboxReport, ReportAction } from '@/utils/storage/report-types';
import { addedRowsFor, chainRowsFor, emailRowsFor, mergeRows, rowsFor, type ReviewRowState } from './review-state';
import type { EmailEntry } from './use-emails';
import type { Indicators } from './use-review-source';
import type { TextReading } from './use-text-reading';

/** What the rows are read from. */
interface RowSources {
  indicators: Indicators | null;
  settings: Settings | null;
  emails: readonly EmailEntry[];
  reading: TextReading;
  defaultAction: ReportAction;
  /** The report the window was opened from: a menu report's recorded way to its page gives rows (issue 41). */
  source?: Pick<OutboxReport, 'evidence'> | null;
}

/** A forwarding email: one that came with the phishing email attached. */
function isWrapper({ reading }: EmailEntry): boolean {
  return reading?.ok === true && (reading.analysis.message.attachedEmails?.length ?? 0) > 0;
}

/** The rows the emails and the text hold, as first shown. */
function freshRowsOf({ indicators, settings, emails, reading, defaultAction, source }: RowSources): ReviewRowState[] {
  if (!indicators || !settings) return [];
  // An indicator both in a forwarded phishing email and in the email it came attached to is the phishing email's.
  const fromEmails = [...emails.filter((entry) => !isWrapper(entry)), ...emails.filter(isWrapper)].flatMap((entry) =>
    entry.reading?.ok ? emailRowsFor(entry.reading.analysis.findings, defaultAction, entry.key) : [],
  );
  return mergeRows([], fromEmails, chainRowsFor(source, defaultAction, reading.check), rowsFor(reading.found, defaultAction), addedRowsFor(reading.added, defaultAction));
}

/** The review's rows, what the user changed on each, and whether reporting has started. */
export interface ReviewRows {
  rows: ReviewRowState[];
  /** True once a row left `idle`: the text and the emails are locked. */
  started: boolean;
  update(index: number, patch: Partial<ReviewRowState>): void;
  followedUp(index: number, kind: FollowUp['kind']): void;
  /** "Start over": the rows as first shown. */
  startOver(): void;
}

/** The rows, re-read from the text and the emails whenever they change until reporting starts; the user's ticks stay. */
export function useReviewRows(sources: RowSources): ReviewRows {
  const [rows, setRows] = useState<ReviewRowState[]>([]);
  const started = rows.some((row) => row.phase !== 'idle');
  const { indicators, settings, emails, reading, defaultAction, source } = sources;
  useEffect(() => {
    if (!indicators || !settings || started) return;
    const fresh = freshRowsOf(sources);
    setRows((previous) => mergeRows(previous, fresh));
  }, [reading.found, indicators, settings, defaultAction, emails, reading.added, source]);
  const change = (index: number, next: (row: ReviewRowState) => ReviewRowState) => setRows((previous) => previous.map((row, at) => (at === index ? next(row) : row)));
  return {
    rows,
    started,
    update: (index, patch) => change(index, (row) => ({ ...row, ...patch })),
    followedUp: (index, kind) => change(index, (row) => ({ ...row, followedUp: [...(row.followedUp ?? []), kind] })),
    startOver: () => setRows(freshRowsOf(sources)),
  };
}
