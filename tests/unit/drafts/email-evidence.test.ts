import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { EmailMessage } from '@/utils/email/email-types';
import { buildEmailEvidence, EMAIL_HEADERS_NAME, EMAIL_TEXT_NAME, emailFitsLimits, emailHeadersText } from '@/utils/drafts/email-evidence';
import { withEvidenceRecord } from '@/utils/report/outbox';

const MESSAGE: EmailMessage = {
  format: 'eml',
  subject: 'Your account is locked',
  date: '2026-11-20T08:15:00.000Z',
  from: { name: 'Example Bank', address: 'alert@evil.example' },
  sender: null,
  replyTo: [{ name: '', address: 'desk@other.example' }],
  to: [{ name: 'Ann', address: 'ann@examplebank.com' }],
  cc: [],
  returnPath: 'bounce@evil.example',
  messageId: '<abc@evil.example>',
  headers: [],
  headersText: 'Received: from mx.evil.example\r\nFrom: Example Bank <alert@evil.example>\r\nSubject: Your account is locked',
  text: 'Sign in at https://evil.example/login',
  links: [],
  attachments: [],
  notes: [],
};

const sha256 = async (blob: Blob) =>
  createHash('sha256')
    .update(Buffer.from(await blob.arrayBuffer()))
    .digest('hex');

describe('the evidence of an email', () => {
  beforeEach(() => {
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Takedown Reporter', version: '0.4.2' });
  });

  it('is the email itself and its headers, and a record naming the email with the hash of each', async () => {
    const file = new File(['From: x\r\n\r\nbody'], 'locked.eml', { type: '' });
    const { files, context } = await buildEmailEvidence(file, MESSAGE, { subject: 'alert@evil.example', incidentType: 'email' }, new Date('2026-11-22T10:00:00Z'));
    expect(files.map((stored) => [stored.name, stored.type, stored.role])).toEqual([
      ['locked.eml', 'message/rfc822', 'extra'],
      [EMAIL_HEADERS_NAME, 'text/plain', 'extra'],
    ]);
    expect(files[0]?.blob).toBe(file);
    expect(context).toMatchObject({
      requestedUrl: '',
      email: {
        fileName: 'locked.eml',
        subject: 'Your account is locked',
        from: 'Example Bank <alert@evil.example>',
        date: '2026-11-20T08:15:00.000Z',
        messageId: '<abc@evil.example>',
        attached: 'original',
      },
      capturedAt: new Date('2026-11-22T10:00:00Z'),
      extensionVersion: '0.4.2',
    });
    const withRecord = await withEvidenceRecord({ files, evidence: context, fields: {} });
    const record = await withRecord.at(-1)!.blob.text();
    expect(record).toContain(`  ${await sha256(file)}  locked.eml`);
    expect(record).toContain(`  ${await sha256(files[1]!.blob)}  ${EMAIL_HEADERS_NAME}`);
    expect(record).toContain('Email file: locked.eml');
  });

  it('names an Outlook email .msg, adding the extension a file name lacks', async () => {
    const { files } = await buildEmailEvidence(new File(['x'], 'saved message', { type: '' }), { ...MESSAGE, format: 'msg' }, {});
    expect(files[0]).toMatchObject({ name: 'saved message.msg', type: 'application/vnd.ms-outlook' });
  });

  it('renders the headers as text: the summary, then every header as received', () => {
    expect(emailHeadersText(MESSAGE).split('\n')).toEqual([
      'Headers of the reported email (read as text by Takedown Reporter; nothing in it was opened)',
      '',
      'Subject: Your account is locked',
      'From: Example Bank <alert@evil.example>',
      'Reply-To: desk@other.example',
      'Return-Path: bounce@evil.example',
      'To: Ann <ann@examplebank.com>',
      'Date: 2026-11-20T08:15:00.000Z',
      'Message-ID: <abc@evil.example>',
      '',
      'Headers as received:',
      '',
      'Received: from mx.evil.example\r',
      'From: Example Bank <alert@evil.example>\r',
      'Subject: Your account is locked',
    ]);
  });

  it.each([
    ['9.95 MB', 9_950_000, true],
    ['9.99 MB (no room left for the evidence record)', 9_990_000, false],
  ])('an email of %s goes whole: %s', (_name, size, whole) => {
    // Room is kept for the headers file, the fields and the evidence record.
    expect(emailFitsLimits(new File([new Uint8Array(size)], 'big.eml'), MESSAGE)).toBe(whole);
  });

  it('over the upload limit goes as its headers and its text, and the record says so', async () => {
    const big = new File([new Uint8Array(10_500_000)], 'newsletter.eml');
    const { files, context } = await buildEmailEvidence(big, MESSAGE, {});
    expect(files.map((stored) => stored.name)).toEqual([EMAIL_HEADERS_NAME, EMAIL_TEXT_NAME]);
    expect(await files[1]!.blob.text()).toBe('Sign in at https://evil.example/login');
    expect(context.email?.attached).toBe('headers_and_text');
    const record = await (await withEvidenceRecord({ files, evidence: context, fields: {} })).at(-1)!.blob.text();
    expect(record).toContain('The email itself was over the upload limit: its headers and its text are attached instead.');
  });
});
