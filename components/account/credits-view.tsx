import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { askAccount, clientLabel, creditsLabel } from './account-format';
import { useAccountAnswer } from './use-account-answer';
import { FocusableButton } from '../ui/focusable-button';
import { messageLocale } from '@/utils/i18n/locale';
import type { ClientCredits } from '@/utils/account/credits';
import { parentsOf } from '@/utils/connection/client-tree';
import { orderClientTree } from '@/utils/connection/client-tree';
import type { ClientSummary } from '@/utils/storage/connection-types';
import { ProblemMessage } from '../ui/problem-message';

/** The balances with each sub-client's under its parent's, by the relations the saved connection knows. */
function inTreeOrder(balances: readonly ClientCredits[], clients: readonly ClientSummary[]) {
  const parents = parentsOf(clients);
  return orderClientTree(balances.map((balance) => ({ id: balance.clientId, parentClientId: parents.get(balance.clientId), balance })));
}

/** A parent's name as the usage answer or the connection gives it. */
function nameIn(clientId: string, balances: readonly ClientCredits[], clients: readonly ClientSummary[]): string {
  const name = balances.find((balance) => balance.clientId === clientId)?.clientName ?? clients.find((client) => client.id === clientId)?.name;
  return clientLabel(clientId, name);
}

/**
 * Remaining credits of every client of the key, asked fresh (the options page
 * is where an administrator checks them); sub-clients under their parent.
 */
export function CreditsView({ clients }: { clients: readonly ClientSummary[] }): JSX.Element {
  const { answer, loading, reload } = useAccountAnswer(() => askAccount((account) => account.usage()));
  return (
    <section aria-labelledby="account-credits-heading" class="account-part" aria-busy={loading}>
      <div class="account-part-header">
        <h3 id="account-credits-heading">{i18n.t('account.credits.heading')}</h3>
        <FocusableButton type="button" class="secondary" onClick={reload} unavailable={loading} aria-label={i18n.t('account.credits.refresh_label')}>
          {i18n.t('account.refresh')}
        </FocusableButton>
      </div>
      {!answer ? (
        <p class="status status-pending" role="status">
          {i18n.t('account.credits.loading')}
        </p>
      ) : !answer.ok ? (
        <ProblemMessage problem={answer.problem} />
      ) : answer.balances.length === 0 ? (
        <p class="hint">{i18n.t('account.credits.none')}</p>
      ) : (
        <>
          <table class="account-table credits-table">
            <caption class="visually-hidden">{i18n.t('account.credits.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n.t('account.credits.column_client')}</th>
                <th scope="col">{i18n.t('account.credits.column_credits')}</th>
              </tr>
            </thead>
            <tbody>
              {inTreeOrder(answer.balances, clients).map(({ client: { balance }, depth, parentId }) => (
                <tr key={balance.clientId} data-client={balance.clientId} data-credits={balance.credits.kind} data-parent-id={parentId ?? undefined}>
                  <th scope="row" class="client-depth" style={{ '--depth': depth }}>
                    {clientLabel(balance.clientId, balance.clientName)}
                    {parentId && <span class="visually-hidden">{`, ${i18n.t('client_kind.sub_client_of', [nameIn(parentId, answer.balances, clients)])}`}</span>}
                  </th>
                  <td class={`credits credits-${balance.credits.kind}`}>{creditsLabel(balance.credits)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {answer.skipped > 0 && <p class="hint">{i18n.t('account.skipped', answer.skipped)}</p>}
          <p class="hint">{i18n.t('account.credits.read_at', [new Intl.DateTimeFormat(messageLocale(), { timeStyle: 'short' }).format(answer.readAt)])}</p>
        </>
      )}
    </section>
  );
}
