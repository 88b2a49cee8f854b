import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { readEmail } from '@/utils/email/email-reader';
import type { EmailMessage } from '@/utils/email/email-types';

/** A committed fixture's bytes (tests/fixtures/email). */
export function readFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(`tests/fixtures/email/${name}`));
}

/** The SHA-256 of bytes or of a string's UTF-8, by node:crypto: computed apart from the reader's crypto.subtle. */
export function sha256(content: Uint8Array | string): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Reads an email that must read, and gives its message. */
export async function readMessage(bytes: Uint8Array, name = 'email.eml'): Promise<EmailMessage> {
  const read = await readEmail(bytes, name);
  if (!read.ok) expect.fail(`${name} did not read: ${read.failure}`);
  return read.message;
}
