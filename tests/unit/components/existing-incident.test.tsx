import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { ExistingIncident, followUpLabel } from '@/components/reporting/existing-incident';
import type { FoundIncident } from '@/utils/incidents/find-incident';
import { useDomWindow } from './dom';

// What a user can do on a subject that is already an incident, instead of reporting it twice.

const { window, mount } = useDomWindow();

const INCIDENT: FoundIncident = { id: 'INC-1042', status: 'in_progress', subject: 'https://examplebank-login.example/', incidentType: 'phishing', createdAt: null, reportedBy: null };

describe('a follow-up button', () => {
  it.each([
    ['comment', false, 'Add this comment'],
    ['comment', true, 'Comment added'],
    ['attach', false, 'Attach the new evidence'],
    ['attach', true, 'Evidence attached'],
    ['takedown', false, 'Request takedown'],
    ['takedown', true, 'Takedown requested'],
  ] as const)('for %s (done: %s) says “%s”', (kind, done, label) => {
    expect(followUpLabel(kind, done)).toBe(label);
  });
});

describe('an existing incident', () => {
  it.each([
    ['offers attaching the draft’s evidence', 'draft-1', true, ['Add this comment', 'Attach the new evidence', 'Request takedown']],
    ['without evidence, offers no attaching', 'draft-1', false, ['Add this comment', 'Request takedown']],
    ['without a draft, offers no attaching', undefined, true, ['Add this comment', 'Request takedown']],
  ])('%s', (_name, reportId, hasEvidence, buttons) => {
    const root = mount(<ExistingIncident incident={INCIDENT} reportId={reportId} hasEvidence={hasEvidence} comment="" idPrefix="test" />);
    expect([...root.querySelectorAll('button')].map((button) => button.textContent)).toEqual(buttons);
  });

  it('refuses an empty comment, tied to its field, until the user types', () => {
    const root = mount(<ExistingIncident incident={INCIDENT} hasEvidence={false} comment="  " idPrefix="test" />);
    act(() => root.querySelector('button')!.click());
    const field = root.querySelector<HTMLTextAreaElement>('#test-followup-comment')!;
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(root.querySelector(`#${field.getAttribute('aria-describedby')}`)?.textContent).toBe('Write a comment first.');
    act(() => {
      field.value = 'Same kit as INC-1041.';
      field.dispatchEvent(new window.Event('input', { bubbles: true }) as unknown as Event);
    });
    expect(field.hasAttribute('aria-invalid')).toBe(false);
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });
});
