import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { throwawayCertificate } from './gmail-stand-in.ts';

// A stand-in for Outlook on the web, served over TLS under its real host name
// (outlook.office.com) to a test browser that maps the name to it and accepts
// its throwaway certificate: the mail page with a conversation open (saved
// markup; the canary cookie and the sign-in library's cached token set as
// Outlook's page has them), and its service's GetConversationItems and GetItem
// answers, given only to a request carrying both (issue 40).

const FIXTURES = path.resolve('tests/fixtures');
const CANARY = 'bdvoV5Aj--gAAAAAAAAAAGB4hJIskdwYx_UCdk_lFWZDyY3tL6uigbDJMel4aVqB9FbccMfb0UM.';
const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJub25lIn0.c3RhbmQtaW4.';
/** The open conversation's id, as the page's address and its list carry it. */
export const OUTLOOK_CONVERSATION = 'AAQkAGVmMDEzMTM4LTZmYWUtNDdkNC1hMDZkLWFmYzJmM2YyOWZhOAAQAGFhYWFhYWFhYWFhYWFhYWE=';

/** The conversation's messages by their ItemId (tests/fixtures/webmail/outlook-conversation-items.json): the .eml each one's original is. */
const OUTLOOK_MESSAGES: Record<string, string> = {
  'AAMkAGVmMDEzMTM4LTZmYWUtNDdkNC1hMDZkLWFmYzJmM2YyOWZhOABGAAAAAAAiQ8W967B7TKBjgx9rVEURBwAiIsqMbYjsT5G-T7KZ11NPAAAAAAEMAAAiIsqMbYjsT5G-T7KZ11NPAAAAAAE-AAA=': 'reply-to-elsewhere.eml',
  'AAMkAGVmMDEzMTM4LTZmYWUtNDdkNC1hMDZkLWFmYzJmM2YyOWZhOABGAAAAAAAiQ8W967B7TKBjgx9rVEURBwAiIsqMbYjsT5G-T7KZ11NPAAAAAAEMAAAiIsqMbYjsT5G-T7KZ11NPAAAAAAE_AAA=': 'phish-examplebank.eml',
};

export interface OutlookStandIn {
  port: number;
  /** The service requests the browser sent, in order: action, and whether the canary and the token came with it. */
  requests: { action: string; canary: boolean; token: boolean }[];
  /** Makes GetItem answer an error, so the review reads what the page shows. */
  refuseOriginal: boolean;
  close(): Promise<void>;
}

/** The page's script that caches the token where MSAL keeps it (localStorage), as Outlook's page does. */
const TOKEN_CACHE = `<script>localStorage.setItem('uid.utid-login.windows.net-accesstoken-9199bf20-a13f-4107-85dc-02114787ef48-utid-owa', JSON.stringify({
  credentialType: 'AccessToken', clientId: '9199bf20-a13f-4107-85dc-02114787ef48', secret: '${TOKEN}',
  target: 'https://outlook.office.com/OWA.AccessAsUser.All', expiresOn: String(Math.floor(Date.now() / 1000) + 3600) }));</script>`;

/** The mail page: the saved conversation, or the inbox with nothing open (no selection, no reading pane). */
function mailPage(pathname: string): string {
  const page = readFileSync(path.join(FIXTURES, 'webmail', 'outlook-reading-pane.html'), 'utf8').replace('</head>', `${TOKEN_CACHE}</head>`);
  if (pathname.includes('/id/')) return page;
  return page.replace('aria-selected="true"', 'aria-selected="false"').replace(/<div role="main"[\s\S]*<\/div>\s*<\/div>\s*<\/body>/, '</div></body>');
}

/** What the service answers one request (its JSON body read): the conversation's messages, or one message's original. */
function serviceAnswer(action: string, body: { Body?: { ItemIds?: { Id?: string }[] } }, refuseOriginal: boolean): string {
  if (action === 'GetConversationItems') return readFileSync(path.join(FIXTURES, 'webmail', 'outlook-conversation-items.json'), 'utf8');
  const id = body.Body?.ItemIds?.[0]?.Id ?? '';
  const file = OUTLOOK_MESSAGES[id];
  const answer = readFileSync(path.join(FIXTURES, 'webmail', 'outlook-get-item.json'), 'utf8');
  if (!file || refuseOriginal) return answer.replace('"Success"', '"Error"').replace('"NoError"', '"ErrorAccessDenied"');
  return answer.replace('MIME_BASE64', readFileSync(path.join(FIXTURES, 'email', file)).toString('base64')).replace('ITEM_ID', id);
}

/** A request's body, as text. */
async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the stand-in on a loopback port: a free one, or 443 where the browser cannot map a port (Firefox). */
export async function startOutlookStandIn(port = 0): Promise<OutlookStandIn> {
  const requests: OutlookStandIn['requests'] = [];
  const standIn: OutlookStandIn = { port: 0, requests, refuseOriginal: false, close: () => Promise.resolve() };
  const server = createServer(throwawayCertificate('outlook.office.com'), async (request, response) => {
    const url = new URL(request.url ?? '/', 'https://outlook.office.com');
    if (!url.pathname.startsWith('/owa/')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': `X-OWA-CANARY=${CANARY}; Path=/; Secure` }).end(mailPage(url.pathname));
      return;
    }
    const action = url.searchParams.get('action') ?? '';
    const seen = { action, canary: request.headers['x-owa-canary'] === CANARY, token: request.headers.authorization === `Bearer ${TOKEN}` };
    requests.push(seen);
    const body = await bodyOf(request);
    // Outlook's own answer to a request without the session's canary and token: 440, "login timeout".
    if (request.method !== 'POST' || request.headers.action !== action || !seen.canary || !seen.token) return void response.writeHead(440).end();
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(serviceAnswer(action, JSON.parse(body), standIn.refuseOriginal));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  standIn.port = (server.address() as AddressInfo).port;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
