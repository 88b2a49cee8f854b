import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery as the receiver saw it, raw body untouched. */
export interface Received {
  headers: IncomingHttpHeaders;
  rawBody: string;
}

/** A local webhook receiver for tests. */
export interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/**
 * Starts an HTTP receiver on 127.0.0.1. `statusFor(n)` picks the status for
 * the n-th delivery (1-based); 'hang' never answers.
 */
export async function startReceiver(statusFor: (n: number) => number | 'hang' = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
      const status = statusFor(received.length);
      if (status !== 'hang') res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
