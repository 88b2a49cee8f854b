import { describe, expect, it } from 'vitest';
import { defaultActionOf } from '@/utils/email/default-action';
import type { EmailFinding } from '@/utils/email/email-types';

// The action an email's indicator starts with in the review window (issue 44):
// a takedown for what removes the scam, monitoring for what a takedown does
// not fit; never a takedown when the user's default is monitoring.

const finding = (type: 'url' | 'email' | 'domain' | 'phone' | 'ipv4', value: string, where: EmailFinding['where']): Pick<EmailFinding, 'check' | 'where'> => ({
  check: { ok: true, indicator: { type, value, warnings: [] } },
  where,
});

describe('the action an email’s indicator starts with', () => {
  it.each<[string, Pick<EmailFinding, 'check' | 'where'>, 'tkd' | 'monitor', 'tkd' | 'monitor']>([
    ['a landing page', finding('url', 'https://examplebank-verify.com/login', ['link']), 'tkd', 'monitor'],
    ['a URL in the text', finding('url', 'https://evil.example/b', ['body']), 'tkd', 'monitor'],
    ['a lookalike domain', finding('domain', 'examplebank-secure.com', ['from']), 'tkd', 'monitor'],
    ['the scammer’s own address', finding('email', 'security@examplebank-secure.com', ['from']), 'tkd', 'monitor'],
    ['the sending server’s IPv4', finding('ipv4', '185.234.72.19', ['received']), 'monitor', 'monitor'],
    ['the sending server’s IPv4, written in the text too', finding('ipv4', '185.234.72.19', ['body', 'received']), 'monitor', 'monitor'],
    ['an IPv4 the email loads an image from', finding('ipv4', '198.51.100.77', ['resource']), 'tkd', 'monitor'],
    ['a phone number', finding('phone', '+442079460321', ['body']), 'monitor', 'monitor'],
    ['a free-mail Reply-To', finding('email', 'ms.recovery.desk@outlook.com', ['reply_to']), 'monitor', 'monitor'],
    ['a free-mail From', finding('email', 'ceo.office@gmail.com', ['from']), 'monitor', 'monitor'],
    ['an address on a domain merely under a free-mail name', finding('email', 'desk@gmail.com.evil.example', ['reply_to']), 'tkd', 'monitor'],
    ['a free-mail service’s domain (not an address on it)', finding('domain', 'gmail.com', ['body']), 'tkd', 'monitor'],
    ['a link on a free-mail service', finding('url', 'https://outlook.com/owa', ['link']), 'tkd', 'monitor'],
  ])('%s: %s with takedown as the default, monitor with monitoring', (_name, found, withTakedown, withMonitor) => {
    expect([defaultActionOf(found, 'tkd'), defaultActionOf(found, 'monitor')]).toEqual([withTakedown, withMonitor]);
  });

  it('leaves an invalid indicator on the settings’ action (it cannot be reported)', () => {
    const invalid: Pick<EmailFinding, 'check' | 'where'> = { check: { ok: false, type: 'phone', problem: 'phone_invalid' }, where: ['body'] };
    expect(defaultActionOf(invalid, 'tkd')).toBe('tkd');
  });
});
