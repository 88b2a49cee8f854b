import { describe, expect, it } from 'vitest';
import { addFilesWithinLimits, RECORD_RESERVE_BYTES } from '@/utils/drafts/file-limits';
import type { StoredFile } from '@/utils/storage/report-types';

const file = (name: string, bytes: number, type = '') => new File([new Uint8Array(bytes)], name, { type });
const stored = (name: string, bytes: number): StoredFile => ({ name, type: 'image/png', blob: new Blob([new Uint8Array(bytes)]), role: 'screenshot' });

describe('adding files within the limits', () => {
  it('keeps accepted types, typed by the browser or by extension, in order', () => {
    const result = addFilesWithinLimits([], [file('mail.eml', 10), file('a.pdf', 10, 'application/pdf'), file('b.msg', 10, 'application/octet-stream')], {}, true);
    expect(result.accepted.map((added) => [added.name, added.role])).toEqual([
      ['mail.eml', 'extra'],
      ['a.pdf', 'extra'],
      ['b.msg', 'extra'],
    ]);
    expect(result.refused).toEqual([]);
  });

  it('refuses a type the service does not take, naming it, and keeps the rest', () => {
    const result = addFilesWithinLimits([], [file('kit.zip', 10, 'application/zip'), file('page.html', 10, 'text/html'), file('ok.png', 10, 'image/png')], {}, false);
    expect(result.accepted.map((added) => added.name)).toEqual(['ok.png']);
    expect(result.refused).toEqual([
      { name: 'kit.zip', problem: { kind: 'invalid_request', refusal: 'file_type', fileName: 'kit.zip' } },
      { name: 'page.html', problem: { kind: 'invalid_request', refusal: 'file_type', fileName: 'page.html' } },
    ]);
  });

  it('counts the evidence record among the 12 files', () => {
    const current = Array.from({ length: 9 }, (_, index) => stored(`s${index}.png`, 1));
    const withRecord = addFilesWithinLimits(current, [file('a.png', 1), file('b.png', 1), file('c.png', 1)], {}, true);
    expect(withRecord.accepted.map((added) => added.name)).toEqual(['a.png', 'b.png']);
    expect(withRecord.refused).toEqual([{ name: 'c.png', problem: { kind: 'too_large', refusal: 'too_many_files', fileCount: 13, limit: 12 } }]);
    const without = addFilesWithinLimits(current, [file('a.png', 1), file('b.png', 1), file('c.png', 1)], {}, false);
    expect(without.accepted).toHaveLength(3);
  });

  it('refuses a file that would bring the request to 10 MB, with the total, and still takes a smaller one after it', () => {
    const current = [stored('shot.png', 6_000_000)];
    const result = addFilesWithinLimits(current, [file('big.pdf', 4_000_000), file('small.pdf', 1_000_000)], { url: 'https://phish.example/' }, true);
    expect(result.accepted.map((added) => added.name)).toEqual(['small.pdf']);
    expect(result.refused).toHaveLength(1);
    expect(result.refused[0]).toMatchObject({ name: 'big.pdf', problem: { kind: 'too_large', refusal: 'too_many_bytes', limit: 10_000_000 } });
    const total = (result.refused[0]!.problem as { totalBytes: number }).totalBytes;
    expect(total).toBeGreaterThanOrEqual(10_000_000 + RECORD_RESERVE_BYTES - 20_000);
    expect(total).toBeLessThan(10_000_000 + RECORD_RESERVE_BYTES + 2_000);
  });

  it('ignores a stale evidence record already in the list', () => {
    const current: StoredFile[] = [{ name: 'evidence-record.txt', type: 'text/plain', blob: new Blob(['x']), role: 'record' }, ...Array.from({ length: 10 }, (_, index) => stored(`s${index}.png`, 1))];
    expect(addFilesWithinLimits(current, [file('a.png', 1)], {}, true).accepted).toHaveLength(1);
  });
});
