import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { LazyAccountSection } from '../account/lazy-account-section';
import { ConnectionForm } from '../connection/connection-form';
import { ConnectionSummary } from '../connection/connection-summary';
import type { useConnectionStatus } from '../connection/use-connection-status';
import { LazyInsightsSection } from '../insights/lazy-insights-section';
import { MyReports } from '../my-reports/my-reports';
import type { ReportsView } from '../my-reports/use-reports';
import { LazySettingsForm } from '../settings/lazy-settings';
import { ThemePicker } from '../settings/theme-picker';
import { LazyWebhooksSection } from '../webhooks/lazy-webhooks-section';
import type { ManagedView } from '@/utils/settings/managed';
import type { Settings } from '@/utils/settings/settings';
import type { ConnectionStatus, SavedConnection } from '@/utils/storage/connection-types';
import { ProblemMessage } from '../ui/problem-message';
import { ConnectFirst } from './connect-first';
import { SetupChecklist } from './setup-checklist';

type Connected = Extract<ConnectionStatus, { state: 'connected' }>;

interface ConnectionCardProps {
  connection: ReturnType<typeof useConnectionStatus>;
  settings: Settings | null;
  managed: ManagedView;
  checklistHidden: boolean | null;
  onForget(): void;
}

/** The connection's card: its state, the setup checklist, the form, and "Forget" for a key the policy does not set. */
export function ConnectionCard({ connection: { status, setStatus, checking, pageProblem }, settings, managed, checklistHidden, onForget }: ConnectionCardProps): JSX.Element {
  const connected = status?.state === 'connected' ? status : null;
  return (
    <div class="card">
      {pageProblem && <ProblemMessage problem={pageProblem} />}
      <ConnectionSummary status={status} checking={checking} />
      {connected && settings && checklistHidden === false && <SetupChecklist settings={settings} />}
      {status && (
        // Remount only when a connection appears or goes, not when a live check changes its state mid-typing.
        <ConnectionForm key={status.state === 'not_configured' ? 'new' : 'saved'} status={status} onSaved={setStatus} managed={managed} />
      )}
      {status && status.state !== 'not_configured' && !managed.hasApiKey && (
        <button type="button" class="link-button" onClick={onForget}>
          {i18n.t('connection.forget')}
        </button>
      )}
    </div>
  );
}

/** "Reporting and evidence": the settings form, and the appearance a user picks once for their own use. */
export function ReportingCards({ settings, connection, managed }: { settings: Settings | null; connection: SavedConnection | null | undefined; managed: ManagedView }): JSX.Element {
  return (
    <>
      <div class="card">{settings && connection !== undefined && <LazySettingsForm settings={settings} connection={connection} managed={managed} />}</div>
      <section aria-labelledby="appearance-heading" class="card">
        <h3 id="appearance-heading">{i18n.t('appearance.heading')}</h3>
        <ThemePicker />
      </section>
    </>
  );
}

interface ReportsCardsProps {
  status: ConnectionStatus | null;
  settings: Settings | null;
  sources: ReportsView;
}

/** My reports and Insights; reports kept in this browser show without a connection too (imported from a backup, or made before it failed). */
export function ReportsCards({ status, settings, sources }: ReportsCardsProps): JSX.Element {
  const connected = status?.state === 'connected' ? status : null;
  const hasReports = Boolean(sources.reports?.length || sources.preview?.reports.length);
  return (
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
    </>
  );
}

/** The account's card, or what connecting first would show. */
export function AccountCard({ status }: { status: ConnectionStatus | null }): JSX.Element {
  const connected: Connected | null = status?.state === 'connected' ? status : null;
  return connected ? (
    <div class="card">
      <LazyAccountSection key={`${connected.baseUrl} ${connected.keyHint}`} connection={connected} />
    </div>
  ) : (
    <ConnectFirst status={status} preview={i18n.t('options.preview.account')} />
  );
}

/** The webhooks' card, or what connecting first would show. */
export function WebhooksCard({ status }: { status: ConnectionStatus | null }): JSX.Element {
  const connected: Connected | null = status?.state === 'connected' ? status : null;
  return connected ? (
    <div class="card webhooks-card">
      <LazyWebhooksSection key={`${connected.baseUrl} ${connected.keyHint}`} clients={connected.clients} />
    </div>
  ) : (
    <ConnectFirst status={status} preview={i18n.t('options.preview.webhooks')} />
  );
}
