// @vitest-environment happy-dom
import nodeConsole from 'node:console';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { collectPageSnapshot, type PageSnapshot, type SnapshotCaps } from '@/utils/evidence/collect-page-snapshot';
import { SNAPSHOT_CAPS } from '@/utils/evidence/snapshot-caps';
import { takenPage } from '@/utils/evidence/page-details';

// happy-dom's own API: the page URL the snapshot resolves against, and quiet
// (not failing) loads of the scripts and frames the test page names.
const happyWindow = window as unknown as { happyDOM: { setURL(url: string): void; settings: { handleDisabledFileLoadingAsSuccess: boolean } } };
happyWindow.happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;

const BODY = `
  <form id="login" action="https://collect.evil.test/p.php" method="POST">
    <input name="email" type="email">
    <input name="pass" type="password">
    <input type="submit" value="Sign in">
    <select name="country"><option>NL</option></select>
    <textarea name="note"></textarea>
    <input name="odd" type="nonsense">
  </form>
  <form><input name="q"></form>
  <form action="/next" method="dialog"><input name="action"></form>
  <a href="https://acme.example/help">Help</a>
  <a href="/same-origin">Same</a>
  <a href="https://phish.test/other">Same, absolute</a>
  <a href="https://acme.example/help">Help again</a>
  <a href="mailto:x@acme.example">Mail</a>
  <a href="http://tracker.test/t?x=1#frag">Track</a>
  <a href="https://third.test/">Third</a>
  <script src="https://cdn.test/a.js"></script>
  <script src="https://cdn.test/b.js"></script>
  <script src="/local.js"></script>
  <script>var inline = 1;</script>
  <iframe src="https://frame.test/x"></iframe>
  <iframe src="about:blank"></iframe>
`;

const CAPS: SnapshotCaps = { htmlChars: 1_000_000, links: 10, forms: 10, fieldsPerForm: 10, origins: 10, textChars: 1_000 };

function snapshot(caps: Partial<SnapshotCaps> = {}): PageSnapshot {
  return collectPageSnapshot({ ...CAPS, ...caps });
}

describe('collectPageSnapshot', () => {
  beforeEach(() => {
    happyWindow.happyDOM.setURL('https://phish.test/login?step=1');
    document.title = 'Acme — Sign in';
    // happy-dom cannot load frames and says so on Node's own console (not the
    // test's); the snapshot only reads their src.
    const quiet = vi.spyOn(nodeConsole, 'error').mockImplementation(() => undefined);
    document.body.innerHTML = BODY;
    quiet.mockRestore();
  });

  it('reads the page address and title', () => {
    expect([snapshot().url, snapshot().title]).toEqual(['https://phish.test/login?step=1', 'Acme — Sign in']);
  });

  it('reads every form with its resolved action, method and named fields', () => {
    expect(snapshot().forms).toEqual([
      {
        action: 'https://collect.evil.test/p.php',
        method: 'post',
        inputs: [
          { name: 'email', type: 'email' },
          { name: 'pass', type: 'password' },
          { name: 'country', type: 'select' },
          { name: 'note', type: 'textarea' },
          { name: 'odd', type: 'text' },
        ],
        credentials: ['password'],
      },
      // No action attribute: the form submits to the page itself.
      { action: 'https://phish.test/login?step=1', method: 'get', inputs: [{ name: 'q', type: 'text' }] },
      // A field named "action" must not hide the form's real action.
      { action: 'https://phish.test/next', method: 'dialog', inputs: [{ name: 'action', type: 'text' }] },
    ]);
  });

  it('lists distinct http(s) links that leave the page origin, in document order', () => {
    expect(snapshot().links).toEqual(['https://acme.example/help', 'http://tracker.test/t?x=1#frag', 'https://third.test/']);
  });

  it.each([
    [0, []],
    [1, ['https://acme.example/help']],
    [2, ['https://acme.example/help', 'http://tracker.test/t?x=1#frag']],
  ])('keeps at most %i links', (maxLinks, links) => {
    expect(snapshot({ links: maxLinks }).links).toEqual(links);
  });

  it('lists the distinct origins scripts and frames load from', () => {
    const { scriptOrigins, iframeOrigins } = snapshot();
    expect({ scriptOrigins, iframeOrigins }).toEqual({
      scriptOrigins: ['https://cdn.test', 'https://phish.test'],
      iframeOrigins: ['https://frame.test'],
    });
  });

  it('keeps the whole HTML when it is under the limit', () => {
    const full = document.documentElement.outerHTML;
    const { html, htmlChars, truncated } = snapshot({ htmlChars: full.length });
    expect({ html, htmlChars, truncated }).toEqual({ html: full, htmlChars: full.length, truncated: false });
  });

  it('cuts the HTML at the limit and says how long it was', () => {
    const full = document.documentElement.outerHTML;
    const { html, htmlChars, truncated } = snapshot({ htmlChars: 20 });
    expect({ html, htmlChars, truncated }).toEqual({ html: full.slice(0, 20), htmlChars: full.length, truncated: true });
  });

  it('keeps at most the capped forms, fields per form and origins', () => {
    const { forms, scriptOrigins, iframeOrigins } = snapshot({ forms: 1, fieldsPerForm: 2, origins: 1 });
    expect({ forms, scriptOrigins, iframeOrigins }).toEqual({
      forms: [
        {
          action: 'https://collect.evil.test/p.php',
          method: 'post',
          inputs: [
            { name: 'email', type: 'email' },
            { name: 'pass', type: 'password' },
          ],
          fieldCount: 5,
          credentials: ['password'],
        },
      ],
      scriptOrigins: ['https://cdn.test'],
      iframeOrigins: ['https://frame.test'],
    });
  });

  it('cuts every text a hostile page can make endless: the title, addresses, actions and field names', () => {
    const long = 'x'.repeat(5_000);
    document.title = long;
    document.body.innerHTML = `<form action="https://collect.test/${long}"><input name="${long}"></form><a href="https://out.test/${long}">out</a>`;
    happyWindow.happyDOM.setURL(`https://phish.test/${long}`);
    const taken = snapshot({ textChars: 30 });
    const cut = (text: string) => `${text.slice(0, 30)}…`;
    expect([taken.url, taken.title, taken.forms, taken.links]).toEqual([
      cut(`https://phish.test/${long}`),
      cut(long),
      [{ action: cut(`https://collect.test/${long}`), method: 'get', inputs: [{ name: cut(long), type: 'text' }] }],
      [cut(`https://out.test/${long}`)],
    ]);
  });

  it('reads a page that removed its root element as having no source', () => {
    const root = document.documentElement;
    document.removeChild(root);
    try {
      expect(snapshot()).toMatchObject({ html: '', htmlChars: 0, truncated: false, forms: [], links: [] });
    } finally {
      // Putting it back loads its frames again: quiet, as in beforeEach.
      const quiet = vi.spyOn(nodeConsole, 'error').mockImplementation(() => undefined);
      document.appendChild(root);
      quiet.mockRestore();
    }
  });

  it('is what the script injected into the tab returns, with the shipped caps', async () => {
    const { default: script } = await import('@/entrypoints/page-snapshot');
    const shipped = snapshot(SNAPSHOT_CAPS);
    expect(shipped.forms).toHaveLength(3);
    expect(script.main()).toEqual(takenPage(shipped));
  });
});
