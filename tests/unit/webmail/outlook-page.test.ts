// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callOutlookService, readOutlookPage } from '@/utils/webmail/outlook-page';
import { outlookRefOf } from '@/utils/webmail/outlook-reading';

// The functions injected into the Outlook tab, run over a saved copy of its
// reading pane (tests/fixtures/webmail/outlook-reading-pane.html says where
// its marks come from), its canary cookie and its sign-in library's cache.

const SAVED = readFileSync(path.resolve('tests/fixtures/webmail/outlook-reading-pane.html'), 'utf8');
const CONVERSATION_ID = 'AAQkAGVmMDEzMTM4LTZmYWUtNDdkNC1hMDZkLWFmYzJmM2YyOWZhOAAQAGFhYWFhYWFhYWFhYWFhYWE=';
const NOW = Date.now() / 1000;

/** An access token as MSAL caches it in localStorage (the shape of a public tool's token discovery: credentialType, clientId, target, secret, expiresOn). */
function cacheToken(secret: string, expiresOn: number, target = 'https://outlook.office.com/OWA.AccessAsUser.All https://outlook.office.com/.default'): void {
  const entry = {
    homeAccountId: 'uid.utid',
    environment: 'login.windows.net',
    credentialType: 'AccessToken',
    clientId: '9199bf20-a13f-4107-85dc-02114787ef48',
    secret,
    target,
    realm: 'utid',
    expiresOn: String(expiresOn),
    tokenType: 'Bearer',
  };
  localStorage.setItem(`uid.utid-login.windows.net-accesstoken-9199bf20-a13f-4107-85dc-02114787ef48-utid-${secret}`, JSON.stringify(entry));
}

afterEach(() => {
  document.body.innerHTML = '';
  document.cookie = 'X-OWA-CANARY=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('readOutlookPage over saved Outlook markup', () => {
  it('reads the selected conversation and what the reading pane shows', () => {
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(SAVED)![1]!;
    const facts = readOutlookPage();
    expect(facts.selectedConversation).toBe(CONVERSATION_ID);
    expect(facts.shown && [facts.shown.sender, facts.shown.subject]).toEqual(['Example Bank Security<security@examplebank-secure.com>', 'Urgent: your account will be closed — action needed']);
    expect(facts.shown?.html).toContain('href="https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fexamplebank-verify.com%2Flogin%3Fid%3D7731');
    expect(outlookRefOf('https://outlook.office.com/mail/inbox', facts.selectedConversation)).toEqual({ kind: 'conversation', id: CONVERSATION_ID });
  });

  it('takes the sender’s address from its title when the pane shows the name alone', () => {
    document.body.innerHTML = '<div role="main"><span title="alerts@examplebank-secure.com">Example Bank</span><div aria-label="Message body">Hello</div></div>';
    expect(readOutlookPage().shown?.sender).toBe('Example Bank <alerts@examplebank-secure.com>');
  });

  it.each([
    ['the inbox with nothing open', '<div role="listbox"><div role="option" aria-selected="false" data-convid="AAQkAA"></div></div>'],
    ['an empty reading pane', '<div role="main"><div aria-label="Message body">  </div></div>'],
  ])('finds nothing shown on %s', (_case, markup) => {
    document.body.innerHTML = markup;
    expect([readOutlookPage().shown, readOutlookPage().selectedConversation]).toEqual([null, null]);
  });
});

describe('callOutlookService, in the page', () => {
  /** A fetch that records what the page sent and answers `status`. */
  function recordFetch(status = 200) {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response('{"Body":{}}', { status, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  it('sends the canary and the freshest unexpired token of Outlook’s, and answers base64', async () => {
    document.cookie = 'X-OWA-CANARY=bdvoV5Aj--gAAAAAAAAAAGB4hJIskdwYx_UCdk_lFWZDyY3tL6uigbDJMel4aVqB9FbccMfb0UM.';
    cacheToken('stale-token', NOW - 60);
    cacheToken('graph-token', NOW + 7200, 'https://graph.microsoft.com/Mail.Read');
    cacheToken('fresh-token', NOW + 3600);
    localStorage.setItem('not-json', '{');
    const fetch = recordFetch();
    const answer = await callOutlookService('https://outlook.office.com/owa/service.svc?action=GetItem&app=Mail', 'GetItem', '{"a":1}', 1000);
    const [url, init] = fetch.mock.calls[0]!;
    expect([url, init.method, init.credentials, init.body]).toEqual(['https://outlook.office.com/owa/service.svc?action=GetItem&app=Mail', 'POST', 'include', '{"a":1}']);
    expect(init.headers).toEqual({
      action: 'GetItem',
      'content-type': 'application/json; charset=utf-8',
      'x-req-source': 'Mail',
      'x-owa-canary': 'bdvoV5Aj--gAAAAAAAAAAGB4hJIskdwYx_UCdk_lFWZDyY3tL6uigbDJMel4aVqB9FbccMfb0UM.',
      authorization: 'Bearer fresh-token',
    });
    expect(answer).toMatchObject({ status: 200, base64: Buffer.from('{"Body":{}}').toString('base64'), tooBig: false });
  });

  it.each([
    ['no token cached: the cookies and canary alone', () => undefined, undefined],
    ['only an expired token', () => cacheToken('stale-token', NOW - 1), undefined],
  ])('%s', async (_case, cache, authorization) => {
    cache();
    const fetch = recordFetch();
    await callOutlookService('https://outlook.office.com/owa/service.svc', 'GetItem', '{}', 1000);
    expect((fetch.mock.calls[0]![1].headers as Record<string, string>).authorization).toBe(authorization);
  });

  it('sends a personal account’s token in Microsoft accounts’ own scheme on outlook.live.com', async () => {
    const happyDOM = (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;
    happyDOM.setURL('https://outlook.live.com/mail/0/inbox');
    cacheToken('msa-token', NOW + 3600);
    const fetch = recordFetch();
    await callOutlookService('https://outlook.live.com/owa/0/service.svc', 'GetItem', '{}', 1000);
    happyDOM.setURL('http://localhost:3000/');
    expect((fetch.mock.calls[0]![1].headers as Record<string, string>).authorization).toBe('MSAuth1.0 usertoken="msa-token", type="MSACT"');
  });

  it('carries no bytes over the limit, and the network’s failure as a sentence', async () => {
    recordFetch();
    expect(await callOutlookService('https://outlook.office.com/owa/service.svc', 'GetItem', '{}', 3)).toMatchObject({ base64: '', tooBig: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await callOutlookService('https://outlook.office.com/owa/service.svc', 'GetItem', '{}', 3)).toEqual({ error: 'TypeError: Failed to fetch' });
  });
});
