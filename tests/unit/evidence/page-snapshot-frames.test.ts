// @vitest-environment happy-dom
import nodeConsole from 'node:console';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectPageSnapshot, type PageSnapshot, type SnapshotCaps } from '@/utils/evidence/collect-page-snapshot';
import { describeFrame } from '@/utils/evidence/frame-walk';
import { credentialKinds } from '@/utils/evidence/snapshot-forms';

// Issue 41: a login form in an `<iframe srcdoc>` or a frame a script writes
// (about:blank) is read; a frame of another site is listed, never read;
// credential forms come before any cap, and every cap reached is counted.

type HappySettings = { handleDisabledFileLoadingAsSuccess: boolean; enableIframePageLoading: boolean };
const happyWindow = window as unknown as { happyDOM: { setURL(url: string): void; settings: HappySettings } };
happyWindow.happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;

const CAPS: SnapshotCaps = { htmlChars: 1_000_000, links: 10, forms: 10, fieldsPerForm: 10, origins: 10, textChars: 1_000 };
const snapshot = (caps: Partial<SnapshotCaps> = {}): PageSnapshot => collectPageSnapshot({ ...CAPS, ...caps });

const LOGIN = '<form action="https://collect.frame-kit.test/p.php" method="post"><input name="user"><input name="secret" type="password"></form>';
const escaped = (html: string) => html.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** Sets the body; happy-dom cannot load other sites' frames and says so on Node's own console (not the test's). */
function setBody(html: string): void {
  const quiet = vi.spyOn(nodeConsole, 'error').mockImplementation(() => undefined);
  document.body.innerHTML = html;
  quiet.mockRestore();
}

beforeEach(() => {
  happyWindow.happyDOM.setURL('https://phish.test/login');
  happyWindow.happyDOM.settings.enableIframePageLoading = false;
});
afterEach(() => {
  happyWindow.happyDOM.settings.enableIframePageLoading = false;
});

describe('the frame walk', () => {
  it('reads the login form of an <iframe srcdoc>, listed first and said to be in the frame', () => {
    setBody(`<form action="/search"><input name="q"></form><iframe srcdoc="${escaped(LOGIN)}"></iframe>`);
    const taken = snapshot();
    expect(taken.forms[0]).toEqual({
      action: 'https://collect.frame-kit.test/p.php',
      method: 'post',
      inputs: [
        { name: 'user', type: 'text' },
        { name: 'secret', type: 'password' },
      ],
      frame: 'srcdoc',
      credentials: ['password'],
    });
    expect(taken.forms[1]?.action).toBe('https://phish.test/search');
    expect(taken.frames).toEqual([{ source: 'srcdoc', kind: 'srcdoc', read: true }]);
  });

  it('reads a frame a script wrote into about:blank', () => {
    happyWindow.happyDOM.settings.enableIframePageLoading = true;
    setBody('<h1>Sign in</h1>');
    const frame = document.body.appendChild(document.createElement('iframe'));
    frame.contentDocument!.body.innerHTML = '<form action="https://collect.blank-kit.test/otp"><input name="code" autocomplete="one-time-code"></form>';
    const taken = snapshot();
    expect(taken.forms).toEqual([{ action: 'https://collect.blank-kit.test/otp', method: 'get', inputs: [{ name: 'code', type: 'text' }], frame: 'about:blank', credentials: ['one_time_code'] }]);
    expect(taken.frames).toEqual([{ source: 'about:blank', kind: 'blank', read: true }]);
  });

  it('lists a frame of another site with its origin, and reads nothing of it', () => {
    setBody(`<iframe src="https://pay.other.test/checkout?id=1"></iframe>${LOGIN.replace('secret', 'pass')}`);
    const taken = snapshot();
    expect(taken.frames).toEqual([{ source: 'https://pay.other.test', kind: 'cross_origin', read: false }]);
    expect(taken.forms.map((form) => form.frame)).toEqual([undefined]);
  });

  it('reads frames in frames down to the depth cap, and lists the deeper one unread', () => {
    const inner = `<iframe srcdoc="${escaped(LOGIN)}"></iframe>`;
    setBody(`<iframe srcdoc="${escaped(inner)}"></iframe>`);
    expect(snapshot({ frameDepth: 1 }).frames).toEqual([
      { source: 'srcdoc', kind: 'srcdoc', read: true },
      { source: 'srcdoc', kind: 'srcdoc', read: false },
    ]);
    expect(snapshot({ frameDepth: 2 }).forms.map((form) => form.frame)).toEqual(['srcdoc']);
  });

  it('lists at most the frame cap, and counts the rest', () => {
    setBody('<iframe srcdoc="a"></iframe>'.repeat(3));
    const taken = snapshot({ frames: 2 });
    expect(taken.frames).toHaveLength(2);
    expect(taken.limits).toEqual({ frames: { found: 3 } });
  });

  it.each([
    ['srcdoc, readable', '<iframe srcdoc="x"></iframe>', true, { source: 'srcdoc', kind: 'srcdoc' }],
    ['srcdoc, sandboxed', '<iframe sandbox="allow-forms" srcdoc="x"></iframe>', false, { source: 'srcdoc', kind: 'sandboxed' }],
    ['another site, sandboxed', '<iframe sandbox src="https://kit.test/a"></iframe>', false, { source: 'https://kit.test', kind: 'sandboxed' }],
    ['another site', '<iframe src="https://kit.test/a"></iframe>', false, { source: 'https://kit.test', kind: 'cross_origin' }],
    ['no address it can name', '<iframe src="javascript:1"></iframe>', false, { source: '', kind: 'cross_origin' }],
  ])('describeFrame: %s', (_case, html, readable, described) => {
    setBody(html);
    const frame = document.querySelector('iframe')!;
    expect(describeFrame(frame, readable ? frame.contentDocument : null, (text) => text)).toMatchObject(described);
  });
});

describe('credential forms and the caps', () => {
  it.each([
    ['a password field', '<input type="password" name="x">', ['password']],
    ['a new-password autocomplete', '<input name="x" autocomplete="new-password">', ['password']],
    ['a field named pwd', '<input name="user_pwd">', ['password']],
    ['a card number autocomplete', '<input name="n" autocomplete="cc-number">', ['card']],
    ['a field named cvv', '<input id="CVV2" name="c">', ['card']],
    ['a one-time code autocomplete', '<input name="c" autocomplete="one-time-code">', ['one_time_code']],
    ['a field named otp', '<input name="otp_1">', ['one_time_code']],
    ['password and code together', '<input type="password" name="p"><input name="mfa_code">', ['password', 'one_time_code']],
    ['a search box', '<input name="q" type="search">', []],
  ])('credentialKinds: %s', (_case, fields, kinds) => {
    setBody(`<form>${fields}</form>`);
    expect(credentialKinds(document.querySelector('form')!)).toEqual(kinds);
  });

  it('lists the login form before 60 decoy forms that come first, and says how many there were', () => {
    setBody(`${'<form action="/decoy"><input name="q"></form>'.repeat(60)}<iframe srcdoc="${escaped(LOGIN)}"></iframe>`);
    const taken = snapshot({ forms: 50 });
    expect(taken.forms).toHaveLength(50);
    expect(taken.forms[0]).toMatchObject({ action: 'https://collect.frame-kit.test/p.php', frame: 'srcdoc' });
    expect(taken.limits).toEqual({ forms: { found: 61 } });
  });

  // A real kit (zphisher's .sites/ig_verify/login.html, GPL, not kept here) opens its <form> inside an element
  // it never closes: the browser's parser leaves the username and password outside the form yet sends them with
  // it (form.elements; checked in Chromium, where the details listed that form as having no fields). happy-dom
  // does not tie fields that way; a field naming its form (form="id") is the same association, and it does.
  it('reads the fields the browser sends with a form but that sit outside it, and their password makes it a credential form', () => {
    setBody(
      '<form id="sign-in" action="/login.php" method="post"><select name="month"></select></form><div><input form="sign-in" name="username"><input form="sign-in" name="password" type="password"></div>',
    );
    const [form] = snapshot().forms;
    expect(form?.inputs).toEqual([
      { name: 'month', type: 'select' },
      { name: 'username', type: 'text' },
      { name: 'password', type: 'password' },
    ]);
    expect(form?.credentials).toEqual(['password']);
  });

  it('keeps a form’s password field past 60 hidden decoy fields, and counts its fields', () => {
    setBody(`<form>${'<input type="hidden" name="h">'.repeat(60)}<input name="pw" type="password"></form>`);
    const [form] = snapshot({ fieldsPerForm: 50 }).forms;
    expect(form?.inputs).toHaveLength(50);
    expect(form?.inputs.at(-1)).toEqual({ name: 'pw', type: 'password' });
    expect(form?.fieldCount).toBe(61);
  });

  it('reads a form whose fields are named getAttribute and querySelectorAll (DOM clobbering)', () => {
    setBody('<form action="https://collect.test/x" method="post"><input name="getAttribute"><input name="querySelectorAll" type="password"></form>');
    expect(snapshot().forms).toEqual([
      {
        action: 'https://collect.test/x',
        method: 'post',
        inputs: [
          { name: 'getAttribute', type: 'text' },
          { name: 'querySelectorAll', type: 'password' },
        ],
        credentials: ['password'],
      },
    ]);
  });

  it('counts the links, script and frame origins past their caps', () => {
    const links = Array.from({ length: 12 }, (_, index) => `<a href="https://out${index}.test/">o</a>`).join('');
    const scripts = Array.from({ length: 3 }, (_, index) => `<script src="https://cdn${index}.test/a.js"></script>`).join('');
    setBody(`${links}${scripts}`);
    expect(snapshot({ origins: 2 }).limits).toEqual({ links: { found: 12 }, scriptOrigins: { found: 3 } });
  });

  it('stops counting distinct links at 10,000 and says it is at least that', () => {
    setBody(Array.from({ length: 10_001 }, (_, index) => `<a href="https://out${index}.test/">o</a>`).join(''));
    expect(snapshot().limits?.links).toEqual({ found: 10_000, atLeast: true });
  });

  it('counts the texts cut at their cap', () => {
    document.title = 'x'.repeat(40);
    setBody(`<form action="https://collect.test/${'y'.repeat(40)}"><input name="short"></form>`);
    expect(snapshot({ textChars: 30 }).limits).toEqual({ textsCut: 2 });
    document.title = '';
  });

  it('says nothing of caps a page does not reach', () => {
    setBody(LOGIN);
    expect(snapshot().limits).toBeUndefined();
  });
});
