import type { JSX } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { Problem } from '@/utils/problems/kinds';
import type { SendResult } from '@/utils/report/send';
import type { OutboxReport } from '@/utils/storage/report-types';
import { incidentStatusWords, reportStateWords } from '@/utils/incidents/incident-words';
import { isUnconfirmedReceipt } from '@/utils/report/outbox-state';
import { isWebLink } from '@/utils/indicators/web-link';
import { FocusableButton } from '../ui/focusable-button';
import { ProblemMessage } from '../ui/problem-message';

interface ReportResultProps {
  report: OutboxReport;
  /** Called with the report after "send again" or "check". */
  onChange?(report: OutboxReport): void;
}

const unreachable = (): SendResult => ({ ok: false, problem: { kind: 'background_unreachable' } });

/** A failed or unknown report says why, and so does one queued until the network is back; the others have nothing to say. */
export function shownProblem(report: Pick<OutboxReport, 'state' | 'lastProblem' | 'waitingForNetwork'>): Problem | null {
  const says = report.state === 'failed' || report.state === 'unknown' || (report.state === 'queued' && report.waitingForNetwork);
  return (says && report.lastProblem) || null;
}

/** The report as last told, and "send again" or "check" on it: busy while it runs, its problem when it could not, the focus kept in the result. */
function useReportActions(initial: OutboxReport, onChange: ReportResultProps['onChange']) {
  const [report, setReport] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const root = useRef<HTMLDivElement>(null);
  if (initial.updatedAt > report.updatedAt) setReport(initial);

  async function act(call: (id: string) => Promise<SendResult>): Promise<void> {
    setBusy(true);
    setProblem(null);
    const result = await call(report.id).catch(unreachable);
    setBusy(false);
    if (result.report) {
      setReport(result.report);
      onChange?.(result.report);
    }
    if (!result.ok && !result.report) setProblem(result.problem);
    // The pressed button may be gone ("Check" once the fate is known, both once sent): the focus stays on what is left.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body) (root.current?.querySelector('button') ?? root.current)?.focus();
    });
  }

  return { report, busy, problem, root, act };
}

/** The report's state, or a sent report's status at the service once known (as in My reports), with its incident, linked when the service gave a dashboard link. */
function ReportStatusLine({ report }: { report: OutboxReport }): JSX.Element {
  const { incident } = report;
  const serviceStatus = report.state === 'sent' && incident?.status;
  return (
    // Sent but its status not read yet: neutral, not the green of a known outcome (issue 44).
    <p class={report.state === 'sent' && !serviceStatus ? 'status status-awaiting' : 'status'} role="status">
      {serviceStatus ? incidentStatusWords(serviceStatus) : reportStateWords(report.state)}
      {incident && (
        <>
          {' · '}
          {isWebLink(incident.dashboardUrl) ? (
            <a href={incident.dashboardUrl} target="_blank" rel="noreferrer noopener">
              {i18n.t('report.result.incident', [incident.id])}
            </a>
          ) : (
            <span>{i18n.t('report.result.incident', [incident.id])}</span>
          )}
          {incident.status && !serviceStatus ? ` · ${incidentStatusWords(incident.status)}` : ''}
        </>
      )}
    </p>
  );
}

/**
 * What became of a report: its incident (linked when the service gave a
 * dashboard link), or why it failed, with "send again" (and "check" when it
 * may have arrived); a received report whose id could not be read says so,
 * with "look it up again" and never "send again".
 */
export function ReportResult({ report: initial, onChange }: ReportResultProps): JSX.Element {
  const { report, busy, problem, root, act } = useReportActions(initial, onChange);
  const service = () => getBackgroundService().reports;
  const lastProblem = shownProblem(report);
  return (
    <div ref={root} class={`report-result state-${report.state}`} data-report-state={report.state} data-report-id={report.id} tabIndex={-1}>
      <ReportStatusLine report={report} />
      {isUnconfirmedReceipt(report) && (
        <>
          <p class="hint">{i18n.t('report.result.unconfirmed')}</p>
          <div class="actions">
            <FocusableButton type="button" unavailable={busy} onClick={() => void act((id) => service().check(id))}>
              {i18n.t('report.result.look_up_again')}
            </FocusableButton>
          </div>
        </>
      )}
      {lastProblem && <ProblemMessage problem={lastProblem} role={null} />}
      {(report.state === 'failed' || report.state === 'unknown') && (
        <div class="actions">
          {report.state === 'unknown' && (
            <FocusableButton type="button" unavailable={busy} onClick={() => void act((id) => service().check(id))}>
              {i18n.t('report.result.check')}
            </FocusableButton>
          )}
          <FocusableButton type="button" unavailable={busy} onClick={() => void act((id) => service().sendAgain(id))}>
            {i18n.t('report.result.send_again')}
          </FocusableButton>
        </div>
      )}
      {problem && <ProblemMessage problem={problem} />}
    </div>
  );
}
