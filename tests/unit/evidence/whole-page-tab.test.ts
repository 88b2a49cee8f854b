// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startWholePage, type WholePageSteps } from '@/utils/evidence/whole-page-tab';

// Issue 41: the tab's side of the whole page. happy-dom lays nothing out, so
// the page's height, the screen's and the sticky header's box are given here;
// scrolling and computed styles are happy-dom's own.

const steps = () => (globalThis as unknown as { takedownWholePage: WholePageSteps }).takedownWholePage;

/** A page 4850 px tall on a screen 800 px tall, with a sticky header, a fixed chat button, a sticky table head further down and a plain paragraph. */
function buildPage(): Record<'header' | 'chat' | 'tableHead' | 'text', HTMLElement> {
  document.body.innerHTML =
    '<header id="header" style="position: sticky; top: 0">Acme</header><button id="chat" style="position: fixed; bottom: 0">Chat</button>' +
    '<p id="text">Sign in below</p><table><thead id="tableHead" style="position: sticky; top: 0"><tr><th>Plan</th></tr></thead></table>';
  for (const [name, value] of [
    ['scrollHeight', 4850],
    ['clientHeight', 800],
    ['clientWidth', 1265],
  ] as const) {
    Object.defineProperty(document.documentElement, name, { configurable: true, value });
  }
  const at = (id: string, top: number) => vi.spyOn(document.getElementById(id)!, 'getBoundingClientRect').mockReturnValue({ top, bottom: top + 40 } as DOMRect);
  at('header', 0);
  at('tableHead', 3000);
  return { header: document.getElementById('header')!, chat: document.getElementById('chat')!, tableHead: document.getElementById('tableHead')!, text: document.getElementById('text')! };
}

beforeEach(() => {
  window.scrollTo({ top: 1234, behavior: 'instant' });
});
afterEach(() => {
  delete (globalThis as { takedownWholePage?: unknown }).takedownWholePage;
});

describe('the whole page in the tab', () => {
  it('measures the page and plans its screens, scrolling nothing yet', () => {
    buildPage();
    const plan = startWholePage();
    expect(plan).toMatchObject({ pageHeight: 4850, height: 4850, slices: 7, viewport: 800, width: 1265 });
    expect(scrollY).toBe(1234);
  });

  it('cuts the plan at the cap it is given', () => {
    buildPage();
    expect(startWholePage(2000)).toMatchObject({ pageHeight: 4850, height: 2000, slices: 3 });
  });

  it('draws the sticky header and the fixed button on the first screen only, and keeps a sticky head further down', async () => {
    const page = buildPage();
    startWholePage();
    const visible = () => Object.fromEntries(Object.entries(page).map(([name, element]) => [name, element.style.visibility !== 'hidden']));
    expect(await steps().scroll(0)).toEqual({ top: 0, offset: 0, rows: 800 });
    expect(visible()).toEqual({ header: true, chat: true, tableHead: true, text: true });
    expect(await steps().scroll(1)).toEqual({ top: 800, offset: 0, rows: 800 });
    expect(visible()).toEqual({ header: false, chat: false, tableHead: true, text: true });
    expect(page.header.style.getPropertyPriority('visibility')).toBe('important');
  });

  it('puts the page back as the user left it: scrolled where it was, every element shown as before', async () => {
    const page = buildPage();
    page.chat.style.setProperty('visibility', 'visible');
    startWholePage();
    await steps().scroll(0);
    await steps().scroll(1);
    steps().restore();
    expect([page.header.style.visibility, page.chat.style.visibility, scrollY]).toEqual(['', 'visible', 1234]);
  });
});
