import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { describeProblem } from '@/utils/messaging/problem-text';
import { askAccount, clientLabel, creditsLabel } from './account-format';
import { useAccountAnswer } from './use-account-answer';
import { FocusableButton } from '../ui/focusable-button';
import { messageLocale } from '@/utils/i18n/locale';

/** Remaining credits of every client of the key, asked fresh (the options page is where an administrator checks them). */
export function CreditsView(): JSX.Element {
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
        <p class="status status-pending" role="status">{i18n.t('account.credits.loading')}</p>
      ) : !answer.ok ? (
        <p class="problem" role="alert">{describeProblem(answer.problem)}</p>
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
              {answer.balances.map((balance) => (
                <tr key={balance.clientId} data-client={balance.clientId} data-credits={balance.credits.kind}>
                  <th scope="row">{clientLabel(balance.clientId, balance.clientName)}</th>
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
