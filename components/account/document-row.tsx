import type { JSX } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { AccountDocument } from '@/utils/api/schemas/document';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { clientWords } from '@/utils/incidents/incident-words';
import { isWebLink } from '@/utils/indicators/web-link';
import { describeProblem } from '@/utils/problems/sentences';
import type { Problem } from '@/utils/problems/kinds';
import { FocusableButton } from '../ui/focusable-button';
import { askAccount, documentTypeLabel, formatDay, uploaderLabel } from './account-format';

/** A download's failure in words: a 404 is "document not found" (spec: Documents), the rest as any problem. */
function downloadProblemText(problem: Problem): string {
  return problem.kind === 'not_found' ? i18n.t('account.documents.not_found') : describeProblem(problem);
}

/**
 * Asks the background for a fresh signed link at the moment of the click and
 * opens it at once: links are short-lived (spec: signed-url), so none is kept.
 */
async function openFreshLink(id: string): Promise<Problem | null> {
  const answer = await askAccount((account) => account.signedUrl(id));
  if (!answer.ok) return answer.problem;
  // Checked in the background too; a page opens nothing but http(s).
  if (!isWebLink(answer.url)) return { kind: 'unexpected_response', target: 'download_link' };
  window.open(answer.url, '_blank', 'noopener,noreferrer');
  return null;
}

/** One document on file (its client by name: the answer's, else the saved client list's), with its download button and, under it, why a download failed. */
export function DocumentRow({ document: doc, clients }: { document: AccountDocument; clients: readonly ClientSummary[] }): JSX.Element {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const name = doc.fileName ?? i18n.t('account.documents.no_file_name');
  const errorId = `document-${doc.id}-error`;

  async function download(): Promise<void> {
    setBusy(true);
    setProblem(null);
    setProblem(await openFreshLink(doc.id));
    setBusy(false);
  }

  return (
    <tr data-document={doc.id}>
      <th scope="row" class={doc.fileName ? undefined : 'badge-muted'}>
        {name}
      </th>
      <td>{documentTypeLabel(doc.docType)}</td>
      <td>{clientWords(doc.client?.id || doc.clientId, clients, doc.client?.name)}</td>
      <td>{uploaderLabel(doc.uploadedBy)}</td>
      <td class="nowrap">{formatDay(doc.createdAt)}</td>
      <td class="nowrap">{formatDay(doc.updatedAt)}</td>
      <td>
        <FocusableButton
          type="button"
          class="secondary"
          onClick={() => void download()}
          unavailable={busy}
          aria-label={i18n.t('account.documents.download_label', [doc.fileName ?? doc.id])}
          aria-describedby={problem ? errorId : undefined}
        >
          {i18n.t(busy ? 'account.documents.downloading' : 'account.documents.download')}
        </FocusableButton>
        {problem && (
          <p id={errorId} class="field-error" role="alert">
            {downloadProblemText(problem)}
          </p>
        )}
      </td>
    </tr>
  );
}
