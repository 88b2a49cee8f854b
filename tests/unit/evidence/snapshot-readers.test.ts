import { describe, expect, it } from 'vitest';
import { cutText } from '@/utils/evidence/collect-page-snapshot';
import { escapeHtml } from '@/utils/evidence/shadow-html';
import { formAction, formMethod } from '@/utils/evidence/snapshot-forms';
import { outboundHref, sourceOriginOf } from '@/utils/evidence/snapshot-texts';

// The small readers collectPageSnapshot hands its jobs to (issue 39): each
// answers what the evidence record then shows about the page.

const PAGE = 'https://phish.test/login?step=1';

describe('the page snapshot readers', () => {
  it.each([
    ['short text stays whole', 'abc', 5, 'abc'],
    ['text at the cap stays whole', 'abcde', 5, 'abcde'],
    ['longer text is cut with an ellipsis', 'abcdef', 5, 'abcde…'],
  ])('cutText: %s', (_case, text, max, shown) => {
    expect(cutText(text, max)).toBe(shown);
  });

  it.each([
    ['a missing action submits to the page', '', PAGE],
    ['a blank action submits to the page', '   ', PAGE],
    ['a relative action resolves against the base', ' /next.php ', 'https://phish.test/next.php'],
    ['an absolute action stays', 'https://collect.evil.test/p.php', 'https://collect.evil.test/p.php'],
    ['an action that is no URL is kept as written', 'http://[bad', 'http://[bad'],
  ])('formAction: %s', (_case, attribute, action) => {
    expect(formAction(attribute, PAGE, 'https://phish.test/login')).toBe(action);
  });

  it.each([
    [null, 'get'],
    ['', 'get'],
    [' POST ', 'post'],
    ['dialog', 'dialog'],
    ['put', 'get'],
  ])('formMethod(%j) is %s', (attribute, method) => {
    expect(formMethod(attribute)).toBe(method);
  });

  it.each([
    ['another origin over https', 'https://acme.example/help', 'https://acme.example/help'],
    ['another origin over http', 'http://tracker.test/t?x=1', 'http://tracker.test/t?x=1'],
    ['the page origin', 'https://phish.test/other', undefined],
    ['a mailto link', 'mailto:x@acme.example', undefined],
    ['an href that is no URL', 'not a url', undefined],
  ])('outboundHref: %s', (_case, href, shown) => {
    expect(outboundHref(href, 'https://phish.test')).toBe(shown);
  });

  it.each([
    ['an absolute script source', 'https://cdn.test/a.js', 'https://cdn.test'],
    ['a relative source, the page origin', '/local.js', 'https://phish.test'],
    ['about:blank', 'about:blank', undefined],
    ['a source that is no URL', 'http://[bad', undefined],
  ])('sourceOriginOf: %s', (_case, src, origin) => {
    expect(sourceOriginOf(src, PAGE)).toBe(origin);
  });

  it.each([
    ['text', 'a < b & "c" > d\u00a0e', false, 'a &lt; b &amp; "c" &gt; d&nbsp;e'],
    ['an attribute value', 'say "hi" & <go>', true, 'say &quot;hi&quot; &amp; &lt;go&gt;'],
  ])('escapeHtml escapes %s', (_case, text, attribute, html) => {
    expect(escapeHtml(text, attribute)).toBe(html);
  });
});
