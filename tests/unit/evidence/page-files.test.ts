import { describe, expect, it } from 'vitest';
import { pageEvidenceFiles, PAGE_DETAILS_NAME, PAGE_SOURCE_NAME } from '@/utils/evidence/page-files';
import { takenPage } from '@/utils/evidence/page-details';
import type { PageSnapshot } from '@/utils/evidence/collect-page-snapshot';

const SNAPSHOT: PageSnapshot = {
  url: 'https://phish.test/login',
  title: 'Acme — Sign in',
  html: '<html><body>Sign in</body></html>',
  htmlChars: 33,
  truncated: false,
  forms: [
    {
      action: 'https://collect.evil.test/p.php',
      method: 'post',
      inputs: [
        { name: 'email', type: 'email' },
        { name: 'pass', type: 'password' },
      ],
    },
    { action: 'https://phish.test/search', method: 'get', inputs: [] },
  ],
  links: ['https://acme.example/help', 'http://tracker.test/t'],
  scriptOrigins: ['https://cdn.test'],
  iframeOrigins: [],
};

const EMPTY: PageSnapshot = { ...SNAPSHOT, title: '', forms: [], links: [], scriptOrigins: [], iframeOrigins: [] };

async function read(files: File[]): Promise<{ name: string; type: string; text: string }[]> {
  return Promise.all(files.map(async (file) => ({ name: file.name, type: file.type, text: await file.text() })));
}

describe('pageEvidenceFiles', () => {
  it.each([
    [{ source: true, details: true }, [PAGE_SOURCE_NAME, PAGE_DETAILS_NAME]],
    [{ source: true, details: false }, [PAGE_SOURCE_NAME]],
    [{ source: false, details: true }, [PAGE_DETAILS_NAME]],
    [{ source: false, details: false }, []],
  ])('%j gives %j as text/plain', (include, names) => {
    const files = pageEvidenceFiles(takenPage(SNAPSHOT), include);
    expect(files.map((file) => [file.name, file.type])).toEqual(names.map((name) => [name, 'text/plain']));
  });

  it('writes the whole HTML under a header naming the page', async () => {
    expect(await read(pageEvidenceFiles(takenPage(SNAPSHOT), { source: true, details: false }))).toEqual([
      {
        name: 'page-source.txt',
        type: 'text/plain',
        text: 'HTML source of https://phish.test/login, as the browser held it when the report was made.\n\n<html><body>Sign in</body></html>',
      },
    ]);
  });

  it('says where a cut HTML source was cut', async () => {
    const cut = { ...SNAPSHOT, html: '<html><bo', htmlChars: 33, truncated: true };
    const [file] = await read(pageEvidenceFiles(takenPage(cut), { source: true, details: false }));
    expect(file?.text).toEqual('HTML source of https://phish.test/login, as the browser held it when the report was made.\nCut at 9 of 33 characters.\n\n<html><bo');
  });

  it('lists forms, flagging passwords and forms that send to another site, then links and origins', async () => {
    const [file] = await read(pageEvidenceFiles(takenPage(SNAPSHOT), { source: false, details: true }));
    expect(file?.text.split('\n')).toEqual([
      'Page details of https://phish.test/login',
      'Page title: Acme — Sign in',
      '',
      'Forms:',
      '  Form 1 sends to https://collect.evil.test/p.php (POST)',
      '    This form sends to another site than the page.',
      '    - email (email)',
      '    - pass (password) — password field',
      '  Form 2 sends to https://phish.test/search (GET)',
      '    (no named fields)',
      '',
      'Links to other sites:',
      '  https://acme.example/help',
      '  http://tracker.test/t',
      '',
      'Script origins:',
      '  https://cdn.test',
      '',
      'Frame origins:',
      '  none',
      '',
    ]);
  });

  it('says "none" in every section of a page without forms, links, scripts or frames', async () => {
    const [file] = await read(pageEvidenceFiles(takenPage(EMPTY), { source: false, details: true }));
    expect(file?.text.split('\n')).toEqual([
      'Page details of https://phish.test/login',
      '',
      'Forms:',
      '  none',
      '',
      'Links to other sites:',
      '  none',
      '',
      'Script origins:',
      '  none',
      '',
      'Frame origins:',
      '  none',
      '',
    ]);
  });

  it.each([
    ['https://phish.test/next', false],
    ['https://phish.test:8443/next', true],
    ['http://phish.test/next', true],
    ['https://sub.phish.test/next', true],
    ['javascript:void(0)', false],
  ])('a form sending to %s is flagged as another site: %s', async (action, flagged) => {
    const page = { ...EMPTY, forms: [{ action, method: 'post', inputs: [{ name: 'q', type: 'text' }] }] };
    const [file] = await read(pageEvidenceFiles(takenPage(page), { source: false, details: true }));
    expect(file?.text.includes('This form sends to another site than the page.')).toEqual(flagged);
  });
});
