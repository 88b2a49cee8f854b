import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from './fixtures.ts';
import { connect, reportRequests } from './reporting-helpers.ts';

// A real web page, served by the test on 127.0.0.1, tries every way a page
// has to reach an extension: runtime messaging by id, fetching its files,
// framing its pages. The manifest declares no web-accessible resource and a
// closed externally_connectable, so every attempt fails, and nothing is
// reported or revealed.

const HOSTILE_HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Not a phish at all</title></head>
<body><h1>Nothing to see</h1></body></html>`;

async function serveHostilePage(): Promise<{ url: string; server: Server }> {
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(HOSTILE_HTML));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server };
}

test('a web page cannot message the extension, read its files or frame its pages', async ({ context, extensionId, sandbox }) => {
  await connect(context, extensionId, sandbox);
  const { url, server } = await serveHostilePage();
  try {
    const page = await context.newPage();
    await page.goto(url);
    const attempts = await page.evaluate(async (id) => {
      const runtime = (globalThis as { chrome?: { runtime?: { sendMessage?: (...args: unknown[]) => Promise<unknown> } } }).chrome?.runtime;
      let message: string;
      if (!runtime?.sendMessage) message = 'no runtime messaging';
      else {
        try {
          await runtime.sendMessage(id, { type: 'connection.forget' });
          message = 'answered';
        } catch (error) {
          message = `refused: ${(error as Error).message}`;
        }
      }
      let fetched: string;
      try {
        await fetch(`chrome-extension://${id}/manifest.json`);
        fetched = 'read';
      } catch {
        fetched = 'refused';
      }
      const framed = await new Promise<string>((resolve) => {
        const frame = document.createElement('iframe');
        frame.src = `chrome-extension://${id}/options.html`;
        frame.onload = () => {
          try {
            resolve(frame.contentDocument?.body?.innerText ? 'read' : 'empty');
          } catch {
            resolve('cross-origin');
          }
        };
        document.body.append(frame);
        setTimeout(() => resolve('no load'), 3_000);
      });
      return { message, fetched, framed };
    }, extensionId);

    expect(attempts.message).not.toBe('answered');
    expect(attempts.fetched).toBe('refused');
    expect(attempts.framed).not.toBe('read');
    // The connection still stands and nothing was reported.
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    await expect(options.locator('[data-state="connected"]').first()).toBeVisible();
    expect(await reportRequests(sandbox)).toEqual([]);
  } finally {
    server.close();
  }
});
