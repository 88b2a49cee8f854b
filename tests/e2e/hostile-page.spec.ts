import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, readExtensionStorage } from './fixtures.ts';
import { connect, reportRequests } from './reporting-helpers.ts';

// A real web page, served by the test on 127.0.0.1, tries every way a page
// has to reach an extension: runtime messaging by id, fetching its files,
// framing its pages. The manifest declares no web-accessible resource and a
// closed externally_connectable, so every attempt fails, and nothing is
// reported or revealed.

declare const chrome: {
  tabs: { query(query: object): Promise<{ id?: number; url?: string }[]> };
  scripting: { executeScript(injection: { target: { tabId: number }; args: unknown[]; func: (...args: never[]) => unknown }): Promise<{ result?: unknown }[]> };
  runtime: { sendMessage(message: unknown): Promise<unknown> };
};

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

test('only the options page may clear the key: a script injected into a web page and the popup are refused', async ({ context, extensionId, sandbox, serviceWorker }) => {
  await connect(context, extensionId, sandbox);
  const forget = { channel: 'takedown-reporter/call', method: 'connection.forget', args: [] };
  const lookUp = { channel: 'takedown-reporter/call', method: 'incidents.find', args: [{ subject: 'https://phish.example/' }] };
  const { url, server } = await serveHostilePage();
  try {
    const page = await context.newPage();
    await page.goto(url);
    // The extension's own scripting API runs code in the page's isolated
    // world, as evidence capture does: that code has runtime messaging, and
    // its sender is the web page.
    const fromInjected = await serviceWorker.evaluate(
      async ({ pageUrl, messages }) => {
        const tab = (await chrome.tabs.query({})).find((candidate) => candidate.url === pageUrl);
        const [result] = await chrome.scripting.executeScript({
          target: { tabId: tab!.id! },
          args: [messages],
          func: async (calls: unknown[]) =>
            Promise.all(
              calls.map((call) =>
                chrome.runtime.sendMessage(call).then(
                  (answer: unknown) => JSON.stringify(answer ?? null),
                  (error: Error) => `error: ${error.message}`,
                ),
              ),
            ),
        });
        return result!.result as string[];
      },
      { pageUrl: url, messages: [forget, lookUp] },
    );
    expect(fromInjected.every((answer) => answer === 'null' || answer.startsWith('error:'))).toBe(true);

    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    expect(await popup.evaluate((message) => chrome.runtime.sendMessage(message), forget)).toEqual({ ok: false, error: 'refused' });

    // Still connected, and the service heard nothing of it.
    expect((await readExtensionStorage(serviceWorker)).apiKey).toBe(sandbox.keys.managed);
    expect(await reportRequests(sandbox)).toEqual([]);

    // The options page may: the same message clears the key.
    const options = await context.newPage();
    await options.goto(`chrome-extension://${extensionId}/options.html`);
    expect(await options.evaluate((message) => chrome.runtime.sendMessage(message), forget)).toEqual({ ok: true, value: { state: 'not_configured' } });
    await expect.poll(async () => (await readExtensionStorage(serviceWorker)).apiKey ?? null).toBeNull();
  } finally {
    server.close();
  }
});
