import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { ConnectionForm } from '../connection/connection-form';
import { ConnectionSummary } from '../connection/connection-summary';
import { useConnectionStatus } from '../connection/use-connection-status';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { describeProblem } from '@/utils/messaging/problem-text';
import { ReportHistory } from '../history/report-history';
import { useSavedConnection } from '../report/use-saved-connection';
import { useSettings } from '../report/use-settings';
import { SettingsForm } from '../settings/settings-form';

/** The options page: connect the extension to the service. */
export function OptionsApp(): JSX.Element {
  const { status, setStatus, checking, pageProblem } = useConnectionStatus();
  const settings = useSettings();
  const connection = useSavedConnection();

  async function forget(): Promise<void> {
    if (!confirm(i18n.t('connection.forget_confirm'))) return;
    setStatus(await getBackgroundService().connection.forget());
  }

  return (
    <main class="page">
      <header class="page-header">
        <img src="/icon/48.png" alt="" width={32} height={32} />
        <h1>{i18n.t('options.title')}</h1>
      </header>
      <section aria-labelledby="connection-heading" class="card">
        <h2 id="connection-heading">{i18n.t('options.connection_heading')}</h2>
        {pageProblem && (
          <p class="problem" role="alert">
            {describeProblem(pageProblem)}
          </p>
        )}
        <ConnectionSummary status={status} checking={checking} />
        {status && (
          // Remount only when a connection appears or goes, not when a live check changes its state mid-typing.
          <ConnectionForm key={status.state === 'not_configured' ? 'new' : 'saved'} status={status} onSaved={setStatus} />
        )}
        {status && status.state !== 'not_configured' && (
          <button type="button" class="link-button" onClick={forget}>
            {i18n.t('connection.forget')}
          </button>
        )}
      </section>
      <section aria-labelledby="reports-heading" class="card">
        <h2 id="reports-heading">{i18n.t('history.heading')}</h2>
        <ReportHistory />
      </section>
      <section aria-labelledby="settings-heading" class="card">
        <h2 id="settings-heading">{i18n.t('settings.heading')}</h2>
        {settings && connection !== undefined && <SettingsForm settings={settings} connection={connection} />}
      </section>
    </main>
  );
}
