import { i18n } from '#i18n';
import { lazyComponent, pendingStatus } from '../ui/lazy';

/**
 * The Webhooks section, loaded after the options page first paints: an
 * administrator's tool, it stays out of the JS the page loads before use
 * (docs/performance.md, Size).
 */
export const LazyWebhooksSection = lazyComponent(
  () => import('./webhooks-section').then((module) => module.WebhooksSection),
  pendingStatus(() => i18n.t('webhooks.loading')),
);
