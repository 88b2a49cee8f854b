import { i18n } from '#i18n';
import { lazyComponent, pendingStatus } from '../ui/lazy';

const loading = pendingStatus(() => i18n.t('settings.loading'));

/** The settings form, loaded after the options page first paints. */
export const LazySettingsForm = lazyComponent(() => import('./settings-form').then((module) => module.SettingsForm), loading);

/** Backup and restore, loaded after the options page first paints. */
export const LazyBackupSection = lazyComponent(() => import('./backup-section').then((module) => module.BackupSection), loading);
