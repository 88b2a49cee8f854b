import { describe, expect, it } from 'vitest';
import { ATTACHMENT_LIMITS, estimateMultipartBytes } from '@/utils/api/attachments';
import { SCREENSHOT_MAX_BYTES } from '@/utils/evidence/capture';
import { SNAPSHOT_CAPS } from '@/utils/evidence/snapshot-caps';
import { PAGE_DETAILS_MAX_BYTES, PAGE_SOURCE_MAX_BYTES, pageEvidenceFiles, prefixWithinBytes } from '@/utils/evidence/page-files';
import { takenPage } from '@/utils/evidence/page-details';
import type { PageSnapshot } from '@/utils/evidence/collect-page-snapshot';
import { RECORD_RESERVE_BYTES } from '@/utils/drafts/file-limits';

// What a hostile page can make the evidence weigh. The page cuts what it
// sends by characters (page-snapshot.ts); the files are cut by bytes here, so
// that the largest evidence any page can give still fits the service's 10 MB.

/** Three UTF-8 bytes in one UTF-16 unit: the heaviest text per character the page can send. */
const HEAVY = '語';

/** A text cut in the page at SNAPSHOT_CAPS.textChars, as heavy as it can be. */
const heavyText = (prefix = '') => `${prefix}${HEAVY.repeat(SNAPSHOT_CAPS.textChars - prefix.length)}…`;

/** The heaviest snapshot SNAPSHOT_CAPS lets through. */
function heaviestSnapshot(): PageSnapshot {
  return {
    url: heavyText('https://phish.test/'),
    title: heavyText(),
    html: HEAVY.repeat(SNAPSHOT_CAPS.htmlChars),
    htmlChars: 50_000_000,
    truncated: true,
    forms: Array.from({ length: SNAPSHOT_CAPS.forms }, () => ({
      action: heavyText('https://collect.test/'),
      method: 'post',
      inputs: Array.from({ length: SNAPSHOT_CAPS.fieldsPerForm }, () => ({ name: heavyText(), type: heavyText() })),
    })),
    links: Array.from({ length: SNAPSHOT_CAPS.links }, (_, index) => heavyText(`https://out${index}.test/`)),
    scriptOrigins: Array.from({ length: SNAPSHOT_CAPS.origins }, (_, index) => heavyText(`https://s${index}.`)),
    iframeOrigins: Array.from({ length: SNAPSHOT_CAPS.origins }, (_, index) => heavyText(`https://f${index}.`)),
  };
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

describe('prefixWithinBytes', () => {
  it.each([
    ['abc', 3, 'abc'],
    ['abc', 2, 'ab'],
    ['語語', 5, '語'],
    ['語語', 6, '語語'],
    // A character of four bytes (two UTF-16 units) is never split.
    ['😀x', 3, ''],
    ['😀x', 4, '😀'],
    ['', 0, ''],
  ])('%j within %i bytes is %j', (text, maxBytes, expected) => {
    expect(prefixWithinBytes(text, maxBytes)).toBe(expected);
  });
});

describe('the size of page evidence', () => {
  it('cuts a source of 1,500,000 three-byte characters to 3 MB, and says where', async () => {
    const page = heaviestSnapshot();
    const [source] = pageEvidenceFiles(takenPage(page), { source: true, details: false });
    const lines = (await source!.text()).split('\n');
    expect(lines[1]).toBe(`Cut at 1000000 of 50000000 characters.`);
    expect(lines[3]).toBe(HEAVY.repeat(1_000_000));
    expect(source!.size).toBe(utf8Bytes(`${lines[0]}\n${lines[1]}\n\n`) + PAGE_SOURCE_MAX_BYTES);
  });

  it('cuts page details past 1 MB, and ends them with a note saying so', async () => {
    const [details] = pageEvidenceFiles(takenPage(heaviestSnapshot()), { source: false, details: true });
    const text = await details!.text();
    expect(text.endsWith(`\n\n(Cut here: page details are kept up to ${PAGE_DETAILS_MAX_BYTES} bytes.)`)).toBe(true);
    expect(details!.size).toBeLessThanOrEqual(PAGE_DETAILS_MAX_BYTES + 100);
    expect(details!.size).toBeGreaterThan(PAGE_DETAILS_MAX_BYTES - 10);
  });

  it('keeps details under the cap whole', async () => {
    const page = { ...heaviestSnapshot(), forms: [], links: ['https://out.test/'], scriptOrigins: [], iframeOrigins: [] };
    const [details] = pageEvidenceFiles(takenPage(page), { source: false, details: true });
    expect(await details!.text()).not.toContain('Cut here');
  });

  it('the heaviest evidence any page can give, with the largest screenshot and the record, is under the service limit', () => {
    const page = heaviestSnapshot();
    const files = [new File([new Uint8Array(SCREENSHOT_MAX_BYTES)], 'screenshot-2026-11-22T10-00-00-000Z.jpg'), ...pageEvidenceFiles(takenPage(page), { source: true, details: true })];
    const total = estimateMultipartBytes({ url: page.url, subject: page.url, reportedBy: 'soc@acme.example' }, files) + RECORD_RESERVE_BYTES;
    expect(total).toBeLessThan(ATTACHMENT_LIMITS.maxTotalBytes);
    // The room left is for the user's own files (the popup checks each one it adds).
    expect(ATTACHMENT_LIMITS.maxTotalBytes - total).toBeGreaterThan(1_500_000);
  });
});
