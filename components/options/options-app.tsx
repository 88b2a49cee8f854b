import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { useConnectionStatus } from '../connection/use-connection-status';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { OptionsSection as Section } from '@/utils/messaging/protocol';
import { useReports } from '../my-reports/use-reports';
import { useSavedConnection } from '../shared/use-saved-connection';
import { useSettings } from '../shared/use-settings';
import { LazyBackupSection } from '../settings/lazy-settings';
import { PolicyView } from '../settings/policy-view';
import { useManagedPolicy } from '../settings/use-managed-policy';
import { focusSoon } from '../ui/focus-soon';
import { isManaged, type ManagedView } from '@/utils/settings/managed';
import { AboutView } from './about-view';
import { OptionsNav } from './options-nav';
import { forgetPopupShell } from '../popup/kept-render';
import { forgetKeptReports } from '../my-reports/kept-reports';
import { OptionsSection } from './options-section';
import { AccountCard, ConnectionCard, ReportingCards, ReportsCards, WebhooksCard } from './section-cards';
import { ShowChecklistButton, useChecklistHidden } from './setup-checklist';
import { useSection } from './use-section';

/** The banner saying the organisation's policy manages some settings, by whom when it says. */
function ManagedBanner({ managed }: { managed: ManagedView }): JSX.Element | null {
  if (!isManaged(managed)) return null;
  return (
    <p class="notice managed-banner" role="note">
      {managed.managedBy ? i18n.t('managed.banner', [managed.managedBy]) : i18n.t('managed.banner_anonymous')}
    </p>
  );
}

/** Backup, and the policy the organisation sets. */
function BackupCards({ managed }: { managed: ManagedView }): JSX.Element {
  return (
    <>
      <section aria-labelledby="backup-heading" class="card">
        <h3 id="backup-heading">{i18n.t('backup.heading')}</h3>
        <LazyBackupSection />
      </section>
      <section aria-labelledby="policy-heading" class="card">
        <h3 id="policy-heading">{i18n.t('policy.heading')}</h3>
        <PolicyView managed={managed} />
      </section>
    </>
  );
}

/**
 * The options page: its sections in a navigation, one shown at a time
 * (options-section.tsx says why), each at its own fragment. Appearance sits
 * in "Reporting and evidence" with the other choices a user makes once for
 * their own use; "About" holds what is read, not set.
 */
export function OptionsApp(): JSX.Element {
  const connection = useConnectionStatus();
  const { status, setStatus } = connection;
  const settings = useSettings();
  const saved = useSavedConnection();
  const managed = useManagedPolicy();
  // Read once for My reports and Insights.
  const sources = useReports();
  const { current, visited } = useSection();
  const checklistHidden = useChecklistHidden();
  const sectionProps = (id: Section) => ({ section: id, current, visited: visited.has(id) });

  async function forget(): Promise<void> {
    if (!confirm(i18n.t('connection.forget_confirm'))) return;
    setStatus(await getBackgroundService().connection.forget());
    forgetPopupShell();
    forgetKeptReports();
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
          <ManagedBanner managed={managed} />
          <OptionsSection {...sectionProps('connection')}>
            <ConnectionCard connection={connection} settings={settings} managed={managed} checklistHidden={checklistHidden} onForget={forget} />
          </OptionsSection>
          <OptionsSection {...sectionProps('reporting')}>
            <ReportingCards settings={settings} connection={saved} managed={managed} />
          </OptionsSection>
          <OptionsSection {...sectionProps('reports')}>
            <ReportsCards status={status} settings={settings} sources={sources} />
          </OptionsSection>
          <OptionsSection {...sectionProps('account')}>
            <AccountCard status={status} />
          </OptionsSection>
          <OptionsSection {...sectionProps('webhooks')}>
            <WebhooksCard status={status} />
          </OptionsSection>
          <OptionsSection {...sectionProps('backup')}>
            <BackupCards managed={managed} />
          </OptionsSection>
          <OptionsSection {...sectionProps('about')}>
            <div class="card">
              <AboutView status={status} />
              <ShowChecklistButton />
            </div>
          </OptionsSection>
        </main>
      </div>
    </div>
  );
}
