import { describe, expect, it } from 'vitest';
import { listFileText, resultsCsv } from '@/utils/drafts/bulk';

describe('bulk lists', () => {
  it.each([
    ['list.txt', 'hxxps://evil[.]example/a,b\nfoo', 'hxxps://evil[.]example/a,b\nfoo'],
    ['LIST.CSV', 'indicator,note\n"https://evil.example/a,b", seen today\nscam@fraud.example,\n', 'indicator\nnote\nhttps://evil.example/a,b\nseen today\nscam@fraud.example'],
    ['list.csv', '', ''],
  ])('%s is read as its cells', (name, content, expected) => {
    expect(listFileText(name, content)).toBe(expected);
  });

  it('exports results as CSV, quoting commas and neutralising formulas', () => {
    const csv = resultsCsv([
      {
        indicator: 'https://evil.example/a,b',
        type: 'url',
        action: 'tkd',
        result: 'sent',
        incidentId: 'inc_1',
        incidentStatus: 'Pending review',
        dashboardUrl: 'https://dash.example/inc_1',
        message: '',
      },
      { indicator: '=HYPERLINK("http://x")', type: '', action: 'tkd', result: 'invalid', incidentId: '', incidentStatus: '', dashboardUrl: '', message: 'This is not "valid".' },
      { indicator: '+442079460958', type: 'phone', action: 'monitor', result: 'existing', incidentId: '123456', incidentStatus: 'Closed', dashboardUrl: '', message: '' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'indicator,type,action,result,incident_id,incident_status,dashboard_url,message',
      '"https://evil.example/a,b",url,tkd,sent,inc_1,Pending review,https://dash.example/inc_1,',
      `"'=HYPERLINK(""http://x"")",,tkd,invalid,,,,"This is not ""valid""."`,
      `"'+442079460958",phone,monitor,existing,123456,Closed,,`,
    ]);
  });
});
