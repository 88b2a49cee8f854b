import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';
import { INCIDENT_CLASSES, INCIDENT_SOURCES, INCIDENT_STATUSES, INCIDENT_TYPES } from '@/utils/api/schemas/incident-vocabulary';
import type { ReportState } from '@/utils/storage/report-types';
import { clientWords, incidentClassWords, incidentSourceWords, incidentStatusWords, incidentTypeWords, reportStateWords } from '@/utils/incidents/incident-words';

// The one vocabulary (issue 21): every known value has words in every
// language, an unknown one reads "Other (value)", and this browser's report
// states never read like a status of the service.

const LANGUAGES = ['en', 'de', 'es'] as const;
const REPORT_STATES: ReportState[] = ['draft', 'queued', 'sending', 'sent', 'duplicate', 'failed', 'unknown'];
const messagesOf = Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, generateChromeMessages(await parseMessagesFile(`utils/i18n/locales/${language}.yml`))] as const)));

/** Answers chrome.i18n.getMessage from one language's file, as the browser would in that language. */
function speak(language: (typeof LANGUAGES)[number]): void {
  const messages = messagesOf[language]!;
  (fakeBrowser.i18n as { getMessage(key: string, substitutions?: string | string[]): string }).getMessage = (key, substitutions) => {
    const subs = substitutions === undefined ? [] : [substitutions].flat();
    return (messages[key]?.message ?? '').replace(/\$(\d)/g, (_match, index: string) => subs[Number(index) - 1] ?? '');
  };
}

const each = <T>(values: readonly T[]) => LANGUAGES.flatMap((language) => values.map((value) => [language, value] as const));

describe('the words of every known value, in every language', () => {
  it.each(each(INCIDENT_STATUSES))('%s: status %s', (language, status) => {
    speak(language);
    const words = incidentStatusWords(status);
    expect(words.trim()).not.toBe('');
    expect(words).not.toBe(status);
    expect(words).not.toContain(`(${status})`);
  });

  it.each(LANGUAGES)('%s: no two statuses read the same', (language) => {
    speak(language);
    expect(new Set(INCIDENT_STATUSES.map(incidentStatusWords)).size).toBe(INCIDENT_STATUSES.length);
  });

  it.each(each(INCIDENT_TYPES))('%s: type %s', (language, type) => {
    speak(language);
    expect(incidentTypeWords(type).trim()).not.toBe('');
    expect(incidentTypeWords(type)).not.toContain(`(${type})`);
  });

  it.each(each(INCIDENT_CLASSES))('%s: class %s', (language, value) => {
    speak(language);
    expect(incidentClassWords(value).trim()).not.toBe('');
    expect(incidentClassWords(value)).not.toContain(`(${value})`);
  });

  it.each(each(INCIDENT_SOURCES))('%s: source %s', (language, source) => {
    speak(language);
    expect(incidentSourceWords(source).trim()).not.toBe('');
    expect(incidentSourceWords(source)).not.toContain(source);
  });

  it.each(each(REPORT_STATES))('%s: the report state %s reads as this browser’s, never as a status of the service', (language, state) => {
    speak(language);
    const words = reportStateWords(state);
    expect(words.trim()).not.toBe('');
    expect(INCIDENT_STATUSES.map(incidentStatusWords)).not.toContain(words);
  });
});

describe('the English words', () => {
  it.each([
    ['pending_review', 'Pending review'],
    ['approval_required', 'Approval required'],
    ['takedown_success', 'Taken down'],
    ['action_required', 'Action required from you'],
    ['under_legal_review', 'Other (under_legal_review)'],
    [null, 'status not given'],
    [undefined, 'status not given'],
    ['', 'status not given'],
  ])('status %j reads "%s"', (status, words) => {
    expect(incidentStatusWords(status)).toBe(words);
  });

  it.each([
    ['page', 'Web page'],
    ['url', 'Web page'],
    ['domain', 'Domain'],
    ['ip_address', 'IP address'],
    ['ipv4', 'IP address'],
    ['browser_extension', 'Browser extension'],
    ['qr_code', 'Other (qr_code)'],
    [null, 'not given'],
  ])('type %j reads "%s": a report’s subject type as its incident’s', (type, words) => {
    expect(incidentTypeWords(type)).toBe(words);
  });

  it.each([
    ['brandabuse', 'Brand abuse'],
    ['other', 'Other or not yet classified'],
    ['cryptojacking', 'Other (cryptojacking)'],
    ['n/a', 'Other (n/a)'],
    [null, 'not given'],
  ])('class %j reads "%s"', (value, words) => {
    expect(incidentClassWords(value)).toBe(words);
  });

  it.each([
    ['CLIENT_REPORTED', 'Reported by your organisation'],
    ['SERVICE_DETECTED', 'Detected by the service'],
    ['PARTNER_FEED', 'Other (PARTNER_FEED)'],
    [null, 'not given'],
  ])('source %j reads "%s"', (source, words) => {
    expect(incidentSourceWords(source)).toBe(words);
  });

  it.each<[ReportState, string]>([
    ['draft', 'Not sent yet: draft'],
    ['queued', 'Not sent yet: queued'],
    ['sending', 'Not sent yet: sending…'],
    ['sent', 'Sent: status not known yet'],
    ['duplicate', 'Already an incident'],
    ['failed', 'Not sent: failed'],
    ['unknown', 'Maybe sent: not confirmed'],
  ])('report state %s reads "%s"', (state, words) => {
    expect(reportStateWords(state)).toBe(words);
  });

  it.each([
    ['Other in German', 'de', 'Sonstiges (qr_code)'],
    ['Other in Spanish', 'es', 'Otro (qr_code)'],
  ] as const)('%s: "%s"', (_name, language, words) => {
    speak(language);
    expect(incidentTypeWords('qr_code')).toBe(words);
  });
});

describe('clients', () => {
  const clients = [
    { id: 'cl_acme', name: 'Acme Holdings' },
    { id: 'cl_bank', name: null },
  ];
  it.each([
    ['a client of the saved list, by its name', 'cl_acme', undefined, 'Acme Holdings'],
    ['the name the answer gave first', 'cl_acme', 'Acme (from the answer)', 'Acme (from the answer)'],
    ['a client without a name, by its id said to be one', 'cl_bank', undefined, 'Client id cl_bank'],
    ['a client the list does not hold', 'cl_9a8b7c', null, 'Client id cl_9a8b7c'],
    ['no client', null, undefined, 'not given'],
  ] as const)('%s', (_name, clientId, given, words) => {
    expect(clientWords(clientId, clients, given)).toBe(words);
  });
});
