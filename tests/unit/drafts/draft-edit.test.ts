import { describe, expect, it } from 'vitest';
import { buildDraftEdit, checkEmail, initialIncluded } from '@/utils/drafts/draft-edit';
import type { StoredFile } from '@/utils/storage/report-types';
import { DEFAULT_SETTINGS } from '@/utils/settings/settings';

const file = (role: StoredFile['role']): StoredFile => ({ name: role, type: 'text/plain', blob: new Blob([role]), role });

describe('the popup draft', () => {
  it.each([
    ['', true],
    ['  ', true],
    ['soc@acme.example', true],
    [' soc@acme.example ', true],
    ['soc@acme', false],
    ['soc acme@x.example', false],
    ['@acme.example', false],
  ])('reporter %j valid: %s', (value, valid) => {
    expect(checkEmail(value)).toBe(valid);
  });

  it('starts with the evidence the settings switch on, and always the user files and the record', () => {
    expect([...initialIncluded(DEFAULT_SETTINGS)].sort()).toEqual(['extra', 'page_details', 'page_source', 'record', 'screenshot']);
    expect([...initialIncluded({ ...DEFAULT_SETTINGS, evidence: { screenshot: false, pageSource: true, pageDetails: false } })].sort()).toEqual(['extra', 'page_source', 'record']);
  });

  it('builds the fields for the indicator and keeps only the files switched on', () => {
    const edit = buildDraftEdit({
      indicator: { type: 'phone', value: '+442079460958', warnings: [] },
      action: 'monitor',
      comment: '  Seen in a smishing wave ',
      reporter: ' soc@acme.example ',
      clientId: 'cl_acme_bank',
      files: [file('screenshot'), file('page_source'), file('extra')],
      included: new Set(['screenshot', 'extra']),
    });
    expect({ ...edit, files: edit.files.map((kept) => kept.role) }).toEqual({
      action: 'monitor',
      subject: { type: 'phone', value: '+442079460958' },
      fields: { incidentType: 'phone', subject: '+442079460958', reportedBy: 'soc@acme.example', clientId: 'cl_acme_bank', comment: 'Seen in a smishing wave' },
      files: ['screenshot', 'extra'],
    });
  });

  it('sends no empty reporter, client or comment', () => {
    const edit = buildDraftEdit({ indicator: { type: 'domain', value: 'evil.example', warnings: [] }, action: 'tkd', comment: ' ', reporter: '', clientId: '', files: [], included: new Set() });
    expect(edit.fields).toEqual({ url: 'evil.example' });
  });

  it('keeps every file when no toggles are given (the review window sends all the evidence)', () => {
    const edit = buildDraftEdit({
      indicator: { type: 'email', value: 'x@evil.example', warnings: [] },
      action: 'tkd',
      comment: '',
      reporter: '',
      clientId: '',
      files: [file('screenshot'), file('page_details')],
    });
    expect(edit.files.map((kept) => kept.role)).toEqual(['screenshot', 'page_details']);
  });
});
