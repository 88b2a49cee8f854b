import { describe, expect, it } from 'vitest';
import { PolicyView } from '@/components/settings/policy-view';
import { useDomWindow } from '../dom';

// Backup and policy: what the organisation's policy sets, setting by setting,
// in the words and values the settings form and the import preview use.

const { mount } = useDomWindow('chrome-extension://test/options.html');

const facts = (root: HTMLElement) => [...root.querySelectorAll('.fact')].map((fact) => [fact.querySelector('dt')?.textContent, fact.querySelector('dd')?.textContent]);

describe('the policy view', () => {
  it('says no policy applies when none does, and lists nothing', () => {
    const root = mount(<PolicyView managed={{ settings: {}, evidence: {}, hasApiKey: false }} />);
    expect(root.textContent).toBe('No policy from your organisation applies: every setting here is yours to change.');
    expect(root.querySelector('dl')).toBeNull();
  });

  it('names who manages the extension and lists the connection and every setting the policy sets, with its value', () => {
    const root = mount(
      <PolicyView
        managed={{
          managedBy: 'Acme Security',
          baseUrl: 'https://api.acme.example',
          hasApiKey: true,
          settings: { defaultAction: 'monitor', refreshMinutes: 30, notifyStatuses: [], confirmBeforeSend: true },
          evidence: { pageSource: false },
        }}
      />,
    );
    expect(root.querySelector('p')?.textContent).toBe('Your organisation manages this extension (Acme Security). Settings it sets are locked.');
    expect(root.querySelector('dl')?.getAttribute('aria-label')).toBe("What your organisation's policy sets");
    expect(facts(root)).toEqual([
      ['Service URL', 'https://api.acme.example'],
      ['API key', 'Set by your organisation'],
      ['Default action', 'Monitor'],
      ['Confirm before sending', 'Yes'],
      ['Check statuses every (minutes)', '30'],
      ['Statuses that notify', '(none)'],
      ['Page source by default', 'No'],
    ]);
  });

  it('without a name, says an organisation manages it', () => {
    const root = mount(<PolicyView managed={{ settings: { phoneCountry: 'GB' }, evidence: {}, hasApiKey: false }} />);
    expect(root.querySelector('p')?.textContent).toBe('Your organisation manages this extension. Settings it sets are locked.');
    expect(facts(root)).toEqual([['Default country for phone numbers', 'GB']]);
  });
});
