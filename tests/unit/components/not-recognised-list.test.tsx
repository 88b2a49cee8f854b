import { beforeAll, describe, expect, it, vi } from 'vitest';
import { NotRecognisedList } from '@/components/review/not-recognised-list';
import { checkIndicator } from '@/utils/indicators/check';
import type { FoundIndicator, NotRecognised } from '@/utils/indicators/find';
import { useDomWindow } from './dom';

// The review window's "Not recognised" list (issue 44): each item with its
// reason in words, tied to its button, and a way to add it.

const { mount, window } = useDomWindow('chrome-extension://test/review.html');

beforeAll(() => {
  vi.stubGlobal('requestAnimationFrame', (run: () => void) => setTimeout(run));
});

const ITEMS: NotRecognised[] = [
  { text: 'intranet.corp', check: checkIndicator('intranet.corp') },
  { text: '020 7946 0100', check: checkIndicator('020 7946 0100') },
];

/** The list mounted, and what it was asked to add. */
function listed(): { root: HTMLElement; added: [string, FoundIndicator][] } {
  const added: [string, FoundIndicator][] = [];
  const root = mount(<NotRecognisedList items={ITEMS} disabled={false} check={(text) => checkIndicator(text)} onAdd={(from, found) => added.push([from, found])} />);
  return { root, added };
}

describe('the "Not recognised" list', () => {
  it.each([
    [0, 'Add intranet.corp to the list', 'Not a known top-level domain — check the spelling.'],
    [1, 'Fix 020 7946 0100 and add it to the list', 'Write the number in international form (starting with +), or choose a default country in the settings.'],
  ])('item %i: its button says what it does, described by the reason', (index, label, reason) => {
    const button = listed().root.querySelectorAll('li button')[index]!;
    expect(button.getAttribute('aria-label')).toBe(label);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toContain(reason);
  });

  it('adds one that checks as it is', () => {
    const { root, added } = listed();
    (root.querySelector('li button') as HTMLButtonElement).click();
    expect(added.map(([from, found]) => [from, found.check.ok && found.check.indicator.value])).toEqual([['intranet.corp', 'intranet.corp']]);
  });

  it('opens one that does not check in a field, says why it still does not, and adds it once fixed', async () => {
    const { root, added } = listed();
    (root.querySelectorAll('li button')[1] as HTMLButtonElement).click();
    const field = await vi.waitFor(() => {
      const input = root.querySelector('input');
      if (!input) throw new Error('no field yet');
      return input;
    });
    (root.querySelector('form button[type="submit"]') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(root.querySelector('[role="alert"]')?.textContent).toContain('Write the number in international form'));
    expect(added).toEqual([]);
    field.value = '+44 20 7946 0100';
    field.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
    await vi.waitFor(() => {
      (root.querySelector('form button[type="submit"]') as HTMLButtonElement).click();
      expect(added.map(([from, found]) => [from, found.check.ok && found.check.indicator.value])).toEqual([['020 7946 0100', '+442079460100']]);
    });
  });
});
