import { act } from 'preact/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { NavigationSetting } from '@/components/settings/navigation-setting';
import { SettingsForm } from '@/components/settings/settings-form';
import { managedView, readPolicy } from '@/utils/settings/managed';
import { DEFAULT_SETTINGS } from '@/utils/settings/settings';
import { useDomWindow } from './dom';

// "Record how I reached each page" (issue 41): off by default, the permission
// asked for in the click that turns it on, given back when it is turned off.

const { mount } = useDomWindow();

let held = false;
let answer = true;
const request = vi.fn(async () => {
  held = answer;
  return answer;
});
const remove = vi.fn(async () => {
  held = false;
  return true;
});

beforeEach(() => {
  held = false;
  answer = true;
  request.mockClear();
  remove.mockClear();
  Object.assign(fakeBrowser, { permissions: { contains: async () => held, request, remove } });
});

/** The setting rendered as the form holds it; `changes` collects what it reports to the form. */
async function shown(checked: boolean, locked = false) {
  const changes: boolean[] = [];
  let root!: HTMLElement;
  await act(async () => {
    root = mount(<NavigationSetting checked={checked} locked={locked} onChange={(value) => changes.push(value)} />);
  });
  const box = root.querySelector<HTMLInputElement>('#settings-record-navigation')!;
  const click = () =>
    act(async () => {
      box.click();
      await vi.waitFor(() => expect(request.mock.calls.length + remove.mock.calls.length).toBeGreaterThan(0));
    });
  return { root, box, changes, click };
}

describe('recording how each page was reached, in the settings', () => {
  it('is off by default, saying what it records and the permission it needs', () => {
    const root = mount(<SettingsForm settings={DEFAULT_SETTINGS} connection={null} managed={managedView(readPolicy({}))} />);
    const box = root.querySelector<HTMLInputElement>('#settings-record-navigation')!;
    expect(box.checked).toBe(false);
    const hint = root.querySelector(`#${box.getAttribute('aria-describedby')}`)?.textContent ?? '';
    expect(hint).toContain('the addresses the browser went through to reach its page');
    expect(hint).toContain('forgotten when the tab closes; never synced');
    expect(hint).toContain('permission to see the tabs’ navigation');
  });

  it('asks for the permission in the click that turns it on', async () => {
    const { box, changes, click } = await shown(false);
    await click();
    expect(request).toHaveBeenCalledWith({ permissions: ['webNavigation'] });
    await vi.waitFor(() => expect(changes).toEqual([true]));
    expect(box.checked).toBe(true);
  });

  it('stays off with a sentence when the permission is refused', async () => {
    answer = false;
    const { root, box, changes, click } = await shown(false);
    await click();
    await vi.waitFor(() => expect(root.querySelector('[role="alert"]')?.textContent).toBe('The browser did not give the permission: nothing is recorded, and the setting stays off.'));
    expect(changes).toEqual([]);
    expect(box.checked).toBe(false);
  });

  it('gives the permission back when turned off', async () => {
    held = true;
    const { changes, click } = await shown(true);
    await click();
    expect(remove).toHaveBeenCalledWith({ permissions: ['webNavigation'] });
    expect(changes).toEqual([false]);
    expect(request).not.toHaveBeenCalled();
  });

  it('on without the permission (a policy, a backup), says nothing is recorded and offers to allow it, even locked', async () => {
    const { root } = await shown(true, true);
    expect(root.querySelector('fieldset[data-locked] #settings-record-navigation')).not.toBeNull();
    await vi.waitFor(() => expect(root.textContent).toContain('On, but the browser has not given the permission to see the tabs’ navigation: nothing is recorded until you allow it.'));
    const allow = [...root.querySelectorAll('button')].find((button) => button.textContent === 'Allow')!;
    expect(allow.closest('fieldset[disabled]')).toBeNull();
    await act(async () => {
      allow.click();
      await vi.waitFor(() => expect(request).toHaveBeenCalled());
    });
    await vi.waitFor(() => expect(root.textContent).not.toContain('nothing is recorded until you allow it'));
  });
});
