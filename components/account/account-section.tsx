import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { CreditsView } from './credits-view';
import { DocumentsView } from './documents-view';
import { UsersView } from './users-view';

/** The account, read-only as the API is: remaining credits, dashboard users and documents on file. */
export function AccountSection({ clients }: { clients: readonly ClientSummary[] }): JSX.Element {
  return (
    <>
      <h2 id="account-heading">{i18n.t('account.heading')}</h2>
      <CreditsView clients={clients} />
      <UsersView />
      <DocumentsView clients={clients} />
    </>
  );
}
