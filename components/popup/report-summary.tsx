import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { EVIDENCE_RECORD_NAME } from '@/utils/evidence/record-name';
import type { OutboxReport } from '@/utils/storage/report-types';
import { formatFileSize } from '../shared/labels';

interface ReportSummaryProps {
  edit: Pick<OutboxReport, 'fields' | 'files'>;
  /** The evidence record is added when the report is queued. */
  withRecord: boolean;
}

/** Exactly what will be sent: every field, every file with its size, and the endpoint each send button posts to. */
export function ReportSummary({ edit, withRecord }: ReportSummaryProps): JSX.Element {
  const fields = Object.entries(edit.fields).filter(([, value]) => typeof value === 'string');
  const files = edit.files.filter((file) => file.role !== 'record');
  return (
    <details class="summary-box">
      <summary>{i18n.t('report.summary.title', [String(files.length + (withRecord ? 1 : 0))])}</summary>
      <p class="hint">{i18n.t('report.summary.endpoints', ['POST /v1/incident/tkd', 'POST /v1/incident/monitor'])}</p>
      <dl class="summary-fields">
        {fields.map(([name, value]) => (
          <div key={name}>
            <dt>
              <code>{name}</code>
            </dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ul class="file-list">
        {files.map((file, index) => (
          <li key={`${file.name}-${index}`}>
            <code>{file.name}</code> <span class="hint">({formatFileSize(file.blob.size)})</span>
          </li>
        ))}
        {withRecord && (
          <li>
            <code>{EVIDENCE_RECORD_NAME}</code> <span class="hint">{i18n.t('report.summary.record')}</span>
          </li>
        )}
      </ul>
    </details>
  );
}
