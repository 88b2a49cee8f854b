// Mail services anyone can sign up to. An address there says nothing of who
// writes (a "CEO" on gmail.com is the classic executive impersonation), and
// the service's own domain is never what to report. A short list of the
// biggest, not a directory: a miss only means one warning fewer.

const FREE_MAIL = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'yahoo.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'gmx.com',
  'gmx.net',
  'mail.com',
  'proton.me',
  'protonmail.com',
  'yandex.com',
  'mail.ru',
  'qq.com',
  '163.com',
  'zoho.com',
]);

/** True when the (ASCII, lower-case) host is a free-mail service's domain. */
export function isFreeMail(host: string): boolean {
  return FREE_MAIL.has(host);
}
