import { GMAIL_ORIGINS, isGmailUrl } from './gmail-reading';

// Which tabs show a webmail "Report this email" reads (issue 40). Small and
// pure: the service worker loads it for the menu entry and the shortcut.

/**
 * Outlook on the web's hosts: work and school accounts (outlook.office.com,
 * outlook.office365.com, and outlook.cloud.microsoft, where Microsoft moves
 * Microsoft 365's apps and the new Outlook opens) and personal ones
 * (outlook.live.com).
 */
const OUTLOOK_HOSTS = ['outlook.office.com', 'outlook.office365.com', 'outlook.cloud.microsoft', 'outlook.live.com'];

/** The pages the menu entry shows on: Gmail's mail app, Outlook's mail (`/mail/`, and `/owa/` of the older pages). */
export const WEBMAIL_PAGES = ['https://mail.google.com/mail/*', ...OUTLOOK_HOSTS.flatMap((host) => [`https://${host}/mail/*`, `https://${host}/owa/*`])];

/** A webmail tab: whose it is, and the host permission its reading needs (optional, asked per provider at the first click). */
export interface WebmailSite {
  provider: 'gmail' | 'outlook';
  origins: string;
  host: string;
}

/** The webmail a tab's address shows, or null for any other page (a look-alike host is another page). */
export function webmailOf(url: string | undefined): WebmailSite | null {
  if (isGmailUrl(url)) return { provider: 'gmail', origins: GMAIL_ORIGINS, host: 'mail.google.com' };
  const host = /^https:\/\/([a-z0-9.-]+)\/(?:mail|owa)\//.exec(url ?? '')?.[1];
  return host && OUTLOOK_HOSTS.includes(host) ? { provider: 'outlook', origins: `https://${host}/*`, host } : null;
}
