import { findIndicators, type FoundIndicator } from '../indicators/find';
import type { IndicatorOptions } from '../indicators/types';
import { analyseEmail } from './analyse-email';
import type { TextFinder } from './email-indicators';
import { readEmail } from './email-reader';
import type { AttachedEmailBudget, EmailAnalysis, EmailAnalysisOptions, EmailMessage, EmailReadFailure, EmailReadNote } from './email-types';

// What the reading worker does with one email (email-worker.ts only wires
// it). It tells the page as it goes, so that a reading the time limit ends
// still shows what it read (issue 38): the email read, then its analysis
// without the indicators of its text, then with them as they are found.

/** What the page sends: the email's bytes (transferred), the settings the analysis needs, what its attached emails may take. */
export interface EmailJob {
  bytes: ArrayBuffer;
  fileName: string;
  options: EmailAnalysisOptions;
  /** Absent for an email dropped by the user: the whole budget. */
  budget?: AttachedEmailBudget;
}

/** The analysis without the message, which was sent once before it; `notes` are the message's notes as the analysis leaves them. */
export type EmailFindings = Omit<EmailAnalysis, 'message'> & { notes: EmailReadNote[] };

/** What the worker tells the page: the email could not be read; it was read; it was analysed, wholly (`done`) or as far as it went. */
export type EmailJobNews = { kind: 'failed'; failure: EmailReadFailure } | { kind: 'read'; message: EmailMessage } | { kind: 'analysed'; findings: EmailFindings; done: boolean };

/** How to tell the page: the news, and the buffers to transfer with it rather than copy. */
export type TellPage = (news: EmailJobNews, transfer?: Transferable[]) => void;

/** A text longer than this is searched a piece at a time, each piece's indicators told as found. */
const PIECE_CHARS = 50_000;

/** The least time between two reports of indicators found so far: each one copies the analysis to the page. */
const PROGRESS_MS = 1_000;

/** The text in pieces of about PIECE_CHARS, cut only after a blank line (no indicator spans one); a text this short, whole. */
export function textPieces(text: string): string[] {
  if (text.length <= PIECE_CHARS) return [text];
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    const blank = text.indexOf('\n\n', start + PIECE_CHARS);
    const end = blank === -1 ? text.length : blank + 2;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

/** A text finder that searches a piece at a time and hands `onPiece` what it has found so far after each one; each indicator once, as findIndicators gives it. */
export function findInPieces(onPiece: (soFar: FoundIndicator[]) => void, find: TextFinder = findIndicators): TextFinder {
  return (text: string, options: IndicatorOptions) => {
    const found: FoundIndicator[] = [];
    const seen = new Set<string>();
    for (const piece of textPieces(text)) {
      for (const indicator of find(piece, options)) {
        const key = indicator.check.ok ? `${indicator.check.indicator.type} ${indicator.check.indicator.value}` : `? ${indicator.text}`;
        if (seen.has(key)) continue;
        seen.add(key);
        found.push(indicator);
      }
      onPiece([...found]);
    }
    return found;
  };
}

/**
 * Reads and analyses one email, telling the page at each step: the message
 * (its attached emails' bytes transferred), its analysis without the text's
 * indicators, at most every PROGRESS_MS the analysis with those found so far,
 * and the whole analysis. `find`: what finds a text's indicators (a test
 * slows it down).
 */
export async function runEmailJob(job: EmailJob, tell: TellPage, find: TextFinder = findIndicators): Promise<void> {
  const read = await readEmail(new Uint8Array(job.bytes), job.fileName, job.budget).catch(() => ({ ok: false, failure: 'malformed' }) as const);
  if (!read.ok) return tell({ kind: 'failed', failure: read.failure });
  const { message } = read;
  // Each buffer once: the same one twice in a transfer list throws.
  tell({ kind: 'read', message }, [...new Set((message.attachedEmails ?? []).map(({ bytes }) => bytes.buffer as ArrayBuffer))]);
  const analysed = (finder: TextFinder, done: boolean) => {
    const { message: analysedMessage, ...rest } = analyseEmail(message, job.options, finder);
    tell({ kind: 'analysed', findings: { ...rest, notes: analysedMessage.notes }, done });
  };
  try {
    analysed(() => [], false);
    let told = Date.now();
    const tellSoFar = (soFar: FoundIndicator[]) => {
      if (Date.now() - told < PROGRESS_MS) return;
      analysed(() => soFar, false);
      told = Date.now();
    };
    analysed(findInPieces(tellSoFar, find), true);
  } catch {
    tell({ kind: 'failed', failure: 'malformed' });
  }
}
