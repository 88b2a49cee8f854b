import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { AccountSection } from '../account/account-section';
import { ConnectionForm } from '../connection/connection-form';
import { ConnectionSummary } from '../connection/connection-summary';
import { useConnectionStatus } from '../connection/use-connection-status';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { LazyInsightsSection } from '../insights/lazy-insights-section';
import { MyReports } from '../my-reports/my-reports';
import { useReports } from '../my-reports/use-reports';
import { useSavedConnection } from '../reporting/use-saved-connection';
import { useSettings } from '../reporting/use-settings';
import { LazyBackupSection, LazySettingsForm } from '../settings/lazy-settings';
import { ThemePicker } from '../settings/theme-picker';
import { useManagedPolicy } from '../settings/use-managed-policy';
import { LazyWebhooksSection } from '../webhooks/lazy-webhooks-section';
import { focusSoon } from '../ui/focus-soon';
import { isManaged } from '@/utils/settings/managed';
import { ProblemMessage } from '../ui/problem-message';

/** The options page: connect the extension to the service. */
export function OptionsApp(): JSX.Element {
  const { status, setStatus, checking, pageProblem } = useConnectionStatus();
  const settings = useSettings();
  const connection = useSavedConnection();
  const managed = useManagedPolicy();
  // Read once for My reports and Insights.
  const sources = useReports();

  async function forget(): Promise<void> {
    if (!confirm(i18n.t('connection.forget_confirm'))) return;
    setStatus(await getBackgroundService().connection.forget());
    // This button goes with the connection: the focus goes to the form, empty again.
    focusSoon('baseUrl');
  }

  return (
    <main class="page">
      <header class="page-header">
        <img src="/icon/48.png" alt="" width={32} height={32} />
        <h1>{i18n.t('options.title')}</h1>
      </header>
      {isManaged(managed) && (
        <p class="notice managed-banner" role="note">
          {managed.managedBy ? i18n.t('managed.banner', [managed.managedBy]) : i18n.t('managed.banner_anonymous')}
        </p>
      )}
      <section aria-labelledby="connection-heading" class="card">
        <h2 id="connection-heading">{i18n.t('options.connection_heading')}</h2>
        {pageProblem && <ProblemMessage problem={pageProblem} />}
        <ConnectionSummary status={status} checking={checking} />
        {status && (
          // Remount only when a connection appears or goes, not when a live check changes its state mid-typing.
          <ConnectionForm key={status.state === 'not_configured' ? 'new' : 'saved'} status={status} onSaved={setStatus} managed={managed} />
        )}
        {status && status.state !== 'not_configured' && !managed.hasApiKey && (
          <button type="button" class="link-button" onClick={forget}>
            {i18n.t('connection.forget')}
          </button>
        )}
      </section>
      {status?.state === 'connected' && (
        <section aria-labelledby="account-heading" class="card account-card">
          <AccountSection key={`${status.baseUrl} ${status.keyHint}`} clients={status.clients} />
        </section>
      )}
      <section id="my-reports" aria-labelledby="reports-heading" class="card reports-card">
        <h2 id="reports-heading">{i18n.t('my_reports.heading')}</h2>
        <MyReports settings={settings} sources={sources} />
      </section>
      <section id="insights" aria-labelledby="insights-heading" class="card insights-card">
        <LazyInsightsSection sources={sources} clients={status?.state === 'connected' ? status.clients : []} includeAccountIncidents={settings?.includeAccountIncidents ?? false} />
      </section>
      {status?.state === 'connected' && (
        <section aria-labelledby="webhooks-heading" class="card webhooks-card">
          <LazyWebhooksSection key={`${status.baseUrl} ${status.keyHint}`} clients={status.clients} />
        </section>
      )}
      <section aria-labelledby="settings-heading" class="card">
        <h2 id="settings-heading">{i18n.t('settings.heading')}</h2>
        {settings && connection !== undefined && <LazySettingsForm settings={settings} connection={connection} managed={managed} />}
      </section>
      <section aria-labelledby="appearance-heading" class="card">
        <h2 id="appearance-heading">{i18n.t('appearance.heading')}</h2>
        <ThemePicker />
      </section>
      <section aria-labelledby="backup-heading" class="card">
        <h2 id="backup-heading">{i18n.t('backup.heading')}</h2>
        <LazyBackupSection />
      </section>
    </main>
  );
}
