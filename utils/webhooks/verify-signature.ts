// Verifies a webhook delivery exactly as the spec's "Events › Signature"
// section tells a receiver to. Pure: no imports, WebCrypto only, so the same
// function runs in the options page and in Node (the e2e receiver uses it).

/** Spec, Limits: "Webhook timestamp tolerance for receivers — 300 seconds either way". */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** Spec, Delivery headers: `sha256=<hex>`, 64 hex characters. */
const SIGNATURE_FORMAT = /^sha256=([0-9a-fA-F]{64})$/;
/** Spec, Delivery headers: Unix time in seconds. */
const TIMESTAMP_FORMAT = /^\d{1,12}$/;

/** One received delivery, with the secret it should be signed with. */
export interface DeliveryToVerify {
  /** The raw request body, unmodified (a string is taken as its UTF-8 bytes). */
  body: string | Uint8Array;
  /** The `X-Service-Timestamp` header value: Unix seconds. */
  timestamp: string;
  /** The `X-Service-Signature` header value: `sha256=<64 hex>`. */
  signature: string;
  /** The subscription's signing secret. */
  secret: string;
  /** The receiver's clock, in milliseconds since the epoch (`Date.now()`). */
  now: number;
}

type SignatureReason =
  /** No secret to verify with. */
  | 'missing_secret'
  /** The timestamp header is not Unix seconds. */
  | 'malformed_timestamp'
  /** The signature header is not `sha256=` and 64 hex characters. */
  | 'malformed_signature'
  /** The signature does not match: another secret, or a changed body or timestamp. */
  | 'bad_signature'
  /** Signed correctly, but more than 300 s ago. */
  | 'stale'
  /** Signed correctly, but more than 300 s ahead of this clock. */
  | 'future';

/**
 * The verdict. `ageSeconds` (this clock minus the timestamp; negative when
 * the timestamp is ahead) is given whenever the timestamp could be read.
 */
export type SignatureVerdict = { valid: true; ageSeconds: number } | { valid: false; reason: SignatureReason; ageSeconds?: number };

function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Compares two byte strings in time that depends on their length only (spec: "Compare signatures in constant time"). */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

/** HMAC-SHA256 keyed with the secret over `<timestamp>.<raw body>`. */
async function sign(secret: string, timestamp: string, body: string | Uint8Array): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const bodyBytes = typeof body === 'string' ? encoder.encode(body) : body;
  const prefix = encoder.encode(`${timestamp}.`);
  const message = new Uint8Array(prefix.length + bodyBytes.length);
  message.set(prefix);
  message.set(bodyBytes, prefix.length);
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
}

/**
 * Checks a delivery's signature and age as the spec says: the expected
 * signature is computed and compared in constant time first, so a wrong
 * secret or a changed body is named even when the delivery is also old; a
 * correct signature more than 300 s from `now` either way is then refused.
 */
export async function verifyWebhookSignature(delivery: DeliveryToVerify): Promise<SignatureVerdict> {
  const { body, timestamp, signature, secret, now } = delivery;
  if (secret === '') return { valid: false, reason: 'missing_secret' };
  if (!TIMESTAMP_FORMAT.test(timestamp)) return { valid: false, reason: 'malformed_timestamp' };
  const ageSeconds = Math.floor(now / 1000) - Number(timestamp);
  const hex = SIGNATURE_FORMAT.exec(signature)?.[1];
  if (hex === undefined) return { valid: false, reason: 'malformed_signature', ageSeconds };
  const expected = await sign(secret, timestamp, body);
  if (!constantTimeEqual(expected, hexToBytes(hex))) return { valid: false, reason: 'bad_signature', ageSeconds };
  if (ageSeconds > SIGNATURE_TOLERANCE_SECONDS) return { valid: false, reason: 'stale', ageSeconds };
  if (ageSeconds < -SIGNATURE_TOLERANCE_SECONDS) return { valid: false, reason: 'future', ageSeconds };
  return { valid: true, ageSeconds };
}
