import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A stand-in for Gmail, served over TLS under its real host name to a test
// browser that maps mail.google.com to it (--host-resolver-rules) and accepts
// its throwaway certificate: the conversation page (saved markup, with
// GLOBALS), "Download message" and "Show original" (issue 40).

const FIXTURES = path.resolve('tests/fixtures');
const TOKEN = '4fd1a2b3c4';

/** The stand-in's messages by their hex id: the .eml each one's original is. */
const GMAIL_MESSAGES: Record<string, string> = { '1823e33def6f5124': 'phish-examplebank.eml', '1823e33def6f0001': 'reply-to-elsewhere.eml' };

export interface GmailStandIn {
  port: number;
  /** The paths and queries the browser asked, in order. */
  requests: string[];
  /** Makes "Download message" answer an error, so the reading falls back to "Show original". */
  refuseDownload: boolean;
  close(): Promise<void>;
}

/** A self-signed certificate for a webmail's host (mail.google.com; outlook.office.com for tests/support/outlook-stand-in.ts), made for this run with openssl. */
export function throwawayCertificate(host = 'mail.google.com'): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'webmail-cert-'));
  try {
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`], {
      stdio: 'ignore',
    });
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What the stand-in answers one request: the original asked for, or the conversation page (account 1) or an empty inbox (account 0). */
function answer(url: URL, refuseDownload: boolean): { status: number; type: string; body: Buffer | string } {
  const view = url.searchParams.get('view');
  if (view && url.searchParams.get('ik') !== TOKEN) return { status: 400, type: 'text/html', body: '<html>Bad request</html>' };
  if (view === 'att') {
    const file = GMAIL_MESSAGES[url.searchParams.get('th') ?? ''];
    if (!file || refuseDownload) return { status: 404, type: 'text/html', body: '<html>Not found</html>' };
    return { status: 200, type: 'message/rfc822', body: readFileSync(path.join(FIXTURES, 'email', file)) };
  }
  if (view === 'om') {
    const perm = url.searchParams.get('permmsgid') ?? '';
    const hex = Object.keys(GMAIL_MESSAGES).find((id) => perm === `msg-f:${BigInt(`0x${id}`)}`);
    if (!hex) return { status: 404, type: 'text/html', body: '<html>Not found</html>' };
    const raw = readFileSync(path.join(FIXTURES, 'email', GMAIL_MESSAGES[hex]!), 'utf8');
    return { status: 200, type: 'text/html', body: readFileSync(path.join(FIXTURES, 'webmail', 'gmail-show-original.html'), 'utf8').replace('RAW_MESSAGE', () => escapeHtml(raw)) };
  }
  const page = readFileSync(path.join(FIXTURES, 'webmail', 'gmail-conversation.html'), 'utf8');
  return { status: 200, type: 'text/html', body: url.pathname.startsWith('/mail/u/1/') ? page : page.replace(/<div class="nH" role="list">[\s\S]*<\/div>\s*<\/div>\s*<\/body>/, '</div></body>') };
}

/** Starts the stand-in on a loopback port: a free one, or 443 where the browser cannot map a port (Firefox). */
export async function startGmailStandIn(port = 0): Promise<GmailStandIn> {
  const requests: string[] = [];
  const standIn: GmailStandIn = { port: 0, requests, refuseDownload: false, close: () => Promise.resolve() };
  const server = createServer(throwawayCertificate(), (request, response) => {
    const url = new URL(request.url ?? '/', 'https://mail.google.com');
    requests.push(`${url.pathname}${url.search}`);
    const { status, type, body } = answer(url, standIn.refuseDownload);
    response.writeHead(status, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  standIn.port = (server.address() as AddressInfo).port;
  standIn.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return standIn;
}
