import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { LazyAccountSection } from '../account/lazy-account-section';
import { ConnectionForm } from '../connection/connection-form';
import { ConnectionSummary } from '../connection/connection-summary';
import { useConnectionStatus } from '../connection/use-connection-status';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { OptionsSection as Section } from '@/utils/messaging/protocol';
import { LazyInsightsSection } from '../insights/lazy-insights-section';
import { MyReports } from '../my-reports/my-reports';
import { useReports } from '../my-reports/use-reports';
import { useSavedConnection } from '../shared/use-saved-connection';
import { useSettings } from '../shared/use-settings';
import { LazyBackupSection, LazySettingsForm } from '../settings/lazy-settings';
import { PolicyView } from '../settings/policy-view';
import { ThemePicker } from '../settings/theme-picker';
import { useManagedPolicy } from '../settings/use-managed-policy';
import { LazyWebhooksSection } from '../webhooks/lazy-webhooks-section';
import { focusSoon } from '../ui/focus-soon';
import { isManaged } from '@/utils/settings/managed';
import { ProblemMessage } from '../ui/problem-message';
import { AboutView } from './about-view';
import { ConnectFirst } from './connect-first';
import { OptionsNav } from './options-nav';
import { forgetPopupShell } from '../popup/kept-render';
import { OptionsSection } from './options-section';
import { SetupChecklist, ShowChecklistButton, useChecklistHidden } from './setup-checklist';
import { useSection } from './use-section';

/**
 * The options page: its sections in a navigation, one shown at a time
 * (options-section.tsx says why), each at its own fragment. Appearance sits
 * in "Reporting and evidence" with the other choices a user makes once for
 * their own use; "About" holds what is read, not set.
 */
export function OptionsApp(): JSX.Element {
  const { status, setStatus, checking, pageProblem } = useConnectionStatus();
  const settings = useSettings();
  const connection = useSavedConnection();
  const managed = useManagedPolicy();
  // Read once for My reports and Insights.
  const sources = useReports();
  const { current, visited } = useSection();
  const connected = status?.state === 'connected' ? status : null;
  const checklistHidden = useChecklistHidden();
  // Reports kept in this browser show without a connection too (imported from a backup, or made before it failed).
  const hasReports = Boolean(sources.reports?.length || sources.preview?.reports.length);
  const section = (id: Section, children: JSX.Element) => (
    <OptionsSection section={id} current={current} visited={visited.has(id)}>
      {children}
    </OptionsSection>
  );

  async function forget(): Promise<void> {
    if (!confirm(i18n.t('connection.forget_confirm'))) return;
    setStatus(await getBackgroundService().connection.forget());
    forgetPopupShell();
    // This button goes with the connection: the focus goes to the form, empty again.
    focusSoon('baseUrl');
  }

  return (
    <div class="page options-page">
      <header class="page-header">
        <img src="/icon/48.png" alt="" width={32} height={32} />
        <h1>{i18n.t('options.title')}</h1>
      </header>
      <div class="options-layout">
        <OptionsNav current={current} />
        <main class="options-main">
          {isManaged(managed) && (
            <p class="notice managed-banner" role="note">
              {managed.managedBy ? i18n.t('managed.banner', [managed.managedBy]) : i18n.t('managed.banner_anonymous')}
            </p>
          )}
          {section(
            'connection',
            <div class="card">
              {pageProblem && <ProblemMessage problem={pageProblem} />}
              <ConnectionSummary status={status} checking={checking} />
              {connected && settings && checklistHidden === false && <SetupChecklist settings={settings} />}
              {status && (
                // Remount only when a connection appears or goes, not when a live check changes its state mid-typing.
                <ConnectionForm key={status.state === 'not_configured' ? 'new' : 'saved'} status={status} onSaved={setStatus} managed={managed} />
              )}
              {status && status.state !== 'not_configured' && !managed.hasApiKey && (
                <button type="button" class="link-button" onClick={forget}>
                  {i18n.t('connection.forget')}
                </button>
              )}
            </div>,
          )}
          {section(
            'reporting',
            <>
              <div class="card">{settings && connection !== undefined && <LazySettingsForm settings={settings} connection={connection} managed={managed} />}</div>
              <section aria-labelledby="appearance-heading" class="card">
                <h3 id="appearance-heading">{i18n.t('appearance.heading')}</h3>
                <ThemePicker />
              </section>
            </>,
          )}
          {section(
            'reports',
            <>
              {!connected && <ConnectFirst status={status} preview={i18n.t('options.preview.reports')} />}
              {(connected || hasReports) && (
                <>
                  <div id="my-reports" class="card">
                    <MyReports settings={settings} sources={sources} />
                  </div>
                  <section id="insights" aria-labelledby="insights-heading" class="card">
                    <LazyInsightsSection sources={sources} clients={connected?.clients ?? []} includeAccountIncidents={settings?.includeAccountIncidents ?? false} />
                  </section>
                </>
              )}
            </>,
          )}
          {section(
            'account',
            connected ? (
              <div class="card">
                <LazyAccountSection key={`${connected.baseUrl} ${connected.keyHint}`} connection={connected} />
              </div>
            ) : (
              <ConnectFirst status={status} preview={i18n.t('options.preview.account')} />
            ),
          )}
          {section(
            'webhooks',
            connected ? (
              <div class="card webhooks-card">
                <LazyWebhooksSection key={`${connected.baseUrl} ${connected.keyHint}`} clients={connected.clients} />
              </div>
            ) : (
              <ConnectFirst status={status} preview={i18n.t('options.preview.webhooks')} />
            ),
          )}
          {section(
            'backup',
            <>
              <section aria-labelledby="backup-heading" class="card">
                <h3 id="backup-heading">{i18n.t('backup.heading')}</h3>
                <LazyBackupSection />
              </section>
              <section aria-labelledby="policy-heading" class="card">
                <h3 id="policy-heading">{i18n.t('policy.heading')}</h3>
                <PolicyView managed={managed} />
              </section>
            </>,
          )}
          {section(
            'about',
            <div class="card">
              <AboutView status={status} />
              <ShowChecklistButton />
            </div>,
          )}
        </main>
      </div>
    </div>
  );
}
