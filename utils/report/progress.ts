import { createBroadcast } from './broadcast';
import { WHOLE_PAGE_NAME } from '../evidence/screenshot-name';
import type { FileRole, OutboxReport } from '../storage/report-types';

// A report's steps as they happen (issue 11: never a silent wait): the
// capture and the upload say each step on a BroadcastChannel of their own,
// which every extension page shares with the worker. Nothing is stored: a
// page follows the steps it sees, and the report's state says the rest.

const progressBroadcast = createBroadcast<ReportProgress>('takedown-reporter.progress');

/** The steps of a report, in order: the screenshot taken, stamped, the page's evidence collected, the whole page (when the setting asks, issue 41), the upload. */
export const PROGRESS_STEPS = ['capture', 'stamp', 'collect', 'whole_page', 'upload'] as const;
export type ProgressStep = (typeof PROGRESS_STEPS)[number];
type StepState = 'active' | 'done' | 'failed';

/** One step of one report changed. */
export interface ReportProgress {
  id: string;
  step: ProgressStep;
  state: StepState;
  /** The upload's size: the files sent with the report. */
  bytes?: number;
  /** The seconds the whole page took: a report that took long says so. */
  seconds?: number;
}

/** Says how a step of a capture or upload went, where the caller has a report to say it of. */
export type ProgressReporter = (step: ProgressStep, state: StepState, bytes?: number, seconds?: number) => void;

/** Each step's state, as far as is known. */
export type StepStates = Partial<Record<ProgressStep, { state: StepState; bytes?: number; seconds?: number }>>;

/**
 * The steps a draft's record shows: a capture under way has its parts active;
 * a finished one has them done, or failed where its problems say so. Steps
 * announced meanwhile refine this (`withProgress`); a page that opened late
 * still shows where the report is.
 */
export function stepsOfDraft(report: Pick<OutboxReport, 'capturing' | 'files' | 'captureProblems'>): StepStates {
  if (report.capturing) return { capture: { state: 'active' }, collect: { state: 'active' } };
  const failed = (what: 'screenshot' | 'page' | 'whole_page') => (report.captureProblems ?? []).some((problem) => problem.kind === 'capture_failed' && problem.what === what);
  const has = (roles: FileRole[]) => report.files.some((file) => roles.includes(file.role));
  const steps: StepStates = {};
  if (has(['screenshot'])) steps.capture = steps.stamp = { state: 'done' };
  else if (failed('screenshot')) steps.capture = { state: 'failed' };
  if (has(['page_source', 'page_details'])) steps.collect = { state: 'done' };
  else if (failed('page')) steps.collect = { state: 'failed' };
  if (report.files.some((file) => file.name.startsWith(WHOLE_PAGE_NAME))) steps.whole_page = { state: 'done' };
  else if (failed('whole_page')) steps.whole_page = { state: 'failed' };
  return steps;
}

/** The steps after one more was announced. */
export function withProgress(steps: StepStates, progress: Pick<ReportProgress, 'step' | 'state' | 'bytes' | 'seconds'>): StepStates {
  const bytes = progress.bytes ?? steps[progress.step]?.bytes;
  const { seconds } = progress;
  return { ...steps, [progress.step]: { state: progress.state, ...(bytes === undefined ? {} : { bytes }), ...(seconds === undefined ? {} : { seconds }) } };
}

/**
 * The steps to show: what was announced refines the record while the capture
 * runs, and the record wins once it is over (a late announcement never undoes
 * it). A screenshot being stamped was taken, whatever the record still says.
 */
export function mergeSteps(recorded: StepStates, announced: StepStates, capturing: boolean): StepStates {
  const steps = capturing ? { ...recorded, ...announced } : { ...announced, ...recorded };
  if (steps.stamp && steps.capture?.state === 'active') steps.capture = { state: 'done' };
  return steps;
}

/** Tells every open extension page that a step of report `id` started, ended or failed. */
export function announceProgress(progress: ReportProgress): void {
  progressBroadcast.announce(progress);
}

/** A ProgressReporter that announces the steps of report `id`. */
export function progressOf(id: string): ProgressReporter {
  // A size or time not said goes as undefined: withProgress keeps the one said before.
  return (step, state, bytes, seconds) => announceProgress({ id, step, state, bytes, seconds });
}

/** Calls back on each step of report `id` announced in another context; returns the unsubscribe. */
export function watchProgress(id: string, callback: (progress: ReportProgress) => void): () => void {
  return progressBroadcast.watch((progress) => {
    if (progress?.id === id) callback(progress);
  });
}
