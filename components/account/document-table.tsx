import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { AccountDocument } from '@/utils/api/schemas/document';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { DocumentRow } from './document-row';

interface DocumentTableProps {
  listed: { documents: AccountDocument[]; skipped: number };
  /** The saved client list, to name each document's client. */
  clients: readonly ClientSummary[];
}

/** The documents loaded so far, one row each. */
export function DocumentTable({ listed, clients }: DocumentTableProps): JSX.Element {
  if (listed.documents.length === 0 && listed.skipped === 0) return <p class="hint">{i18n.t('account.documents.none')}</p>;
  return (
    <>
      <div class="account-scroll">
        <table class="account-table documents-table">
          <caption class="visually-hidden">{i18n.t('account.documents.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{i18n.t('account.documents.column_file')}</th>
              <th scope="col">{i18n.t('account.documents.column_type')}</th>
              <th scope="col">{i18n.t('account.documents.column_client')}</th>
              <th scope="col">{i18n.t('account.documents.column_uploaded_by')}</th>
              <th scope="col">{i18n.t('account.documents.column_added')}</th>
              <th scope="col">{i18n.t('account.documents.column_updated')}</th>
              <th scope="col">{i18n.t('account.documents.column_download')}</th>
            </tr>
          </thead>
          <tbody>
            {listed.documents.map((doc) => (
              <DocumentRow key={doc.id} document={doc} clients={clients} />
            ))}
          </tbody>
        </table>
      </div>
      {listed.skipped > 0 && <p class="hint">{i18n.t('account.skipped', listed.skipped)}</p>}
    </>
  );
}
