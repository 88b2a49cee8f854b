import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PHISHING_HTML } from '../support/phishing-page.ts';

/** The phishing sites' names: Firefox resolves them to 127.0.0.1 (`network.dns.localDomains`), so nothing leaves the machine. */
const WEB_HOSTS = ['acme-secure-login.com', 'acme-billing.com', 'pay.evil-link.com', 'collect.kit-host.com', 'cdn.kit-host.com', 'acme.example'] as const;

export interface WebServer {
  hosts: readonly string[];
  /** `http://<host>:<port>` of the local server. */
  origin(host?: (typeof WEB_HOSTS)[number]): string;
  /** Serves `html` at `path` (on every host) instead of the phishing page. */
  serve(path: string, html: string): void;
  close(): Promise<void>;
}

/** A local web server answering every one of WEB_HOSTS: the phishing page at any path, a page a test set, or a 302 from `/out?to=`. */
export async function startWebServer(): Promise<WebServer> {
  const pages = new Map<string, string>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    // An open redirect: `/out?to=<address>` answers 302 to it (navigation-chain.spec.ts).
    if (path === '/out') {
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
      return;
    }
    if (path.endsWith('.js') || path.endsWith('.ico')) {
      res.writeHead(204).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages.get(path) ?? PHISHING_HTML);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    hosts: WEB_HOSTS,
    origin: (host = 'acme-secure-login.com') => `http://${host}:${port}`,
    serve: (path, html) => void pages.set(path, html),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
