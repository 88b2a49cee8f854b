// The wire between the extension's pages and its background: one message
// shape, read by utils/messaging/router.ts. No zod here: pages import this.

/** Marks our calls; any other runtime message is ignored by the background. */
export const CALL_CHANNEL = 'takedown-reporter/call';

/** The extension pages that may call the background, by the path they are served at. */
export const PAGE_PATHS = {
  popup: '/popup.html',
  options: '/options.html',
  review: '/review.html',
  incident: '/incident.html',
} as const;

export type Page = keyof typeof PAGE_PATHS;

/**
 * The options page's sections, in the order its navigation lists them. Each
 * opens at its fragment (`options.html#reports`): the popup, the other pages
 * and the notifications link to the one that holds what they are about.
 */
export const OPTIONS_SECTIONS = ['connection', 'reporting', 'reports', 'account', 'webhooks', 'backup', 'about'] as const;

export type OptionsSection = (typeof OPTIONS_SECTIONS)[number];

/** The options page opened on one section: `/options.html#reports`. */
export function optionsPath(section: OptionsSection): `/options.html#${OptionsSection}` {
  return `${PAGE_PATHS.options}#${section}`;
}

/** A page's call: `method` is `area.method` of BackgroundService, `args` its arguments. */
export interface CallMessage {
  channel: typeof CALL_CHANNEL;
  method: string;
  args: unknown[];
}

/**
 * The background's answer to a call from one of our pages. `refused`: the
 * page may not make this call or its arguments were not valid; `failed`: the
 * call threw (no message crosses: it might carry what a page must not see).
 */
export type CallAnswer = { ok: true; value: unknown } | { ok: false; error: 'refused' | 'failed' };
