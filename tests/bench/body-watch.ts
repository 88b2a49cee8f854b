import type { ReceivedBody } from '../sandbox/server.ts';

// Report latency ends when the sandbox holds the whole request: the sandbox
// tells us of every body it has read (`onRequestBody`), in this process's
// `performance.now()` clock, the clock the bench starts its timers on.

/** Waits for request bodies the sandbox reads. */
export class BodyWatch {
  private waiting: { match: (body: ReceivedBody) => boolean; resolve: (body: ReceivedBody) => void }[] = [];

  /** Give this to `startSandbox({ onRequestBody })`. */
  readonly receive = (body: ReceivedBody): void => {
    const index = this.waiting.findIndex((waiter) => waiter.match(body));
    if (index === -1) return;
    const [waiter] = this.waiting.splice(index, 1);
    waiter!.resolve(body);
  };

  /** The next body for `method path`, within `timeoutMs`. */
  next(method: string, path: string, timeoutMs = 30_000): Promise<ReceivedBody> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No ${method} ${path} reached the sandbox within ${timeoutMs} ms.`)), timeoutMs);
      this.waiting.push({
        match: (body) => body.method === method && body.path === path,
        resolve: (body) => {
          clearTimeout(timer);
          resolve(body);
        },
      });
    });
  }
}

/** The names of the files in a multipart body, in order. */
export function multipartFileNames(body: Buffer): string[] {
  return [...body.toString('latin1').matchAll(/filename="([^"]*)"/g)].map((match) => match[1]!);
}
