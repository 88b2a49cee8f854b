import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DEFAULT_SETTINGS, type Settings } from '@/utils/settings/settings';
import { checklistSteps, readChecklistHidden, setChecklistHidden, watchChecklistHidden } from '@/utils/settings/checklist-steps';

describe('the setup checklist', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it.each<[string, Partial<Settings>, boolean[]]>([
    ['nothing set', {}, [false, false, false]],
    ['an email', { reporterEmail: 'soc@acme.example' }, [true, false, false]],
    ['own domains', { ownDomains: ['acme.example'] }, [false, true, false]],
    ['a phone country, from the browser or chosen', { phoneCountry: 'GB' }, [false, false, true]],
    ['all three', { reporterEmail: 'soc@acme.example', ownDomains: ['acme.example'], phoneCountry: 'GB' }, [true, true, true]],
  ])('%s: done %j', (_case, set, done) => {
    const steps = checklistSteps({ ...DEFAULT_SETTINGS, ...set });
    expect(steps.map((step) => step.field)).toEqual(['settings-reporter', 'settings-own-domains', 'settings-country']);
    expect(steps.map((step) => step.done)).toEqual(done);
  });

  it('shows until hidden, and again when asked, in every page', async () => {
    const heard: boolean[] = [];
    const unwatch = watchChecklistHidden((hidden) => heard.push(hidden));
    expect(await readChecklistHidden()).toBe(false);
    await setChecklistHidden(true);
    expect(await readChecklistHidden()).toBe(true);
    await setChecklistHidden(false);
    expect(heard).toEqual([true, false]);
    unwatch();
  });
});
