import { useEffect, useState } from 'preact/hooks';
import { mergeSteps, stepsOfDraft, watchProgress, withProgress, type StepStates } from '@/utils/report/progress';
import type { OutboxReport } from '@/utils/storage/report-types';

/**
 * A report's steps as they happen (issue 11): what its record shows, refined
 * by every step the capture and the upload announce. Follows `report` as it
 * changes (its capture completing it).
 */
export function useReportSteps(report: Pick<OutboxReport, 'id' | 'capturing' | 'files' | 'captureProblems'>): StepStates {
  const [announced, setAnnounced] = useState<{ id: string; steps: StepStates }>({ id: report.id, steps: {} });
  useEffect(() => watchProgress(report.id, (progress) => setAnnounced((previous) => ({ id: report.id, steps: withProgress(previous.id === report.id ? previous.steps : {}, progress) }))), [report.id]);
  const recorded = stepsOfDraft(report);
  const live = announced.id === report.id ? announced.steps : {};
  return mergeSteps(recorded, live, Boolean(report.capturing));
}
