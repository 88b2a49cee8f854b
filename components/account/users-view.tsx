import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { countWithoutMfa, fullName, sortUsers } from '@/utils/account/users';
import type { User } from '@/utils/api/schemas/account';
import { askAccount, clientLabel, roleLabel } from './account-format';
import { useAccountAnswer } from './use-account-answer';
import { ProblemMessage } from '../ui/problem-message';

function mfaLabel(enabled: boolean | null): string {
  return i18n.t(enabled === true ? 'account.users.mfa_on' : enabled === false ? 'account.users.mfa_off' : 'account.users.mfa_unknown');
}

function UserRow({ user }: { user: User }): JSX.Element {
  const name = fullName(user);
  const roles = user.roles ?? [];
  return (
    <tr data-user={user.id}>
      <th scope="row" class={name ? undefined : 'badge-muted'}>
        {name ?? i18n.t('account.users.no_name')}
      </th>
      <td>{user.email ?? i18n.t('account.missing')}</td>
      <td>
        {roles.length === 0 ? (
          i18n.t('account.missing')
        ) : (
          <ul class="role-list">
            {roles.map((role) => (
              <li key={role}>{roleLabel(role)}</li>
            ))}
          </ul>
        )}
      </td>
      <td class={user.mfaEnabled === false ? 'mfa-off' : undefined}>{mfaLabel(user.mfaEnabled)}</td>
      <td>{clientLabel(user.clientId, user.clientName)}</td>
    </tr>
  );
}

/** The account's dashboard users: who they are, what they may do, and whether MFA protects them. */
export function UsersView(): JSX.Element {
  const { answer } = useAccountAnswer(() => askAccount((account) => account.users()));
  return (
    <section aria-labelledby="account-users-heading" class="account-part">
      <h3 id="account-users-heading">{i18n.t('account.users.heading')}</h3>
      {!answer ? (
        <p class="status status-pending" role="status">
          {i18n.t('account.users.loading')}
        </p>
      ) : !answer.ok ? (
        <ProblemMessage problem={answer.problem} />
      ) : answer.users.length === 0 ? (
        <p class="hint">{i18n.t('account.users.none')}</p>
      ) : (
        <>
          <p class="hint">{i18n.t('account.users.summary', [answer.users.length, countWithoutMfa(answer.users)])}</p>
          <div class="account-scroll">
            <table class="account-table users-table">
              <caption class="visually-hidden">{i18n.t('account.users.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{i18n.t('account.users.column_name')}</th>
                  <th scope="col">{i18n.t('account.users.column_email')}</th>
                  <th scope="col">{i18n.t('account.users.column_roles')}</th>
                  <th scope="col">{i18n.t('account.users.column_mfa')}</th>
                  <th scope="col">{i18n.t('account.users.column_client')}</th>
                </tr>
              </thead>
              <tbody>
                {sortUsers(answer.users).map((user) => (
                  <UserRow key={user.id} user={user} />
                ))}
              </tbody>
            </table>
          </div>
          {answer.skipped > 0 && <p class="hint">{i18n.t('account.skipped', answer.skipped)}</p>}
        </>
      )}
    </section>
  );
}
