import { describe, expect, it } from 'vitest';
import { buildEvidenceRecord } from '@/utils/evidence/record';
import { oneLine } from '@/utils/evidence/one-line';
import { pageEvidenceFiles, PAGE_DETAILS_NAME } from '@/utils/evidence/page-files';
import { takenPage } from '@/utils/evidence/page-details';
import type { PageSnapshot } from '@/utils/evidence/collect-page-snapshot';

// The page's own text (a field name, its title, a form's action, a link)
// cannot write a line of its own into the page details or the evidence record,
// where it would pass for ours (issue 39).

const PAGE: PageSnapshot = {
  url: 'https://phish.test/login',
  title: 'Acme — Sign in',
  html: '<html></html>',
  htmlChars: 13,
  truncated: false,
  forms: [{ action: 'https://collect.evil.test/p.php', method: 'post', inputs: [{ name: 'email', type: 'email' }] }],
  links: [],
  scriptOrigins: [],
  iframeOrigins: [],
};

async function detailLines(page: PageSnapshot): Promise<string[]> {
  const [file] = pageEvidenceFiles(takenPage(page), { source: false, details: true });
  expect(file?.name).toBe(PAGE_DETAILS_NAME);
  return (await file!.text()).split('\n');
}

describe('oneLine', () => {
  it.each([
    ['plain text, with spaces', 'plain text, with spaces'],
    ['Acme — Sign in ✓ Ünïcödé', 'Acme — Sign in ✓ Ünïcödé'],
    ['a\nb', 'a\\nb'],
    ['a\r\nb', 'a\\r\\nb'],
    ['a\tb', 'a\\tb'],
    ['a\u0000b\u001bc\u007fd', 'a\\u0000b\\u001bc\\u007fd'],
    ['a\u0085b\u009bc', 'a\\u0085b\\u009bc'],
    ['a\u2028b\u2029c', 'a\\u2028b\\u2029c'],
    ['invoice\u202egnp.exe', 'invoice\\u202egnp.exe'],
    ['a\u2066b\u2069', 'a\\u2066b\\u2069'],
  ])('%j is written %j', (value, written) => {
    expect(oneLine(value)).toBe(written);
  });
});

describe('the page details', () => {
  it('a field name with line breaks adds no "Form 2 sends to…" line', async () => {
    const name = 'user\n  Form 2 sends to https://acme.example/login (POST)\n    - password (password)';
    const lines = await detailLines({ ...PAGE, forms: [{ ...PAGE.forms[0]!, inputs: [{ name, type: 'text' }] }] });
    expect(lines.filter((line) => line.includes('Form 2 sends to'))).toEqual(['    - user\\n  Form 2 sends to https://acme.example/login (POST)\\n    - password (password) (text)']);
    expect(lines.filter((line) => line.trimStart().startsWith('Form '))).toEqual(['  Form 1 sends to https://collect.evil.test/p.php (POST)']);
  });

  it.each([
    ['title', { title: 'Acme\u2028Page details of https://acme.example/' }, 'Page title: Acme\\u2028Page details of https://acme.example/'],
    ['form action', { forms: [{ action: 'https://evil.test/\r\n  Form 9 sends to x', method: 'post', inputs: [] }] }, '  Form 1 sends to https://evil.test/\\r\\n  Form 9 sends to x (POST)'],
    ['input type', { forms: [{ action: 'https://evil.test/', method: 'post', inputs: [{ name: 'a', type: 'text)\n    - b (password' }] }] }, '    - a (text)\\n    - b (password)'],
    ['link', { links: ['https://evil.test/\u0085Script origins:'] }, '  https://evil.test/\\u0085Script origins:'],
  ])('the page’s %s with a line break stays on its line', async (_, change, written) => {
    const lines = await detailLines({ ...PAGE, ...change } as PageSnapshot);
    expect(lines).toContain(written);
  });
});

describe('the evidence record of a page', () => {
  it('keeps a title with U+2028 on its line', async () => {
    const context = {
      requestedUrl: 'https://phish.test/login',
      title: 'Acme\u2028Browser: Firefox 1.0, en',
      capturedAt: new Date('2026-11-22T10:00:00.000Z'),
      timeZone: 'UTC',
      browser: { name: 'Chrome', version: '156', language: 'en-GB' },
      extensionVersion: '0.1.0',
    };
    const text = await (await buildEvidenceRecord(context, [])).text();
    expect(text).toContain('Page title: Acme\\u2028Browser: Firefox 1.0, en\n');
    expect(text).not.toContain('\u2028');
  });
});
