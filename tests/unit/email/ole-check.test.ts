import { describe, expect, it } from 'vitest';
import { readEmail } from '@/utils/email/email-reader';
import { isSoundOleFile } from '@/utils/email/ole-check';
import { oleNotMessage } from '../../fixtures/email/generate';
import { readFixture } from './email-fixtures';

// Damaged copies of outlook-received.msg (512-byte sectors, one FAT sector),
// each as msgreader would follow it without end: a loop in a chain or the
// directory, or a count or size past the file's end.

const END_OF_CHAIN = -2;

/** Where things are in the file: the offsets of a FAT entry, a directory entry, a mini FAT entry; the streams' entries. */
interface Layout {
  fatEntry: (sector: number) => number;
  entry: (index: number) => number;
  miniFatEntry: (sector: number) => number;
  streams: number[];
}

type Edit = (view: DataView, layout: Layout) => void;

/** outlook-received.msg with `edit` made to it. */
function damaged(edit: Edit): Uint8Array {
  const bytes = readFixture('outlook-received.msg');
  const view = new DataView(bytes.buffer);
  const at = (sector: number) => (sector + 1) * 512;
  const fatEntry = (sector: number) => at(view.getInt32(0x4c, true)) + 4 * sector;
  const directory: number[] = [];
  for (let sector = view.getInt32(0x30, true); sector !== END_OF_CHAIN; sector = view.getInt32(fatEntry(sector), true)) directory.push(sector);
  const entry = (index: number) => at(directory[Math.floor(index / 4)] ?? 0) + 128 * (index % 4);
  const miniFatEntry = (sector: number) => at(view.getInt32(0x3c, true)) + 4 * sector;
  const streams = Array.from({ length: directory.length * 4 }, (_, index) => index).filter((index) => bytes[entry(index) + 0x42] === 2);
  edit(view, { fatEntry, entry, miniFatEntry, streams });
  return bytes;
}

describe('isSoundOleFile', () => {
  it('takes the .msg fixtures and an OLE file of another kind', () => {
    expect([readFixture('outlook-received.msg'), readFixture('outlook-sent-no-headers.msg'), oleNotMessage()].map(isSoundOleFile)).toEqual([true, true, true]);
  });

  it.each<[string, Edit]>([
    ['a directory chain that comes back on itself', (view: DataView, { fatEntry }: Layout) => view.setInt32(fatEntry(view.getInt32(0x30, true)), view.getInt32(0x30, true), true)],
    ['a directory chain that leaves the file', (view: DataView, { fatEntry }: Layout) => view.setInt32(fatEntry(view.getInt32(0x30, true)), 100_000, true)],
    ['more FAT sectors than the file has', (view: DataView) => view.setInt32(0x2c, 1_000_000, true)],
    ['a mini FAT count of two billion', (view: DataView) => view.setInt32(0x40, 0x7fffffff, true)],
    ['a DIFAT count of two billion', (view: DataView) => view.setInt32(0x48, 0x7fffffff, true)],
    ['a first entry that is not the root', (view: DataView, { entry }: Layout) => view.setUint8(entry(0) + 0x42, 1)],
    [
      'a directory tree that reaches an entry twice',
      (view: DataView, { entry }: Layout) => {
        const child = view.getInt32(entry(0) + 0x4c, true);
        view.setInt32(entry(child) + 0x44, child, true);
      },
    ],
    ['a directory link to an entry that is not there', (view: DataView, { entry }: Layout) => view.setInt32(entry(0) + 0x4c, 5_000, true)],
    ['a stream longer than the file', (view: DataView, { entry, streams }: Layout) => view.setInt32(entry(streams[0] ?? 0) + 0x78, 20_000_000, true)],
    [
      'a mini stream chain that comes back on itself',
      (view: DataView, { entry, streams, miniFatEntry }: Layout) => {
        const start = view.getInt32(entry(streams[0] ?? 0) + 0x74, true);
        view.setInt32(miniFatEntry(start), start, true);
      },
    ],
  ])('refuses %s', (_, edit) => {
    expect(isSoundOleFile(damaged(edit))).toBe(false);
  });

  it('refuses a file shorter than its header', () => {
    expect(isSoundOleFile(readFixture('outlook-received.msg').slice(0, 511))).toBe(false);
  });

  it('makes readEmail say "malformed" at once for a .msg msgreader would follow without end', async () => {
    const bytes = damaged((view, { fatEntry }) => view.setInt32(fatEntry(view.getInt32(0x30, true)), view.getInt32(0x30, true), true));
    const started = performance.now();
    expect(await readEmail(bytes, 'loop.msg')).toEqual({ ok: false, failure: 'malformed' });
    // A loop without end never returns; a loaded machine may take a while to say no.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
