import { asciiHost, isUnder } from '../indicators/registrable';

// The big mail and bulk-mail providers relay mail for millions of senders: an
// email that entered the recipient's servers from one of them was sent from
// the provider's relay, not from the sender's own server. Told apart by the
// names of their relays (the reverse name the receiving server found).

/** The domains each provider names its outgoing relays under. */
const PROVIDER_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  Google: ['google.com', 'googlemail.com'],
  Microsoft: ['outlook.com', 'hotmail.com', 'outlook.office365.com', 'office365.us'],
  Yahoo: ['yahoo.com', 'yahoo.net', 'yahoodns.net', 'aol.com'],
  Apple: ['icloud.com', 'me.com', 'apple.com'],
  Zoho: ['zoho.com', 'zohomail.com', 'zoho.eu'],
  Yandex: ['yandex.net', 'yandex.ru'],
  'Mail.ru': ['mail.ru'],
  GMX: ['gmx.net', 'gmx.com', 'web.de', 'mail.com'],
  SendGrid: ['sendgrid.net'],
  Mailgun: ['mailgun.org', 'mailgun.net'],
  'Amazon SES': ['amazonses.com'],
  Mailchimp: ['mcsv.net', 'mcdlv.net', 'rsgsv.net', 'mailchimp.com', 'mandrillapp.com'],
  SparkPost: ['sparkpostmail.com'],
  Mailjet: ['mailjet.com'],
  Brevo: ['sendinblue.com', 'brevo.com'],
  Postmark: ['mtasv.net', 'postmarkapp.com'],
  Salesforce: ['exacttarget.com', 'salesforce.com'],
};

/** The provider whose relay a host name is under ("mail-sor-f41.google.com." → Google), or undefined. */
export function mailProvider(name: string | undefined): string | undefined {
  const host = asciiHost(name ?? '');
  if (!host) return undefined;
  return Object.keys(PROVIDER_DOMAINS).find((provider) => PROVIDER_DOMAINS[provider]!.some((domain) => isUnder(host, domain)));
}
