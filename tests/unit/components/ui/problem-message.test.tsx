import { describe, expect, it } from 'vitest';
import { ProblemMessage } from '@/components/ui/problem-message';
import { useDomWindow } from '../dom';

// Every view shows a problem as this one paragraph: its class, its role and
// its words are what the theme, screen readers and the e2e specs rely on.

const { mount } = useDomWindow('chrome-extension://test/options.html');

const NOT_CONFIGURED = "The extension is not connected to your service yet. Set it up in the extension's settings.";

const paragraph = (root: HTMLElement) => root.querySelector('p') as HTMLParagraphElement;

describe('a problem message', () => {
  it('is an alert in the problem style saying the sentence, and nothing else', () => {
    const p = paragraph(mount(<ProblemMessage problem={{ kind: 'not_configured' }} />));
    expect(p.getAttribute('class')).toBe('problem');
    expect(p.getAttribute('role')).toBe('alert');
    expect(p.getAttributeNames()).toHaveLength(2);
    expect(p.textContent).toBe(NOT_CONFIGURED);
  });

  it.each([
    ['status', 'status'],
    [null, null],
  ] as const)('takes role %s instead of alert', (role, attribute) => {
    const p = paragraph(mount(<ProblemMessage problem={{ kind: 'not_configured' }} role={role} />));
    expect(p.getAttribute('role')).toBe(attribute);
    expect(p.className).toBe('problem');
    expect(p.textContent).toBe(NOT_CONFIGURED);
  });

  it('adds what still holds after one space', () => {
    const p = paragraph(mount(<ProblemMessage problem={{ kind: 'report_busy' }} extra="Statuses as of 3 minutes ago." />));
    expect(p.textContent).toBe('This report is being sent already, or was sent. Wait for its result. Statuses as of 3 minutes ago.');
  });

  it('keeps the space before an extra that is empty, as the refresh line always rendered it', () => {
    const p = paragraph(mount(<ProblemMessage problem={{ kind: 'not_configured' }} role="status" extra={null} />));
    expect(p.textContent).toBe(`${NOT_CONFIGURED} `);
  });
});
