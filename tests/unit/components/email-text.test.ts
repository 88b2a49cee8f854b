import { describe, expect, it } from 'vitest';
import { authResultText, authResultTone } from '@/components/review/email-text';
import type { AuthResult } from '@/utils/email/email-types';

// What the review window says of an authentication result: the server that
// wrote it, and never green for a result the receiving side is not shown to have written.

describe('authResultText and authResultTone', () => {
  it.each<[AuthResult, string, string]>([
    [{ method: 'dmarc', result: 'fail', detail: 'header.from=examplebank.com', by: 'mx.example.net', trusted: true }, 'DMARC fail (header.from=examplebank.com), recorded by mx.example.net', 'bad'],
    [{ method: 'spf', result: 'pass', trusted: true }, 'SPF pass', 'ok'],
    [
      { method: 'dmarc', result: 'pass', detail: 'header.from=examplebank.com', by: 'mx.google.com', trusted: false },
      'DMARC pass (header.from=examplebank.com) — unverified: written by mx.google.com, not shown to be the receiving server',
      'neutral',
    ],
    [{ method: 'spf', result: 'fail', trusted: false }, 'SPF fail — unverified: written by a server that does not name itself, not shown to be the receiving server', 'neutral'],
  ])('%j', (result, text, tone) => {
    expect([authResultText(result), authResultTone(result.result, result.trusted)]).toEqual([text, tone]);
  });
});
