import type { ElementHandle, FileChooser, Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

// Keyboard-only driving of a view (issue 11): Tab to a control, checking at
// every stop that the focus shows, and a watch for focus dropped to <body>.

interface Focus {
  /** The focused element, for messages: `button#id[submit] "Send again"`; null for <body> or nothing. */
  name: string | null;
  /** Its outline and box-shadow, as computed. */
  outline: string;
  shows: boolean;
  /** With `track`: it had the focus before in this walk. */
  again: boolean;
  /** It is `target`. */
  onTarget: boolean;
  /** `target` is no longer in the page (redrawn). */
  targetGone: boolean;
}

/**
 * What has the focus, and whether it shows: an outline neither none nor 0
 * wide, or a box-shadow. With `track`, notes it in the walk's stops. One
 * round trip: a long Tab walk makes hundreds.
 */
function readFocus(page: Page, { track = false, target = null }: { track?: boolean; target?: ElementHandle | null } = {}): Promise<Focus> {
  return page.evaluate(
    ({ track, target }) => {
      const element = document.activeElement;
      if (!element || element === document.body || element === document.documentElement)
        return { name: null, outline: '', shows: false, again: false, onTarget: false, targetGone: Boolean(target && !target.isConnected) };
      const stops = ((globalThis as unknown as { tabStops?: Set<Element> }).tabStops ??= new Set());
      const again = track && stops.has(element);
      if (track) stops.add(element);
      const style = getComputedStyle(element);
      const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${'type' in element ? `[${String(element.type)}]` : ''} "${text}"`;
      const outlined = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
      return {
        name,
        outline: `${style.outlineStyle} ${style.outlineWidth} / ${style.boxShadow}`,
        shows: outlined || style.boxShadow !== 'none',
        again,
        onTarget: element === target,
        targetGone: Boolean(target && !target.isConnected),
      };
    },
    { track, target },
  );
}

function expectShown(focus: Focus): void {
  expect(focus.name, 'the focus is on a control, not <body>').not.toBeNull();
  expect(focus.shows, `${focus.name} shows its focus (outline / box-shadow: ${focus.outline})`).toBe(true);
}

/**
 * The focus is on a control (not <body>) and a focus indicator shows around
 * it. After an action the page moves the focus in a frame callback: waited for
 * (a drop that lasts is what watchFocusLoss records).
 */
export async function expectVisibleFocus(page: Page): Promise<void> {
  await expect.poll(async () => (await readFocus(page)).name, { message: 'the focus is on a control, not <body>' }).not.toBeNull();
  expectShown(await readFocus(page));
}

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus, checking the focus shows at every stop. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 80 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  let element = await target.elementHandle();
  for (let stop = 0; stop <= max; stop++) {
    if (stop > 0) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    let focus = await readFocus(page, { target: element });
    // A redrawn view replaced the element: found again.
    if (focus.targetGone) focus = await readFocus(page, { target: (element = await target.elementHandle()) });
    if (focus.onTarget) return expectShown(focus);
    // Past the page's end the focus leaves it for a press, then comes round.
    if (stop > 0 && focus.name !== null) expectShown(focus);
  }
  throw new Error(`${String(target)} was not reached in ${max} presses of ${back ? 'Shift+Tab' : 'Tab'}.`);
}

/**
 * Opens the file chooser of the focused file input with Space, as a keyboard
 * user does, and picks `files`. The page is brought to the front first (a
 * chooser opens only for the focused window's page), and the chooser is
 * listened for before the key: Playwright turns its interception on when the
 * first listener comes, asynchronously, and a page round trip lets that land.
 * A loaded shared Chromium has twice let a press pass with no chooser: the
 * key is pressed again, up to three times, while none has opened.
 */
export async function chooseFilesWithSpace(page: Page, files: Parameters<FileChooser['setFiles']>[0]): Promise<void> {
  await page.bringToFront();
  const choosers: FileChooser[] = [];
  const opened = (chooser: FileChooser) => choosers.push(chooser);
  page.on('filechooser', opened);
  try {
    await page.evaluate(() => document.readyState);
    for (let attempt = 1; choosers.length === 0; attempt++) {
      await page.keyboard.press('Space');
      await expect
        .poll(() => choosers.length, { timeout: 4_000 })
        .toBeGreaterThan(0)
        .catch((error: unknown) => {
          if (attempt === 3) throw error;
        });
    }
    await choosers[0]!.setFiles(files);
  } finally {
    page.off('filechooser', opened);
  }
}

/** Tabs to `target` and presses `key` on it (Enter by default). */
export async function activate(page: Page, target: Locator, key = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/**
 * Records each time the focus drops to <body> while the page has it: a focused
 * control removed or disabled, and nothing focused instead 100 ms later, nor
 * by the frame after (a page that moves the focus in a frame callback has had it).
 */
export async function watchFocusLoss(page: Page): Promise<void> {
  await page.evaluate(() => {
    const lost: string[] = [];
    Object.assign(globalThis, { focusLost: lost });
    const dropped = () => document.hasFocus() && (document.activeElement === document.body || !document.activeElement);
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    document.addEventListener('focusout', (event) => {
      // Focus that moved to another control was not lost.
      if (event.relatedTarget) return;
      const left = event.target as HTMLElement;
      const name = `${left.tagName.toLowerCase()} "${(left.getAttribute('aria-label') ?? left.textContent ?? '').trim().slice(0, 40)}"`;
      setTimeout(async () => {
        await frame();
        if (dropped()) await frame();
        if (dropped()) lost.push(name);
      }, 100);
    });
  });
}

/** Answers the controls whose focus dropped to <body> since the last call, and forgets them. */
export async function focusLosses(page: Page): Promise<string[]> {
  await page.waitForTimeout(150);
  return page.evaluate(() => (globalThis as unknown as { focusLost: string[] }).focusLost.splice(0));
}

/**
 * Tabs through the whole view from the top, then back: every visible control
 * is reached and shows its focus, and both ends lead out of the page or round
 * to its other end (no trap). Radio groups are one stop.
 */
export async function expectFullTabOrder(page: Page, max = 400): Promise<void> {
  for (const back of [false, true]) {
    // Every control given the focus in the pass counts as reached, read between presses or not. Past the page's
    // end Chromium brings the focus back by itself, asynchronously, sometimes after a read that saw <body>: the
    // next press then moves on from the control it came back to, which no read saw (the Shift+Tab pass of the
    // options page once missed its last control so, in a full run).
    await page.evaluate(() => {
      const walk = globalThis as unknown as { tabStops: Set<Element>; focusedStops: Set<Element>; focusWatched?: boolean };
      Object.assign(walk, { tabStops: new Set<Element>(), focusedStops: new Set<Element>() });
      if (!walk.focusWatched) document.addEventListener('focusin', (event) => walk.focusedStops.add(event.target as Element), true);
      walk.focusWatched = true;
    });
    // From wherever the focus is: on past the page's end (to <body> or round to its top) until a control comes again.
    // Past the end the focus may stay outside the page for a press or two (a loaded Chromium has been seen
    // taking two presses to come round): three in a row means it does not come back.
    let stops = 0;
    for (let outside = 0; stops < max; stops++) {
      await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
      const focus = await readFocus(page, { track: true });
      outside = focus.name === null ? outside + 1 : 0;
      if (focus.again || outside === 3) break;
      if (focus.name !== null) expectShown(focus);
    }
    expect(stops, `the ${back ? 'Shift+Tab' : 'Tab'} order comes to an end (no trap)`).toBeLessThan(max);
    const missed = await page.evaluate(() => {
      const { tabStops, focusedStops } = globalThis as unknown as { tabStops: Set<Element>; focusedStops: Set<Element> };
      const seen = new Set([...tabStops, ...focusedStops]);
      // A control the view drew again after the walk passed it (the review's rows, as their checks come in) is
      // a new element with the same id: reached all the same.
      const seenIds = new Set([...seen].map((element) => element.id).filter(Boolean));
      const reached = (element: Element) => seen.has(element) || (element.id !== '' && seenIds.has(element.id));
      const radioGroups = new Set<string>();
      const controls = [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]')].filter((element) => {
        if (element.tabIndex < 0 || (element as HTMLButtonElement).disabled || !element.checkVisibility({ visibilityProperty: true })) return false;
        if (element instanceof HTMLInputElement && element.type === 'radio') {
          // One stop per group: Tab reaches one radio, the arrow keys the others.
          if (radioGroups.has(element.name)) return false;
          radioGroups.add(element.name);
          return ![...document.getElementsByName(element.name)].some(reached);
        }
        return !reached(element);
      });
      return controls.map((element) => `${element.tagName.toLowerCase()}#${element.id} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`);
    });
    expect(missed, `controls the ${back ? 'Shift+Tab' : 'Tab'} order never reaches`).toEqual([]);
  }
}
