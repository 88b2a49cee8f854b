import type { ComponentChildren, JSX } from 'preact';
import { useState } from 'preact/hooks';
import type { Problem } from '@/utils/problems/kinds';
import type { ClientSummary } from '@/utils/storage/connection-types';
import type { OutboxReport } from '@/utils/storage/report-types';
import { lazyComponent } from '../ui/lazy';
import { SendBar } from './send-bar';
import { describeSending } from './send-summary';
import type { useReportFiles } from './use-report-files';

/**
 * What the send bar opens (evidence, files, client, what will be sent): its
 * code loads after the popup's first paint, and it renders, hidden, once
 * loaded (issue 43: half the elements of the popup's first render, all of
 * them hidden, and their code parsed before the form answered).
 */
const ReportDetails = lazyComponent(() => import('./report-details').then((module) => module.ReportDetails));

/** The details the send bar opens. */
const DETAILS_ID = 'report-details';

interface ReportSendSectionProps {
  evidence: ReturnType<typeof useReportFiles>;
  captureProblems: readonly Problem[];
  /** The report as it would go now; null while the subject is not valid. */
  edit: Pick<OutboxReport, 'fields' | 'files'> | null;
  /** The draft as it was opened: its fields until the subject is valid, and whether it has an evidence record. */
  initial: Pick<OutboxReport, 'fields' | 'evidence'>;
  clients: readonly ClientSummary[];
  clientId: string;
  onClientChange(clientId: string): void;
  /** Why the last send did not go. */
  problem: Problem | null;
  /** The send buttons. */
  children: ComponentChildren;
}

/** The send bar and the details it opens and closes (evidence, files, client, what will be sent) (issue 21). */
export function ReportSendSection({ evidence, captureProblems, edit, initial, clients, clientId, onClientChange, problem, children }: ReportSendSectionProps): JSX.Element {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div id={DETAILS_ID} class="report-details" hidden={!open}>
        <ReportDetails
          evidence={evidence}
          captureProblems={captureProblems}
          fields={edit?.fields ?? initial.fields}
          clients={clients}
          clientId={clientId}
          onClientChange={onClientChange}
          edit={edit}
          withRecord={Boolean(initial.evidence)}
        />
      </div>
      <SendBar
        detailsId={DETAILS_ID}
        open={open}
        onToggle={() => setOpen((previous) => !previous)}
        summary={describeSending({ files: evidence.files, included: evidence.included, clientId, clients })}
        refused={evidence.refused.length > 0}
        problem={problem}
        clientId={clientId}
      >
        {children}
      </SendBar>
    </>
  );
}
