import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signPayload } from '../../sandbox/webhook-delivery';
import { constantTimeEqual, verifyWebhookSignature, type DeliveryToVerify, type SignatureVerdict } from '@/utils/webhooks/verify-signature';

// The spec (Events › Signature) gives no test vectors of its own. These were
// computed once with Node's createHmac, an implementation independent of the
// one under test, and are kept as literals: HMAC-SHA256(secret,
// "<timestamp>.<raw body>"), hex.

const SECRET = 'whsec_4f7a9c2e1b8d6f3a5c0e9b7d2a4f6c8e';
const TIMESTAMP = '1768910400'; // 2026-01-20T12:00:00Z
const SIGNED_AT_MS = 1_768_910_400_000;
const BODY = '{"id":"evt_01JTEST0001","event":"webhook.test","timestamp":"2026-01-20T12:00:00.000Z","data":{"subscriptionId":"wh_01JTEST0001","clientId":"cl_acme","message":"Test delivery."}}';

const VECTORS: [name: string, body: string, signature: string][] = [
  ['a webhook.test envelope', BODY, 'sha256=a7df59fdec17078a7a4a57566fa6125a8bd9285560765c3c772db34e297b6c77'],
  ['an empty body', '', 'sha256=bcc99ab5411c4a24f7d171d6c32b996e1c499404e1447ad3f634cf94fb0eeaa1'],
  ['a body with non-ASCII characters (signed as UTF-8)', '{"note":"café ✓"}', 'sha256=6633aec29b419fb7af817b82d8b0f3021471242c05e4a7f7ff940654bfadaa6f'],
];

const GOOD: DeliveryToVerify = { body: BODY, timestamp: TIMESTAMP, signature: VECTORS[0]![2], secret: SECRET, now: SIGNED_AT_MS };

describe('the test vectors verify', () => {
  it.each(VECTORS)('%s', async (_name, body, signature) => {
    expect(await verifyWebhookSignature({ ...GOOD, body, signature })).toEqual({ valid: true, ageSeconds: 0 });
  });

  it('the body may be given as bytes', async () => {
    expect(await verifyWebhookSignature({ ...GOOD, body: new TextEncoder().encode(BODY) })).toEqual({ valid: true, ageSeconds: 0 });
  });

  it('hex in upper case is the same signature', async () => {
    expect(await verifyWebhookSignature({ ...GOOD, signature: `sha256=${VECTORS[0]![2].slice(7).toUpperCase()}` })).toEqual({ valid: true, ageSeconds: 0 });
  });
});

describe('good, tampered, stale and future deliveries', () => {
  const tamperedBody = BODY.replace('Test delivery.', 'Test delivery!');
  const flippedLast = `${GOOD.signature.slice(0, -1)}${GOOD.signature.endsWith('7') ? '8' : '7'}`;
  it.each<[string, Partial<DeliveryToVerify>, SignatureVerdict]>([
    ['good, signed just now', {}, { valid: true, ageSeconds: 0 }],
    ['good, 300 s old (the edge is inside)', { now: SIGNED_AT_MS + 300_999 }, { valid: true, ageSeconds: 300 }],
    ['good, 300 s ahead (the edge is inside)', { now: SIGNED_AT_MS - 300_000 }, { valid: true, ageSeconds: -300 }],
    ['tampered body: one character changed', { body: tamperedBody }, { valid: false, reason: 'bad_signature', ageSeconds: 0 }],
    ['tampered body: a trailing line break', { body: `${BODY}\n` }, { valid: false, reason: 'bad_signature', ageSeconds: 0 }],
    ['tampered body: re-serialised JSON', { body: JSON.stringify(JSON.parse(BODY), null, 2) }, { valid: false, reason: 'bad_signature', ageSeconds: 0 }],
    ['tampered timestamp (the signature covers it)', { timestamp: '1768910401', now: SIGNED_AT_MS + 1_000 }, { valid: false, reason: 'bad_signature', ageSeconds: 0 }],
    ['tampered signature: last hex digit', { signature: flippedLast }, { valid: false, reason: 'bad_signature', ageSeconds: 0 }],
    ['another secret (rotated away)', { secret: 'whsec_previous' }, { valid: false, reason: 'bad_signature', ageSeconds: 0 }],
    ['stale: 301 s old', { now: SIGNED_AT_MS + 301_000 }, { valid: false, reason: 'stale', ageSeconds: 301 }],
    ['stale: a day old', { now: SIGNED_AT_MS + 86_400_000 }, { valid: false, reason: 'stale', ageSeconds: 86_400 }],
    ['future: 301 s ahead', { now: SIGNED_AT_MS - 301_000 }, { valid: false, reason: 'future', ageSeconds: -301 }],
    ['tampered and stale: the signature is named first', { body: tamperedBody, now: SIGNED_AT_MS + 600_000 }, { valid: false, reason: 'bad_signature', ageSeconds: 600 }],
    ['no secret', { secret: '' }, { valid: false, reason: 'missing_secret' }],
    ['timestamp in milliseconds (13 digits)', { timestamp: '1768910400000' }, { valid: false, reason: 'malformed_timestamp' }],
    ['timestamp as an ISO date', { timestamp: '2026-01-20T12:00:00Z' }, { valid: false, reason: 'malformed_timestamp' }],
    ['timestamp with a space', { timestamp: ' 1768910400' }, { valid: false, reason: 'malformed_timestamp' }],
    ['empty timestamp', { timestamp: '' }, { valid: false, reason: 'malformed_timestamp' }],
    ['negative timestamp', { timestamp: '-1' }, { valid: false, reason: 'malformed_timestamp' }],
    ['signature without its sha256= prefix', { signature: GOOD.signature.slice(7) }, { valid: false, reason: 'malformed_signature', ageSeconds: 0 }],
    ['signature with another algorithm', { signature: GOOD.signature.replace('sha256=', 'sha1=') }, { valid: false, reason: 'malformed_signature', ageSeconds: 0 }],
    ['signature one hex digit short', { signature: GOOD.signature.slice(0, -1) }, { valid: false, reason: 'malformed_signature', ageSeconds: 0 }],
    ['signature with a non-hex character', { signature: `${GOOD.signature.slice(0, -1)}g` }, { valid: false, reason: 'malformed_signature', ageSeconds: 0 }],
    ['signature in base64', { signature: `sha256=${Buffer.from(GOOD.signature.slice(7), 'hex').toString('base64')}` }, { valid: false, reason: 'malformed_signature', ageSeconds: 0 }],
  ])('%s', async (_name, change, verdict) => {
    expect(await verifyWebhookSignature({ ...GOOD, ...change })).toEqual(verdict);
  });
});

describe('agrees with independent signers', () => {
  it('with Node’s createHmac and with the sandbox’s signer, for any secret, timestamp and body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1 }), fc.integer({ min: 0, max: 4_000_000_000 }), fc.string({ unit: 'grapheme' }), async (secret, seconds, body) => {
        const timestamp = String(seconds);
        const hex = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
        expect(signPayload(secret, timestamp, body)).toBe(`sha256=${hex}`);
        const verdict = await verifyWebhookSignature({ body, timestamp, signature: `sha256=${hex}`, secret, now: seconds * 1000 });
        expect(verdict).toEqual({ valid: true, ageSeconds: 0 });
      }),
      { numRuns: 200 },
    );
  });
});

describe('the constant-time comparison', () => {
  it.each([
    [[1, 2, 3], [1, 2, 3], true],
    [[1, 2, 3], [1, 2, 4], false],
    [[0, 2, 3], [1, 2, 3], false],
    [[1, 2, 3], [1, 2], false],
    [[], [], true],
  ])('%j and %j: %s', (a, b, equal) => {
    expect(constantTimeEqual(new Uint8Array(a), new Uint8Array(b))).toBe(equal);
  });
});
