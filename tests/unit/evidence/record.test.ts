import { describe, expect, it } from 'vitest';
import { sha256Hex } from '@/utils/evidence/hash';
import { buildEvidenceRecord, EVIDENCE_RECORD_NAME } from '@/utils/evidence/record';
import type { EvidenceContext } from '@/utils/storage/evidence-context';

const CONTEXT: EvidenceContext = {
  requestedUrl: 'https://login-acme.example.com/verify',
  currentUrl: 'https://login-acme.example.com/verify?step=2',
  title: 'Acme — Sign in',
  capturedAt: new Date('2026-11-22T10:00:00.000Z'),
  timeZone: 'Europe/Amsterdam',
  browser: { name: 'Chrome', version: '156.0.8078.73', language: 'en-GB' },
  extensionVersion: '0.1.0',
  reporter: 'soc@acme.example',
};

describe('sha256Hex', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('%j → %s', async (text, hex) => {
    expect(await sha256Hex(new Blob([text]))).toBe(hex);
  });
});

describe('the evidence record', () => {
  it('says where, when and how the page was seen, and hashes every file', async () => {
    const record = await buildEvidenceRecord(CONTEXT, [
      { name: 'screenshot.png', blob: new Blob(['abc']) },
      { name: 'page-source.txt', blob: new Blob(['']) },
    ]);

    expect([record.name, record.type]).toEqual([EVIDENCE_RECORD_NAME, 'text/plain']);
    expect(await record.text()).toBe(
      [
        'Evidence record (Takedown Reporter)',
        '',
        'Reported address: https://login-acme.example.com/verify',
        'Address shown in the tab: https://login-acme.example.com/verify?step=2',
        'Page title: Acme — Sign in',
        'Captured (UTC): 2026-11-22T10:00:00.000Z',
        'Captured (local time): 22 Nov 2026, 11:00:00 CET (Europe/Amsterdam)',
        'Browser: Chrome 156.0.8078.73, en-GB',
        'Extension version: 0.1.0',
        'Reported by: soc@acme.example',
        '',
        'SHA-256 of the attached files:',
        '  ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  screenshot.png',
        '  e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  page-source.txt',
        '',
      ].join('\n'),
    );
  });

  it('leaves out what is not known, and says when no file is attached', async () => {
    const { currentUrl: _current, title: _title, reporter: _reporter, ...known } = CONTEXT;
    const text = await (await buildEvidenceRecord(known, [])).text();
    expect(text).not.toContain('Address shown in the tab');
    expect(text).not.toContain('Page title');
    expect(text).not.toContain('Reported by');
    expect(text).toContain('No other files are attached.');
    expect(text).not.toContain('SHA-256');
    expect(text).not.toContain('Not captured');
  });

  it.each([
    [
      'the whole page',
      { pageHeight: 4800, height: 4800, scale: 1 },
      "Whole-page screenshot: 4800 px of the page's 4800 px, from the top (a longer page is cut at its limit), at 100% of the screen's pixels.",
    ],
    [
      'its top, at the cap, scaled',
      { pageHeight: 31_200, height: 20_000, scale: 0.5 },
      "Whole-page screenshot: 20000 px of the page's 31200 px, from the top (a longer page is cut at its limit), at 50% of the screen's pixels.",
    ],
  ])('says how much of the page the whole-page screenshot shows: %s', async (_case, wholePage, line) => {
    const lines = (await (await buildEvidenceRecord({ ...CONTEXT, wholePage }, [])).text()).split('\n');
    expect(lines[lines.indexOf('Reported by: soc@acme.example') + 1]).toBe(line);
  });

  it('says what could not be captured and why, before the hashes', async () => {
    const context: EvidenceContext = {
      ...CONTEXT,
      notCaptured: [
        { kind: 'capture_failed', what: 'screenshot', reason: 'navigated' },
        { kind: 'capture_failed', what: 'page', reason: 'timeout' },
      ],
    };
    const lines = (await (await buildEvidenceRecord(context, [])).text()).split('\n');
    expect(lines.slice(lines.indexOf('Not captured:'))).toEqual([
      'Not captured:',
      '  The tab left the reported site while it was captured, so the screenshot would show another page. The report goes without it.',
      '  The page took too long to give its content (it may be very large or busy). The report goes without page details.',
      '',
      'No other files are attached.',
      '',
    ]);
  });

  it.each([
    ['the email itself', 'original' as const, []],
    ['only its headers and text', 'headers_and_text' as const, ['The email itself was over the upload limit: its headers and its text are attached instead.']],
  ])('names the email an indicator was read from, attached as %s', async (_name, attached, extra) => {
    const context: EvidenceContext = {
      requestedUrl: '',
      email: { fileName: 'invoice.eml', subject: 'Your invoice', from: 'Example Bank <alert@evil.example>', date: '2026-11-20T08:15:00.000Z', messageId: '<abc@evil.example>', attached },
      capturedAt: new Date('2026-11-22T10:00:00.000Z'),
      timeZone: 'Europe/Amsterdam',
      browser: { name: 'Chrome', version: '156.0.8078.73', language: 'en-GB' },
      extensionVersion: '0.1.0',
    };
    const lines = (await (await buildEvidenceRecord(context, [{ name: 'invoice.eml', blob: new Blob(['abc']) }])).text()).split('\n');
    expect(lines.slice(0, 12 + extra.length)).toEqual([
      'Evidence record (Takedown Reporter)',
      '',
      'Email file: invoice.eml',
      'Email subject: Your invoice',
      'Email from: Example Bank <alert@evil.example>',
      'Email date: 2026-11-20T08:15:00.000Z',
      'Message-ID: <abc@evil.example>',
      ...extra,
      'Read (UTC): 2026-11-22T10:00:00.000Z',
      'Read (local time): 22 Nov 2026, 11:00:00 CET (Europe/Amsterdam)',
      'Browser: Chrome 156.0.8078.73, en-GB',
      'Extension version: 0.1.0',
      '',
    ]);
    expect(lines).not.toContain('Reported address: ');
  });
});
