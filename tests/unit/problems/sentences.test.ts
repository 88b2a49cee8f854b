import { describe, expect, it } from 'vitest';
import { describeIndicatorWarning, describeProblem, formatMegabytes, formatWait } from '@/utils/problems/sentences';
import type { Problem } from '@/utils/problems/kinds';

// Every kind and fact a problem can carry, and the exact English sentence a
// person reads for it (utils/i18n/locales/en.yml through the browser's i18n).

const CASES: [string, Problem, string][] = [
  ['url_empty', { kind: 'invalid_input', reason: 'url_empty' }, 'Enter the service URL, for example https://api.example.com.'],
  ['url_invalid', { kind: 'invalid_input', reason: 'url_invalid' }, 'This is not a URL. Use the form https://api.example.com.'],
  ['url_not_https', { kind: 'invalid_input', reason: 'url_not_https' }, 'The service URL must start with https://.'],
  ['url_http_not_loopback', { kind: 'invalid_input', reason: 'url_http_not_loopback' }, 'The service URL must start with https:// (plain http is allowed only for 127.0.0.1 or localhost).'],
  ['url_credentials', { kind: 'invalid_input', reason: 'url_credentials' }, 'Leave the user name and password out of the URL; the API key is entered below.'],
  ['url_query', { kind: 'invalid_input', reason: 'url_query' }, 'Use the service root only, without ? or # parts.'],
  ['key_empty', { kind: 'invalid_input', reason: 'key_empty' }, 'Enter the API key.'],
  ['key_whitespace', { kind: 'invalid_input', reason: 'key_whitespace' }, 'The API key contains spaces or line breaks; paste it again without them.'],
  ['key_short', { kind: 'invalid_input', reason: 'key_short' }, 'This key is too short to be an API key; paste the whole key.'],
  ['key_new_origin', { kind: 'invalid_input', reason: 'key_new_origin' }, 'Enter the API key again for this new address: the saved key is only sent to the address it was saved for.'],
  [
    'policy_url_missing',
    { kind: 'invalid_input', reason: 'policy_url_missing' },
    "Your organisation's policy sets an API key but no service URL, so nothing is sent. Ask your administrator to set baseUrl in the policy.",
  ],
  ['indicator empty', { kind: 'invalid_indicator', reason: 'empty' }, 'Enter a URL, domain, email address, phone number or IPv4 address.'],
  ['indicator unrecognised', { kind: 'invalid_indicator', reason: 'unrecognised' }, 'This is not a URL, domain, email address, phone number or IPv4 address.'],
  ['indicator scheme', { kind: 'invalid_indicator', reason: 'url_scheme' }, 'Only http and https addresses can be reported.'],
  ['indicator url', { kind: 'invalid_indicator', reason: 'url_invalid' }, 'This URL cannot be read. Check it and try again.'],
  ['indicator domain', { kind: 'invalid_indicator', reason: 'domain_invalid' }, 'This is not a valid domain name.'],
  ['indicator email', { kind: 'invalid_indicator', reason: 'email_invalid' }, 'This is not a valid email address.'],
  ['indicator phone', { kind: 'invalid_indicator', reason: 'phone_invalid' }, 'This is not a valid phone number. Write it in international form, for example +44 20 7946 0958.'],
  ['indicator phone country', { kind: 'invalid_indicator', reason: 'phone_needs_country' }, 'Write the number in international form (starting with +), or choose a default country in the settings.'],
  ['indicator ipv4', { kind: 'invalid_indicator', reason: 'ipv4_invalid' }, 'This is not a valid IPv4 address: use four numbers from 0 to 255, such as 203.0.113.7.'],
  ['not configured', { kind: 'not_configured' }, "The extension is not connected to your service yet. Set it up in the extension's settings."],
  [
    'permission missing',
    { kind: 'permission_missing', origin: 'https://api.example' },
    'The extension is not allowed to contact https://api.example. Save the connection again in the settings and allow access when asked.',
  ],
  [
    'permission declined',
    { kind: 'permission_missing', origin: 'https://api.example', declined: true },
    'Access to https://api.example was not allowed, so the extension cannot reach the service. Save again and choose Allow.',
  ],
  ['key rejected', { kind: 'key_rejected', origin: 'https://api.example' }, 'https://api.example rejected this API key. Check that you copied the whole key and that it is still active.'],
  ['unreachable', { kind: 'unreachable', origin: 'https://api.example' }, 'Could not reach https://api.example. Check the address and your network, then try again.'],
  ['not the api', { kind: 'not_the_api', origin: 'https://api.example', status: 404 }, 'https://api.example answered, but not as the incident API does. Check the service URL.'],
  ['background', { kind: 'background_unreachable' }, "The extension's background did not answer. Close this page and open it again; if that does not help, reload the extension."],
  ['report missing', { kind: 'report_missing' }, 'This report is no longer saved in this browser. Write it again.'],
  ['report not saved', { kind: 'report_not_saved' }, 'The report could not be saved in this browser, so nothing was sent. Try again; if it keeps failing, restart the browser.'],
  ['report not saved, no room', { kind: 'report_not_saved', full: true }, 'The browser has no room left to save the report, so nothing was sent. Free some disk space, then try again.'],
  ['reports unreadable', { kind: 'reports_unreadable' }, 'The reports kept in this browser could not be read. Nothing was deleted; reload the page to try again.'],
  [
    'reports a newer version changed',
    { kind: 'reports_unreadable', newer: 12 },
    'The reports kept in this browser were last changed by a newer version of the extension, in a way this version cannot read. Nothing was deleted; update the extension again to see them.',
  ],
  ['code not loaded', { kind: 'code_not_loaded' }, 'This part of the page could not be loaded, most likely because the extension was updated since the page opened. Reload the page.'],
  ['report busy', { kind: 'report_busy' }, 'This report is being sent already, or was sent. Wait for its result.'],
  ['key refused', { kind: 'unauthorized', status: 401 }, "The service rejected the API key. Check it in the extension's settings."],
  ['client refused', { kind: 'unauthorized', status: 401, clientScoped: true }, 'This API key is not authorised for that client. Choose another client, or check the key in the settings.'],
  ['no incident', { kind: 'not_found', status: 404, target: 'incident' }, 'No incident with this id was found for your clients.'],
  ['no subject', { kind: 'not_found', status: 404, target: 'subject' }, 'No incident was found for this subject.'],
  ['no document', { kind: 'not_found', status: 404, target: 'document' }, 'No document with this id was found for your clients.'],
  ['no webhook', { kind: 'not_found', status: 404, target: 'webhook' }, 'No webhook subscription with this id was found.'],
  ['no record', { kind: 'not_found', status: 404 }, 'The service has no record of what was asked for.'],
  ['duplicate', { kind: 'duplicate', status: 409 }, 'This threat was already reported: the service already has an incident for it.'],
  ['too many files', { kind: 'too_large', refusal: 'too_many_files', fileCount: 14, limit: 12 }, 'The service accepts at most 12 files at a time; 14 were chosen. Remove 2.'],
  [
    'too many bytes',
    { kind: 'too_large', refusal: 'too_many_bytes', totalBytes: 10_123_456, limit: 10_000_000 },
    'The files add up to 10.1 MB with the report; the service accepts under 10 MB in total. Remove or shrink some.',
  ],
  ['413', { kind: 'too_large', status: 413 }, 'The attachments are too large for the service: send at most 12 files, under 10 MB in total.'],
  ['missing id', { kind: 'invalid_request', refusal: 'missing_id' }, 'The request is missing an id.'],
  ['dot id', { kind: 'invalid_request', refusal: 'dot_segment' }, '“.” and “..” cannot be used as an id or subject; they would address another resource.'],
  ['no files', { kind: 'invalid_request', refusal: 'no_files' }, 'Choose at least one file to attach.'],
  [
    'file type',
    { kind: 'invalid_request', refusal: 'file_type', fileName: 'tool.exe' },
    '“tool.exe” is not a file type the service accepts. Use PNG, JPEG, PDF, EML, TXT, MSG, CSV, DOC, DOCX, XLS or XLSX.',
  ],
  ['empty comment', { kind: 'invalid_request', refusal: 'empty_comment' }, 'Write the comment first: an empty comment is not sent.'],
  ['webhook http', { kind: 'invalid_request', refusal: 'webhook_not_https' }, 'The webhook URL must start with https://.'],
  ['bad base url', { kind: 'invalid_request', refusal: 'invalid_base_url' }, "The saved service URL is not valid. Check it in the extension's settings."],
  [
    'server words',
    { kind: 'invalid_request', status: 400, serverMessage: 'subject must be a valid E.164 phone number' },
    'The service refused the request: subject must be a valid E.164 phone number',
  ],
  ['400 without words', { kind: 'invalid_request', status: 422 }, 'The service refused the request as invalid (HTTP 422).'],
  ['429 no header', { kind: 'rate_limited', status: 429 }, 'Too many requests. Wait a moment and try again.'],
  ['429 now', { kind: 'rate_limited', status: 429, retryAfterSeconds: 0 }, 'Too many requests. Try again now.'],
  ['429 seconds', { kind: 'rate_limited', status: 429, retryAfterSeconds: 7 }, 'Too many requests. Try again in 7 seconds.'],
  ['429 minutes', { kind: 'rate_limited', status: 429, retryAfterSeconds: 125 }, 'Too many requests. Try again in 3 minutes.'],
  ['503', { kind: 'server_error', status: 503 }, 'The service had a problem (HTTP 503). Try again in a few minutes.'],
  ['500 with words', { kind: 'server_error', status: 500, serverMessage: 'database down' }, 'The service had a problem (HTTP 500). Try again in a few minutes. The service said: “database down”'],
  ['network', { kind: 'network' }, 'Could not reach the service. Check the internet connection and the service URL in the settings.'],
  ['timeout', { kind: 'timeout', timeoutSeconds: 20 }, 'The service did not answer within 20 seconds. Try again in a moment.'],
  ['timeout, unknown wait', { kind: 'timeout' }, 'The service did not answer in time. Try again in a moment.'],
  ['not json', { kind: 'unexpected_response', status: 200, refusal: 'not_json' }, 'The service answered with something that is not JSON (HTTP 200). Try again later.'],
  [
    'an answer too large to read',
    { kind: 'unexpected_response', status: 200, refusal: 'body_too_large', limit: 8 * 1024 * 1024 },
    'The service answered with more than 8 MB, more than any answer it should give; it was not read. Try again later.',
  ],
  ['unreadable', { kind: 'unexpected_response', target: 'incident' }, 'The service answered in a form this extension does not understand. Try again later, or update the extension.'],
];

describe('describeProblem', () => {
  it.each(CASES)('%s', (_name, problem, sentence) => {
    expect(describeProblem(problem)).toBe(sentence);
  });

  it('never shows a bare message key', () => {
    for (const [, problem] of CASES) expect(describeProblem(problem)).not.toMatch(/problem\.|^\s*$/);
  });
});

describe('describeIndicatorWarning', () => {
  it.each([
    ['ipv4_private', 'This is a private network address; it cannot be reached from the internet.'],
    ['ipv4_loopback', 'This is a loopback address (this very computer).'],
    ['ipv4_link_local', 'This is a link-local address, only valid on a local network.'],
    ['ipv4_shared', 'This is a carrier-grade NAT address, shared by many customers of one provider.'],
    ['ipv4_documentation', 'This address is reserved for documentation and examples.'],
    ['ipv4_multicast', 'This is a multicast address, not a single host.'],
    ['ipv4_reserved', 'This address is in a reserved range.'],
  ] as const)('%s', (warning, sentence) => {
    expect(describeIndicatorWarning(warning)).toBe(sentence);
  });
});

describe('formatting', () => {
  it.each([
    [1, '1 second'],
    [89, '89 seconds'],
    [90, '2 minutes'],
    [3600, '60 minutes'],
  ])('formatWait(%d) → %s', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });

  it.each([
    [10_000_000, '10 MB'],
    [9_950_001, '10 MB'],
    [1_234_567, '1.2 MB'],
  ])('formatMegabytes(%d) → %s', (bytes, text) => {
    expect(formatMegabytes(bytes)).toBe(text);
  });
});
