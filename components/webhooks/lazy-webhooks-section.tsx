import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { ClientSummary } from '@/utils/storage/connection-types';
import type { WebhooksSection } from './webhooks-section';

/**
 * The Webhooks section, loaded after the options page first paints: an
 * administrator's tool, it stays out of the JS the page loads before use
 * (docs/performance.md, Size).
 */
export function LazyWebhooksSection(props: { clients: readonly ClientSummary[] }): JSX.Element {
  const [Section, setSection] = useState<typeof WebhooksSection | null>(null);
  useEffect(() => void import('./webhooks-section').then((module) => setSection(() => module.WebhooksSection)), []);
  if (Section) return <Section {...props} />;
  return (
    <p class="status status-pending" role="status">
      {i18n.t('webhooks.loading')}
    </p>
  );
}
