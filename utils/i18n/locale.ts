import { i18n } from '#i18n';

/**
 * The language the messages are shown in: the browser's, when we have it,
 * else English (the default locale). Dates, times and numbers are formatted
 * in it, so they read like the sentence around them.
 */
export function messageLocale(): string {
  return i18n.t('language_tag') || 'en';
}

/** Declares the page's language, for screen readers and hyphenation. */
export function declarePageLanguage(root: HTMLElement = document.documentElement): void {
  root.lang = messageLocale();
}
