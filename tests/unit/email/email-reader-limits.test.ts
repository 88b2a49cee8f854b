import { describe, expect, it } from 'vitest';
import { readEmail } from '@/utils/email/email-reader';
import { MAX_EMAIL_BYTES, MAX_LINKS, MAX_MIME_PARTS, MAX_NESTING_DEPTH, MAX_TEXT_CHARS } from '@/utils/email/email-limits';
import { bigHeaders, deepEmail, encodedForwardBomb, forwardChain, longText, manyAttachments, mimeBomb, newsletter, oleNotMessage, pngFile, sizedEmail } from '../../fixtures/email/generate';
import { readMessage } from './email-fixtures';

// The emails built in memory by tests/fixtures/email/generate.ts: too big,
// too many parts, too deep, too many links, or no email at all.

describe('readEmail refuses', () => {
  it.each([
    ['a file over 25 MB, before reading it', () => sizedEmail(MAX_EMAIL_BYTES + 1), 'too_large'],
    ['a MIME bomb of 5,000 parts', () => mimeBomb(5_000), 'too_many_parts'],
    ['one part more than it takes', () => mimeBomb(MAX_MIME_PARTS), 'too_many_parts'],
    ['a forwarded message sent base64-encoded that holds a MIME bomb', () => encodedForwardBomb(1_000), 'too_many_parts'],
    ['an email and the message it forwards, each under the limit, together over it', () => encodedForwardBomb(300, 250), 'too_many_parts'],
    ['multiparts nested deeper than it goes', () => deepEmail(MAX_NESTING_DEPTH + 5), 'too_deep'],
    ['headers over a megabyte', () => bigHeaders(1_100_000), 'malformed'],
    ['a PNG', pngFile, 'not_email'],
    ['an OLE file that is no Outlook item', oleNotMessage, 'not_email'],
    ['an empty file', () => new Uint8Array(0), 'not_email'],
  ])('%s', async (_, build, failure) => {
    expect(await readEmail(build(), 'email.eml')).toEqual({ ok: false, failure });
  });
});

describe('readEmail reads up to its limits', () => {
  it('takes a file of exactly 25 MB (this one, then, for not being an email)', async () => {
    // Not an email, so that the test does not spend seconds parsing 25 MB of text.
    const bytes = new Uint8Array(MAX_EMAIL_BYTES).fill(0x78);
    expect(await readEmail(bytes, 'email.eml')).toEqual({ ok: false, failure: 'not_email' });
  });

  it('reads an email of as many parts as it takes', async () => {
    // The message and 499 parts.
    const message = await readMessage(mimeBomb(MAX_MIME_PARTS - 1));
    expect(message.text.split('\n').filter((line) => line === 'x')).toHaveLength(MAX_MIME_PARTS - 1);
  });

  it('reads a forwarded message sent base64-encoded, its parts counted with the email’s', async () => {
    const message = await readMessage(encodedForwardBomb(200, 250));
    expect(message.text.split('\n').filter((line) => line === 'x')).toHaveLength(450);
    expect(message.text).toContain('See below.');
  });

  it('reads multiparts nested as deep as it goes', async () => {
    expect((await readMessage(deepEmail(MAX_NESTING_DEPTH - 1))).text).toBe('the bottom\n');
  });

  it('reads three forwarded messages deep, and keeps the fourth as an attachment, with a note', async () => {
    const message = await readMessage(forwardChain(5));
    expect(message.links.map((link) => link.href)).toEqual(['https://level0.example/', 'https://level1.example/', 'https://level2.example/', 'https://level3.example/']);
    expect(message.text).toContain('---------- Forwarded message ----------\nFrom: level3@fixtures.example\nSubject: Level 3\n\nLevel 3: https://level3.example/');
    expect(message.attachments.map(({ name, type }) => ({ name, type }))).toEqual([{ name: 'attachment-1.eml', type: 'message/rfc822' }]);
    expect(message.notes).toEqual([{ kind: 'nested_not_read' }]);
  });

  it('keeps the first 2,000 links of a 10,000-link newsletter, quickly', async () => {
    const bytes = newsletter(10_000);
    const started = performance.now();
    const message = await readMessage(bytes);
    const took = performance.now() - started;
    expect(message.links).toHaveLength(MAX_LINKS);
    expect(message.links[1999]).toEqual({ href: 'https://news.example/article/1999?utm_source=nl&id=1999', text: 'Article 1999', in: 'html' });
    expect(message.notes).toEqual([{ kind: 'links_capped', total: 10_000, kept: MAX_LINKS }]);
    // About 0.2 s on a quiet 2-core machine and 4.6 s on a loaded one; only a reading gone quadratic (minutes) fails this ceiling.
    expect(took).toBeLessThan(30_000);
  }, 60_000);

  it('describes the first 100 attachments, with a note', async () => {
    const message = await readMessage(manyAttachments(120));
    expect(message.attachments).toHaveLength(100);
    expect(message.attachments[99]?.name).toBe('file-99.txt');
    expect(message.notes).toEqual([{ kind: 'attachments_capped', total: 120, kept: 100 }]);
  });

  it('cuts a text over 500,000 characters, with a note', async () => {
    const message = await readMessage(longText(600_000));
    expect(message.text).toHaveLength(MAX_TEXT_CHARS);
    expect(message.notes).toEqual([{ kind: 'text_capped', kept: MAX_TEXT_CHARS }]);
  });

  it('does not cut a text between the two halves of a character', async () => {
    const body = `${'a'.repeat(MAX_TEXT_CHARS - 1)}\u{1F512}${'b'.repeat(100)}`;
    const message = await readMessage(new TextEncoder().encode(`From: a@b.example\r\nSubject: Lock\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n${body}`));
    expect([message.text.length, message.text.endsWith('a')]).toEqual([MAX_TEXT_CHARS - 1, true]);
    expect(message.notes).toEqual([{ kind: 'text_capped', kept: MAX_TEXT_CHARS - 1 }]);
  });
});
