import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { ClientList } from '../connection/client-list';
import { CreditsView } from './credits-view';
import { DocumentsView } from './documents-view';
import { UsersView } from './users-view';

type AccountSectionProps = { connection: Pick<SavedConnection, 'clients' | 'clientsSource' | 'skippedClients' | 'clientsProblem'> };

/**
 * The account, read-only as the API is, under the Account section's heading:
 * the clients the key reports for (sub-clients inside their parent), remaining
 * credits, dashboard users and documents on file.
 */
export function AccountSection({ connection }: AccountSectionProps): JSX.Element {
  return (
    <>
      <section aria-labelledby="account-clients-heading" class="account-part">
        <h3 id="account-clients-heading">{i18n.t('account.clients_heading')}</h3>
        <ClientList {...connection} />
      </section>
      <CreditsView clients={connection.clients} />
      <UsersView />
      <DocumentsView clients={connection.clients} />
    </>
  );
}
