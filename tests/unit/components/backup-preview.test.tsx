import { describe, expect, it, vi } from 'vitest';
import { BackupPreview } from '@/components/settings/backup-preview';
import type { ImportPlan } from '@/utils/backup/backup-plan';
import { DEFAULT_SETTINGS } from '@/utils/settings/settings';
import { storedReport } from '../backup/backup-fixtures';
import { useDomWindow } from './dom';

// The preview a person reads before an imported backup changes anything.

const { document, mount } = useDomWindow('chrome-extension://test/options.html');

const PLAN: ImportPlan = {
  changes: [
    { field: 'reporterEmail', from: 'me@acme.example', to: 'attacker@evil.example' },
    { field: 'defaultAction', from: 'tkd', to: 'monitor' },
    { field: 'evidence.screenshot', from: true, to: false },
    { field: 'phoneCountry', from: '', to: 'GB' },
    { field: 'notifyStatuses', from: ['closed', 'takedown_success'], to: [] },
  ],
  kept: [{ field: 'refreshMinutes', from: 30, to: 60 }],
  settings: DEFAULT_SETTINGS,
  reports: [storedReport('a'), storedReport('b'), storedReport('c')],
  newReports: 2,
  problems: [{ kind: 'dashboard_links_dropped', count: 2, host: 'api.example' }],
};

const cells = (row: Element) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('the import preview', () => {
  it('shows each change with its old and new value in words', () => {
    const root = mount(<BackupPreview plan={PLAN} onApply={() => {}} onCancel={() => {}} />);
    const rows = [...root.querySelectorAll('tbody tr')].map(cells);
    expect(rows).toEqual([
      ['Your email, for status updates', 'me@acme.example', 'attacker@evil.example'],
      ['Default action', 'Takedown', 'Monitor'],
      ['Screenshot by default', 'Yes', 'No'],
      ['Default country for phone numbers', '(none)', 'GB'],
      ['Statuses that notify', 'Closed, Taken down', '(none)'],
    ]);
    expect(root.querySelector('.backup-kept')?.textContent).toBe('Check statuses every (minutes): kept: set by your organisation');
    expect(root.textContent).toContain('The file brings 3 reports: 2 new, 1 already in this browser (left as they are).');
    expect(root.textContent).toContain('2 dashboard links not under api.example were left out');
  });

  it('takes the focus on its heading, and answers its two buttons', async () => {
    const onApply = vi.fn();
    const onCancel = vi.fn();
    const root = mount(<BackupPreview plan={PLAN} onApply={onApply} onCancel={onCancel} />);
    await vi.waitFor(() => expect(document.activeElement?.tagName).toBe('H4'));
    expect(document.activeElement?.textContent).toBe('What this file changes');
    const buttons = [...root.querySelectorAll('button')];
    expect(buttons.map((button) => button.textContent)).toEqual(['Apply these changes', 'Cancel']);
    (buttons[1] as HTMLButtonElement).click();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onApply).not.toHaveBeenCalled();
    (buttons[0] as HTMLButtonElement).click();
    expect(onApply).toHaveBeenCalledOnce();
  });

  it('says when no setting changes', () => {
    const root = mount(<BackupPreview plan={{ ...PLAN, changes: [], kept: [], problems: [] }} onApply={() => {}} onCancel={() => {}} />);
    expect(root.querySelector('table')).toBeNull();
    expect(root.textContent).toContain('No setting changes.');
  });
});
