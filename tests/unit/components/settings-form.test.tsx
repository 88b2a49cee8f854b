import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { SettingsForm } from '@/components/settings/settings-form';
import { ConnectionForm } from '@/components/connection/connection-form';
import { managedView, readPolicy } from '@/utils/settings/managed';
import { DEFAULT_SETTINGS } from '@/utils/settings/settings';
import { useDomWindow } from './dom';

const { window, document, mount } = useDomWindow();

describe('settings the organisation set', () => {
  it('are shown locked, with why, and the others stay editable', () => {
    const managed = managedView(readPolicy({ defaultAction: 'monitor', refreshMinutes: 30, evidence: { screenshot: true } }));
    const root = mount(<SettingsForm settings={{ ...DEFAULT_SETTINGS, defaultAction: 'monitor', refreshMinutes: 30 }} connection={null} managed={managed} />);
    const locked = [...root.querySelectorAll('fieldset[data-locked]')];
    expect(locked).toHaveLength(3);
    for (const fieldset of locked) {
      expect((fieldset as HTMLFieldSetElement).disabled).toBe(true);
      expect(fieldset.textContent).toContain('Set by your organisation.');
    }
    expect(locked.some((fieldset) => fieldset.querySelector('#settings-refresh-minutes'))).toBe(true);
    expect(locked.some((fieldset) => fieldset.querySelector('#settings-screenshot'))).toBe(true);
    expect(root.querySelector('#settings-reporter')?.closest('fieldset[data-locked]')).toBeNull();
    expect(root.querySelector('#settings-source')?.closest('fieldset[data-locked]')).toBeNull();
  });

  // act() runs the effects a render scheduled (Preact waits for the next frame) before it returns: no fixed wait.
  it('follow a change made elsewhere, unless the user is editing', () => {
    const none = managedView(readPolicy({}));
    const root = document.createElement('div');
    document.body.append(root);
    act(() => render(<SettingsForm settings={DEFAULT_SETTINGS} connection={null} managed={none} />, root));
    act(() => render(<SettingsForm settings={{ ...DEFAULT_SETTINGS, refreshMinutes: 45 }} connection={null} managed={none} />, root));
    const minutes = root.querySelector<HTMLInputElement>('#settings-refresh-minutes')!;
    expect(minutes.value).toBe('45');
    act(() => {
      minutes.value = '20';
      minutes.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
    });
    act(() => render(<SettingsForm settings={{ ...DEFAULT_SETTINGS, refreshMinutes: 90 }} connection={null} managed={none} />, root));
    expect(root.querySelector<HTMLInputElement>('#settings-refresh-minutes')!.value).toBe('20');
  });

  it('keep an edit made after a change elsewhere rendered and before its effect ran (a settings read landing as the user picks)', () => {
    const none = managedView(readPolicy({}));
    const root = document.createElement('div');
    document.body.append(root);
    act(() => render(<SettingsForm settings={DEFAULT_SETTINGS} connection={null} managed={none} />, root));
    // The new settings render now; their effect runs only when act() ends, after the edit.
    act(() => {
      render(<SettingsForm settings={{ ...DEFAULT_SETTINGS, refreshMinutes: 45 }} connection={null} managed={none} />, root);
      const minutes = root.querySelector<HTMLInputElement>('#settings-refresh-minutes')!;
      minutes.value = '20';
      minutes.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
    });
    expect(root.querySelector<HTMLInputElement>('#settings-refresh-minutes')!.value).toBe('20');
  });

  it('none locked without a policy', () => {
    const root = mount(<SettingsForm settings={DEFAULT_SETTINGS} connection={null} managed={managedView(readPolicy({}))} />);
    expect(root.querySelectorAll('fieldset[data-locked]')).toHaveLength(0);
  });

  it('a connection the policy sets shows its URL read-only and no key field', () => {
    const managed = managedView(readPolicy({ baseUrl: 'https://api.acme.example', apiKey: 'managed_key_0001' }));
    const root = mount(<ConnectionForm status={{ state: 'not_configured' }} onSaved={() => {}} managed={managed} />);
    const url = root.querySelector<HTMLInputElement>('#baseUrl')!;
    expect(url.value).toBe('https://api.acme.example');
    expect(url.readOnly).toBe(true);
    expect(root.querySelector('#apiKey')).toBeNull();
    expect(root.textContent).toContain('The API key is set by your organisation');
    expect(root.innerHTML).not.toContain('managed_key_0001');
  });
});

describe('the evidence of a selection in the settings', () => {
  it.each([
    ['off by default, saying a selection sends the record alone', DEFAULT_SETTINGS, {}, false, false],
    ['on when chosen', { ...DEFAULT_SETTINGS, selectionPageEvidence: true }, {}, true, false],
    ['locked when the organisation sets it', DEFAULT_SETTINGS, { selectionPageEvidence: false }, false, true],
  ])('is %s', (_name, settings, policy, checked, locked) => {
    const root = mount(<SettingsForm settings={settings} connection={null} managed={managedView(readPolicy(policy))} />);
    const toggle = root.querySelector<HTMLInputElement>('#settings-selection-evidence')!;
    expect(toggle.checked).toBe(checked);
    expect(toggle.closest('fieldset[data-locked]') !== null).toBe(locked);
    expect(root.querySelector(`#${toggle.getAttribute('aria-describedby')}`)?.textContent).toBe(
      'Off: a report of selected text sends only the evidence record (what was reported, when and by whom), unless you tick the screenshot or the source in its review window. The page you select from may be internal, like a ticket, a chat or a portal.',
    );
  });
});

describe('the screenshot’s area (issue 41)', () => {
  const none = managedView(readPolicy({}));
  const radio = (root: Element, id: string) => root.querySelector<HTMLInputElement>(`#${id}`)!;

  it('offers the visible screen (chosen by default) or the whole page too, saying what the whole page costs', () => {
    const root = mount(<SettingsForm settings={DEFAULT_SETTINGS} connection={null} managed={none} />);
    expect([radio(root, 'settings-visible-screen').checked, radio(root, 'settings-whole-page').checked]).toEqual([true, false]);
    const choice = radio(root, 'settings-whole-page').closest('fieldset')!;
    expect(choice.textContent).toContain('The visible screen, then the whole page');
    expect(choice.textContent).toContain('up to 20,000 pixels tall, as a second image');
  });

  it('cannot be chosen without a screenshot, and the organisation can set it', () => {
    const off = mount(<SettingsForm settings={{ ...DEFAULT_SETTINGS, evidence: { ...DEFAULT_SETTINGS.evidence, screenshot: false } }} connection={null} managed={none} />);
    expect(radio(off, 'settings-whole-page').closest<HTMLFieldSetElement>('fieldset')!.disabled).toBe(true);
    const managed = managedView(readPolicy({ wholePageScreenshot: true }));
    const locked = mount(<SettingsForm settings={{ ...DEFAULT_SETTINGS, wholePageScreenshot: true }} connection={null} managed={managed} />);
    expect(radio(locked, 'settings-whole-page').checked).toBe(true);
    expect(radio(locked, 'settings-whole-page').closest('fieldset[data-locked]')?.textContent).toContain('Set by your organisation.');
  });
});
