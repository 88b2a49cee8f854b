import type { JSX } from 'preact';
import type { Problem } from '@/utils/problems/kinds';
import type { ClientSummary } from '@/utils/storage/connection-types';
import type { OutboxReport } from '@/utils/storage/report-types';
import { ClientPicker } from '../shared/client-picker';
import { EvidencePicker } from '../reporting/evidence-picker';
import { ReportSummary } from './report-summary';
import type { useReportFiles } from './use-report-files';

interface ReportDetailsProps {
  evidence: ReturnType<typeof useReportFiles>;
  captureProblems: readonly Problem[];
  /** The report's fields as the form has them: added files are checked against them. */
  fields: OutboxReport['fields'];
  clients: readonly ClientSummary[];
  clientId: string;
  onClientChange(clientId: string): void;
  /** The report as it would go now; null while the subject is not valid. */
  edit: Pick<OutboxReport, 'fields' | 'files'> | null;
  withRecord: boolean;
}

/** What the send bar's summary opens: the evidence and the user's files, the client, and exactly what will be sent. */
export function ReportDetails({ evidence, captureProblems, fields, clients, clientId, onClientChange, edit, withRecord }: ReportDetailsProps): JSX.Element {
  return (
    <>
      <EvidencePicker
        files={evidence.files}
        included={evidence.included}
        onToggle={evidence.toggle}
        onAddFiles={(added) => evidence.add(added, fields)}
        onRemoveExtra={evidence.removeExtra}
        refused={evidence.refused}
        captureProblems={captureProblems}
      />
      <ClientPicker id="report-client" clients={clients} value={clientId} onChange={onClientChange} />
      {edit && <ReportSummary edit={edit} withRecord={withRecord} />}
    </>
  );
}
