import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ProblemMessage } from '@/components/ui/problem-message';
import { fixLink } from '@/components/ui/fix-link';
import type { Problem } from '@/utils/problems/kinds';
import { useDomWindow } from '../dom';

// "Set it up in the extension's settings", "check it in the settings": on the
// review window and the incident page, such a problem links to the options
// section where it is fixed.

const { mount } = useDomWindow('chrome-extension://test/review.html');

const OPTIONS = `chrome-extension://${fakeBrowser.runtime.id}/options.html`;

describe('a problem fixed in the settings', () => {
  it.each<[string, Problem, string]>([
    ['not set up', { kind: 'not_configured' }, '#connection'],
    ['access to the service not granted', { kind: 'permission_missing', origin: 'https://api.example' }, '#connection'],
    ['the key rejected', { kind: 'unauthorized' }, '#connection'],
    ['the key not authorised for a client', { kind: 'unauthorized', clientScoped: true }, '#connection'],
    ['the service unreachable', { kind: 'network' }, '#connection'],
    ['the saved URL not valid', { kind: 'invalid_request', refusal: 'invalid_base_url' }, '#connection'],
    // The phone country field itself (issue 44, point 8): the options page opens Reporting with it focused.
    ['a phone number without a default country', { kind: 'invalid_indicator', reason: 'phone_needs_country' }, '#settings-country'],
  ])('%s: links to the options page on %s, in a new tab', (_name, problem, fragment) => {
    const root = mount(<ProblemMessage problem={problem} extra={fixLink(problem)} />);
    const link = root.querySelector('a')!;
    expect(link.getAttribute('href')).toBe(`${OPTIONS}${fragment}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe(fragment === '#connection' ? 'Open the connection settings' : 'Set your phone country');
    expect(root.querySelector('p')?.textContent?.endsWith(` ${link.textContent}`)).toBe(true);
  });

  it.each<[string, Problem]>([
    ['a report no longer saved', { kind: 'report_missing' }],
    ['a server error', { kind: 'server_error', status: 502 }],
    ['a phone number not valid', { kind: 'invalid_indicator', reason: 'phone_invalid' }],
    ['another refusal', { kind: 'invalid_request', refusal: 'file_type' }],
  ])('%s: no link', (_name, problem) => {
    expect(fixLink(problem)).toBeUndefined();
  });
});
