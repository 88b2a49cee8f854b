// The cells of the fault matrix (tests/e2e/fault-matrix.spec.ts), in the
// order the issue lists them. A `fault` is added to the sandbox for the
// report's POST (tests/sandbox/faults.ts); `special` cells act on the browser.

export const KINDS = ['JSON', 'multipart'] as const;
export type Kind = (typeof KINDS)[number];

export interface FaultCell {
  name: string;
  fault?: Record<string, unknown>;
  special?: 'offline' | 'stop-before' | 'stop-in-flight' | 'stop-after-answer';
  /** The incident exists at the service before the report (a real 409). */
  existing?: boolean;
}

export const FAULTS: readonly FaultCell[] = [
  { name: '500', fault: { status: 500, body: { message: 'Internal server error' } } },
  { name: '502', fault: { status: 502, rawBody: '<html><body>Bad gateway</body></html>', headers: { 'content-type': 'text/html' } } },
  { name: '503', fault: { status: 503, body: { message: 'Service unavailable' } } },
  { name: '504', fault: { status: 504, rawBody: '' } },
  { name: '413', fault: { status: 413, body: { message: 'Payload too large' } } },
  { name: '409', fault: { status: 409, body: { message: 'Incident already exists' } }, existing: true },
  { name: '200 without an id', fault: { status: 200, body: { message: 'Created.' } } },
  { name: '200 with an unreadable id', fault: { status: 200, body: { message: 'Created.', id: { value: 12 } } } },
  { name: '429 with Retry-After', fault: { status: 429, body: { message: 'Too many requests' }, headers: { 'retry-after': '30' } } },
  { name: 'malformed JSON', fault: { status: 200, malformedJson: true } },
  { name: 'no answer (timeout)', fault: { hang: true } },
  { name: 'browser offline', special: 'offline' },
  { name: 'worker stopped before the request', special: 'stop-before' },
  { name: 'worker stopped in flight', special: 'stop-in-flight', fault: { hang: true } },
  { name: 'worker stopped after the answer, before saving', special: 'stop-after-answer' },
];
