import type { IncomingMessage } from 'node:http';

/** Uploads must total under 10 MB (spec: Limits); the sandbox reads no further. */
const MAX_BODY_BYTES = 10_000_000;

/** A request body read up to the limit. */
export interface BodyRead {
  bytes: Buffer;
  /** Bytes actually read from the socket (the log's bodyBytes). */
  size: number;
  /** True when Content-Length or the bytes read reached the limit. */
  tooLarge: boolean;
}

/**
 * Reads a request body without ever buffering past the limit: a declared
 * Content-Length at or over it is refused unread, and a chunked body is cut
 * off as soon as it reaches it. Node discards the rest once we respond.
 */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared >= limit) {
    req.resume();
    return Promise.resolve({ bytes: Buffer.alloc(0), size: 0, tooLarge: true });
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (tooLarge: boolean): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (tooLarge) req.resume();
      resolve({ bytes: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), size, tooLarge });
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size >= limit) {
        chunks.length = 0;
        finish(true);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => finish(false);
    const onError = (error: Error): void => reject(error);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}
