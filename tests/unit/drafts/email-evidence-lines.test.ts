import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readEmail } from '@/utils/email/email-reader';
import { buildEmailEvidence, EMAIL_HEADERS_NAME } from '@/utils/drafts/email-evidence';
import { withEvidenceRecord } from '@/utils/report/outbox';

// An email's own text (its file name, an encoded Subject) cannot write a line
// of its own into the evidence record, where it would pass for ours (issue 39).

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** An .eml whose Subject is an encoded word holding `subject`. */
function eml(subject: string): Uint8Array<ArrayBuffer> {
  const text = [
    'From: Example Bank <alert@evil.example>',
    'To: ann@examplebank.com',
    `Subject: =?utf-8?B?${base64(subject)}?=`,
    'Date: Fri, 20 Nov 2026 08:15:00 +0000',
    'Message-ID: <abc@evil.example>',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Sign in at https://evil.example/login',
    '',
  ].join('\r\n');
  return new TextEncoder().encode(text);
}

/** The evidence record and the headers file sent with the email's reports. */
async function evidenceOf(fileName: string, subject: string): Promise<{ record: string[]; headers: string[] }> {
  const bytes = eml(subject);
  const read = await readEmail(bytes, fileName);
  if (!read.ok) throw new Error('the email was not read');
  const { files, context } = await buildEmailEvidence(new File([bytes], fileName), read.message, {}, new Date('2026-11-22T10:00:00Z'));
  const sent = await withEvidenceRecord({ files, evidence: context, fields: {} });
  const headers = await sent.find((file) => file.name === EMAIL_HEADERS_NAME)!.blob.text();
  return { record: (await sent.at(-1)!.blob.text()).split('\n'), headers: headers.split('\n') };
}

const FAKE_HASH = '0'.repeat(64);

beforeEach(() => {
  vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ manifest_version: 3, name: 'Takedown Reporter', version: '0.4.2' });
});

describe('the evidence record of an email', () => {
  it.each([
    ['a line feed', `locked.eml\n  ${FAKE_HASH}  clean.pdf`, `locked.eml\\n  ${FAKE_HASH}  clean.pdf`],
    ['a return', `locked.eml\r  ${FAKE_HASH}  clean.pdf`, `locked.eml\\r  ${FAKE_HASH}  clean.pdf`],
    ['a line separator', `locked.eml\u2028  ${FAKE_HASH}  clean.pdf`, `locked.eml\\u2028  ${FAKE_HASH}  clean.pdf`],
  ])('a file name with %s stays on its own hash line', async (_, fileName, written) => {
    const { record } = await evidenceOf(fileName, 'Your account is locked');
    const hashLines = record.slice(record.indexOf('SHA-256 of the attached files:') + 1).filter(Boolean);
    expect(hashLines).toHaveLength(2);
    // The service takes an email by its extension, so `.eml` follows the name as written.
    expect(hashLines[0]?.slice(66)).toBe(`  ${written}.eml`);
    expect(record).toContain(`Email file: ${written}`);
    expect(record.some((line) => line.startsWith(`  ${FAKE_HASH}`))).toBe(false);
  });

  it.each([
    ['a line feed', 'Locked\nBrowser: Firefox 1.0, en', 'Locked\\nBrowser: Firefox 1.0, en'],
    ['a return and line feed', 'Locked\r\nBrowser: Firefox 1.0, en', 'Locked\\r\\nBrowser: Firefox 1.0, en'],
    ['a next-line character', 'Locked\u0085Browser: Firefox 1.0, en', 'Locked\\u0085Browser: Firefox 1.0, en'],
    ['a paragraph separator', 'Locked\u2029Browser: Firefox 1.0, en', 'Locked\\u2029Browser: Firefox 1.0, en'],
  ])('an encoded Subject with %s adds no line of its own', async (_, subject, written) => {
    const { record, headers } = await evidenceOf('locked.eml', subject);
    expect(record.filter((line) => line.startsWith('Browser:'))).toHaveLength(1);
    expect(record).toContain(`Email subject: ${written}`);
    // The headers file's summary too; its block as received stays raw.
    expect(headers).toContain(`Subject: ${written}`);
    expect(headers.filter((line) => line.startsWith('Browser:'))).toEqual([]);
  });
});
