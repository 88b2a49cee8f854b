import { planWholePage, sliceAt, WHOLE_PAGE_MAX_PX, type SliceAt, type WholePagePlan } from './whole-page-plan';

// The tab's side of the whole page's screenshot (issue 41), injected by the
// worker (entrypoints/whole-page-steps.ts): it measures the page, then scrolls it a
// screen at a time while the worker captures each, and puts it back as the
// user left it. Fixed and sticky elements are drawn once: after the first
// screen they are hidden, so a sticky header is not repeated down the image.
// Runs in the tab's isolated world, out of the page's reach.

/** The steps the worker calls by name once the script is in the tab (`globalThis.takedownWholePage`). */
export interface WholePageSteps {
  /** Scrolls to slice `index` (hiding fixed and sticky elements from the second on) and answers it once drawn. */
  scroll(index: number): Promise<SliceAt>;
  /** Shows what was hidden and scrolls back to where the user was. */
  restore(): void;
}

/** An element hidden for the capture, with the inline visibility it had. */
interface Hidden {
  element: HTMLElement;
  value: string;
  priority: string;
}

/** Milliseconds spent at most looking for fixed and sticky elements: a page of millions of elements still gets its screenshot. */
const FIXED_SCAN_MS = 500;

/** Whether an element stays on screen as the page scrolls: fixed always; sticky only when it shows on the first screen (one further down may be drawn where it sticks, never lost). */
function drawnOnEveryScreen(element: Element, viewport: number): boolean {
  const { position } = getComputedStyle(element);
  if (position === 'fixed') return true;
  if (position !== 'sticky') return false;
  const box = element.getBoundingClientRect();
  return box.bottom > 0 && box.top < viewport;
}

/** Hides the fixed and sticky elements the first screen showed; answers them to show again. */
function hideFixed(viewport: number): Hidden[] {
  const hidden: Hidden[] = [];
  const deadline = performance.now() + FIXED_SCAN_MS;
  let looked = 0;
  for (const element of document.querySelectorAll<HTMLElement>('body *')) {
    if (++looked % 256 === 0 && performance.now() > deadline) break;
    if (!drawnOnEveryScreen(element, viewport)) continue;
    hidden.push({ element, value: element.style.getPropertyValue('visibility'), priority: element.style.getPropertyPriority('visibility') });
    element.style.setProperty('visibility', 'hidden', 'important');
  }
  return hidden;
}

/** Settles once the browser drew what changed (two frames), or after 300 ms where frames do not come. */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 300);
    requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
  });
}

/** Measures the page and installs the steps; answers the plan. Scrolls nothing yet. */
export function startWholePage(maxHeight = WHOLE_PAGE_MAX_PX): WholePagePlan {
  const root = document.documentElement;
  const viewport = root.clientHeight || innerHeight;
  const plan = {
    ...planWholePage(Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0), viewport, maxHeight),
    width: root.clientWidth || innerWidth,
    viewport,
    innerWidth,
    ratio: devicePixelRatio,
  };
  const left = { x: scrollX, y: scrollY };
  let hidden: Hidden[] | undefined;
  const steps: WholePageSteps = {
    async scroll(index) {
      if (index > 0) hidden ??= hideFixed(viewport);
      scrollTo({ left: 0, top: index * viewport, behavior: 'instant' });
      await painted();
      return sliceAt(index, viewport, plan.height, scrollY);
    },
    restore() {
      for (const { element, value, priority } of hidden ?? []) element.style.setProperty('visibility', value, priority);
      hidden = undefined;
      scrollTo({ left: left.x, top: left.y, behavior: 'instant' });
    },
  };
  (globalThis as { takedownWholePage?: WholePageSteps }).takedownWholePage = steps;
  return plan;
}
