import { describe, expect, it, vi } from 'vitest';
import { findInPieces, runEmailJob, textPieces, type EmailJob, type EmailJobNews } from '@/utils/email/email-job';
import { findIndicators } from '@/utils/indicators/find';

// The reading worker's job (utils/email/email-job.ts) tells the page what it
// has at each step (issue 38): the email read, its analysis without the
// indicators of its text, those found so far, then the whole analysis.

const encoder = new TextEncoder();

/** A phishing email: the sender's and the replies' addresses in its headers, a link and a phone number in its text. */
const LOCKED = [
  'From: "Example Bank" <alerts@examplebank-secure.example>',
  'Reply-To: <help@helpdesk-mailer.example>',
  'To: pat@recipient.test',
  'Subject: Your account is locked',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Unlock it at https://unlock.examplebank-secure.example/now',
  'or call +44 20 7946 0321.',
  '',
].join('\r\n');

/** A job for the email `text`, its bytes as the page transfers them. */
function jobOf(text: string): EmailJob {
  return { bytes: encoder.encode(text).buffer, fileName: 'locked.eml', options: { ownDomains: [] } };
}

/** The values of the indicators an analysis news lists, in order. */
function values(news: EmailJobNews): string[] {
  return news.kind === 'analysed' ? news.findings.findings.map(({ check, text }) => (check.ok ? check.indicator.value : text)) : [];
}

describe('runEmailJob', () => {
  it('tells the message, then the indicators of its headers and links, then those of its text too', async () => {
    const told: EmailJobNews[] = [];
    await runEmailJob(jobOf(LOCKED), (news) => told.push(news));
    expect(told.map((news) => (news.kind === 'analysed' ? `analysed${news.done ? ', done' : ''}` : news.kind))).toEqual(['read', 'analysed', 'analysed, done']);
    expect(told[0]?.kind === 'read' && told[0].message.subject).toBe('Your account is locked');
    const headersOnly = ['alerts@examplebank-secure.example', 'examplebank-secure.example', 'help@helpdesk-mailer.example', 'helpdesk-mailer.example', 'https://unlock.examplebank-secure.example/now'];
    expect(values(told[1]!)).toEqual(headersOnly);
    expect(values(told[2]!)).toEqual([...headersOnly, '+442079460321']);
  });

  it('hands the attached emails’ bytes over with the message, each buffer once', async () => {
    const attached = Buffer.from('From: a@orig.example\r\nSubject: Original\r\n\r\nHi.\r\n').toString('base64');
    const part = (name: string) => ['--b', 'Content-Type: message/rfc822', `Content-Disposition: attachment; filename="${name}"`, 'Content-Transfer-Encoding: base64', '', attached];
    const email = [
      'From: fwd@examplebank.com',
      'Subject: FW',
      'Content-Type: multipart/mixed; boundary="b"',
      '',
      '--b',
      'Content-Type: text/plain',
      '',
      'See attached.',
      ...part('one.eml'),
      ...part('two.eml'),
      '--b--',
      '',
    ].join('\r\n');
    const transfers: Transferable[][] = [];
    await runEmailJob(jobOf(email), (news, transfer = []) => {
      if (news.kind === 'read') transfers.push(transfer);
    });
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.length).toBeGreaterThan(0);
    expect(transfers[0]!.every((buffer) => buffer instanceof ArrayBuffer)).toBe(true);
    expect(new Set(transfers[0]).size).toBe(transfers[0]!.length);
  });

  it('has told the headers, the warnings and the indicators of the links before the indicators of the text are looked for', async () => {
    const told: EmailJobNews[] = [];
    const seenBefore: string[][] = [];
    await runEmailJob(
      jobOf(LOCKED),
      (news) => told.push(news),
      (text, options) => {
        seenBefore.push(told.map((news) => news.kind));
        return findIndicators(text, options);
      },
    );
    expect(seenBefore).toEqual([['read', 'analysed']]);
    const partial = told[1];
    expect(partial?.kind === 'analysed' && partial.findings.warnings).toEqual([{ kind: 'reply_to_elsewhere', replyTo: 'help@helpdesk-mailer.example', fromDomain: 'examplebank-secure.example' }]);
  });

  it('tells what the text gave so far, a piece at a time, at most once a second', async () => {
    const paragraph = (index: number) => `${'Lorem ipsum dolor sit amet. '.repeat(2_000)}\nCall +44 20 7946 03${String(index).padStart(2, '0')}.\n\n`;
    const body = Array.from({ length: 3 }, (_, index) => paragraph(index)).join('');
    const told: EmailJobNews[] = [];
    let now = 0;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    // Each piece takes a second and a half.
    const slow = (text: string, options: Parameters<typeof findIndicators>[1]) => {
      now += 1_500;
      return findIndicators(text, options);
    };
    await runEmailJob(jobOf(`From: a@sender.example\r\nSubject: Long\r\n\r\n${body}`), (news) => told.push(news), slow);
    const phones = (news: EmailJobNews) => values(news).filter((value) => value.startsWith('+'));
    expect(told.filter((news) => news.kind === 'analysed').map(phones)).toEqual([
      [],
      ['+442079460300'],
      ['+442079460300', '+442079460301'],
      ['+442079460300', '+442079460301', '+442079460302'],
      ['+442079460300', '+442079460301', '+442079460302'],
    ]);
  });

  it.each([
    ['an email it cannot read', 'no headers at all', { kind: 'failed', failure: 'not_email' }],
    ['an analysis that throws', LOCKED, { kind: 'failed', failure: 'malformed' }],
  ])('tells the failure of %s', async (_, text, last) => {
    const told: EmailJobNews[] = [];
    await runEmailJob(
      jobOf(text),
      (news) => told.push(news),
      () => {
        throw new Error('a bug of ours');
      },
    );
    expect(told.at(-1)).toEqual(last);
  });
});

describe('the text in pieces', () => {
  it.each([
    ['a short text, whole', 'a\n\nb', ['a\n\nb']],
    ['a long text, after the first blank line past 50,000 characters', `${'a'.repeat(50_001)}\n\nb\n\n${'c'.repeat(10)}`, [`${'a'.repeat(50_001)}\n\n`, `b\n\n${'c'.repeat(10)}`]],
    ['a long text without blank lines, whole', 'a'.repeat(60_000), ['a'.repeat(60_000)]],
  ])('cuts %s', (_, text, pieces) => {
    expect(textPieces(text)).toEqual(pieces);
  });

  it('finds each indicator once over the pieces, as over the whole text', () => {
    const text = `https://one.example/ and +44 20 7946 0321${' x'.repeat(30_000)}\n\nhttps://one.example/ again, and https://two.example/\n`;
    const pieces: number[] = [];
    const found = findInPieces((soFar) => pieces.push(soFar.length))(text, {});
    expect(found).toEqual(findIndicators(text, {}));
    expect(pieces).toEqual([2, 3]);
  });
});
