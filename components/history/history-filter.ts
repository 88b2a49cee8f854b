import type { OutboxReport, ReportState } from '@/utils/report/types';

/** What the report list is narrowed to: text in the subject or incident id, and states. */
export interface HistoryFilter {
  text: string;
  /** Empty: every state. */
  states: readonly ReportState[];
}

/** The reports matching the filter, in the order given (newest first). */
export function filterReports(reports: readonly OutboxReport[], filter: HistoryFilter): OutboxReport[] {
  const needle = filter.text.trim().toLowerCase();
  return reports.filter((report) => {
    if (filter.states.length > 0 && !filter.states.includes(report.state)) return false;
    if (!needle) return true;
    const haystack = [report.subject.value, report.incident?.id ?? '', report.fields.clientId ?? ''].join(' ').toLowerCase();
    return haystack.includes(needle);
  });
}
