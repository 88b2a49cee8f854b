import { i18n } from '#i18n';
import { lazyComponent, pendingStatus } from '../ui/lazy';

/**
 * The Account section, loaded when it is first shown: the options page opens
 * on My reports or the connection far more often, and its module is compiled
 * before their first paint (docs/performance.md, My reports).
 */
export const LazyAccountSection = lazyComponent(
  () => import('./account-section').then((module) => module.AccountSection),
  pendingStatus(() => i18n.t('account.loading')),
);
