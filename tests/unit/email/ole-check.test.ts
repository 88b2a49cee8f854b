import { describe, expect, it } from 'vitest';
import { readEmail } from '@/utils/email/email-reader';
import { isSoundOleFile } from '@/utils/email/ole-check';
import { oleNotMessage } from '../../fixtures/email/generate';
import { buildMsg } from '../../fixtures/email/make-msg';
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
  /** Where a stream's first sector is written in its entry. */
  start: (index: number) => number;
}

type Edit = (view: DataView, layout: Layout) => void;

/** The .msg (outlook-received.msg unless given) with `edit` made to it. */
function damaged(edit: Edit, bytes = readFixture('outlook-received.msg')): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = (sector: number) => (sector + 1) * 512;
  // 128 entries a FAT sector; the header lists the first 109 FAT sectors.
  const fatEntry = (sector: number) => at(view.getInt32(0x4c + 4 * Math.floor(sector / 128), true)) + 4 * (sector % 128);
  const directory: number[] = [];
  for (let sector = view.getInt32(0x30, true); sector !== END_OF_CHAIN; sector = view.getInt32(fatEntry(sector), true)) directory.push(sector);
  const entry = (index: number) => at(directory[Math.floor(index / 4)] ?? 0) + 128 * (index % 4);
  const miniFatEntry = (sector: number) => at(view.getInt32(0x3c, true)) + 4 * sector;
  const streams = Array.from({ length: directory.length * 4 }, (_, index) => index).filter((index) => bytes[entry(index) + 0x42] === 2);
  edit(view, { fatEntry, entry, miniFatEntry, streams, start: (index) => entry(index) + 0x74 });
  return bytes;
}

/** An Outlook item with `count` attachments, each outlook-received.msg (11,776 bytes: streams of the regular FAT, not the mini stream). */
function withAttachedMsgs(count: number): Uint8Array {
  const msg = readFixture('outlook-received.msg');
  const attachments = Array.from({ length: count }, (_, index) => ({
    properties: [
      [0x3705, 1],
      [0x3707, `notice-${index}.msg`],
      [0x370e, 'application/vnd.ms-outlook'],
      [0x3701, msg],
    ] as [number, string | number | Uint8Array][],
  }));
  return buildMsg({
    properties: [
      [0x001a, 'IPM.Note'],
      [0x0037, 'Five notices'],
      [0x1000, 'See the attached notices.'],
    ],
    recipients: [],
    attachments,
  });
}

/** withAttachedMsgs(count) with every attachment's data stream (the streams of outlook-received.msg's size) starting at the first one's sector. */
function sharingSectors(count: number): Uint8Array {
  const size = readFixture('outlook-received.msg').byteLength;
  return damaged((view, { entry, streams, start }) => {
    const data = streams.filter((index) => view.getInt32(entry(index) + 0x78, true) === size);
    expect(data).toHaveLength(count);
    for (const index of data.slice(1)) view.setInt32(start(index), view.getInt32(start(data[0]!), true), true);
  }, withAttachedMsgs(count));
}

const FREE = -1;

/**
 * outlook-received.msg grown until its FAT needs `fatCount` sectors: the
 * header lists the first 109, the DIFAT chain the others (127 a sector, the
 * last slot linking the next DIFAT sector), as in a .msg over about 7 MB.
 * The added FAT sectors are empty padding the file's chains never reach.
 * `edit` may then change the header or a DIFAT sector (`difat[n]`: its number).
 */
function withDifat(fatCount: number, edit?: (view: DataView, difat: number[], at: (sector: number) => number) => void): Uint8Array {
  const msg = readFixture('outlook-received.msg');
  const own = (msg.byteLength - 512) / 512;
  const difatCount = Math.ceil(Math.max(0, fatCount - 109) / 127);
  const bytes = new Uint8Array(512 * (1 + own + (fatCount - 1) + difatCount));
  bytes.set(msg);
  const view = new DataView(bytes.buffer);
  const at = (sector: number) => (sector + 1) * 512;
  const fat = [view.getInt32(0x4c, true), ...Array.from({ length: fatCount - 1 }, (_, index) => own + index)];
  const difat = Array.from({ length: difatCount }, (_, index) => own + fatCount - 1 + index);
  view.setInt32(0x2c, fatCount, true);
  for (let index = 0; index < 109; index++) view.setInt32(0x4c + 4 * index, fat[index] ?? FREE, true);
  view.setInt32(0x44, difat[0] ?? END_OF_CHAIN, true);
  view.setInt32(0x48, difatCount, true);
  difat.forEach((sector, n) => {
    for (let slot = 0; slot < 127; slot++) view.setInt32(at(sector) + 4 * slot, fat[109 + 127 * n + slot] ?? FREE, true);
    view.setInt32(at(sector) + 4 * 127, difat[n + 1] ?? END_OF_CHAIN, true);
  });
  edit?.(view, difat, at);
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
      'two streams of the mini stream that start on the same sector',
      (view: DataView, { entry, streams, start }: Layout) => {
        const small = streams.filter((index) => view.getInt32(entry(index) + 0x78, true) > 0);
        view.setInt32(start(small[1] ?? 0), view.getInt32(start(small[0] ?? 0), true), true);
      },
    ],
    [
      'a mini stream chain that comes back on itself',
      (view: DataView, { entry, streams, miniFatEntry }: Layout) => {
        const start = view.getInt32(entry(streams[0] ?? 0) + 0x74, true);
        view.setInt32(miniFatEntry(start), start, true);
      },
    ],
    ['a FAT sector past the file', (view: DataView) => view.setInt32(0x4c, 100_000, true)],
    ['a FAT sector written as negative', (view: DataView) => view.setInt32(0x4c, -5, true)],
    ['a directory starting on a negative sector', (view: DataView) => view.setInt32(0x30, -5, true)],
    ['a stream of negative size', (view: DataView, { entry, streams }: Layout) => view.setInt32(entry(streams[0] ?? 0) + 0x78, -1, true)],
    [
      'a root chain that comes back on itself',
      (view: DataView, { entry, fatEntry }: Layout) => {
        const start = view.getInt32(entry(0) + 0x74, true);
        view.setInt32(fatEntry(start), start, true);
      },
    ],
  ])('refuses %s', (_, edit) => {
    expect(isSoundOleFile(damaged(edit))).toBe(false);
  });

  it('takes an item with five .msg attached, each on sectors of its own', () => {
    expect(isSoundOleFile(withAttachedMsgs(5))).toBe(true);
  });

  it('refuses five .msg attached on the same sectors: one file read five times over, at each level', () => {
    expect(isSoundOleFile(sharingSectors(5))).toBe(false);
  });

  it('takes a stream whose child link is set: a stream has none to follow', () => {
    const bytes = damaged((view, { entry, streams }) => view.setInt32(entry(streams[0] ?? 0) + 0x4c, 0, true));
    expect(isSoundOleFile(bytes)).toBe(true);
  });

  it('refuses a stream of the regular FAT that starts past the file', () => {
    const bytes = damaged((view, { entry, streams }) => {
      const data = streams.find((index) => view.getInt32(entry(index) + 0x78, true) >= 4096) ?? 0;
      view.setInt32(entry(data) + 0x74, 100_000, true);
    }, withAttachedMsgs(1));
    expect(isSoundOleFile(bytes)).toBe(false);
  });

  it('refuses a stream of the regular FAT whose chain comes back on itself', () => {
    const bytes = damaged((view, { entry, streams, fatEntry }) => {
      const data = streams.find((index) => view.getInt32(entry(index) + 0x78, true) >= 4096) ?? 0;
      const first = view.getInt32(entry(data) + 0x74, true);
      view.setInt32(fatEntry(first), first, true);
    }, withAttachedMsgs(1));
    expect(isSoundOleFile(bytes)).toBe(false);
  });

  it('makes readEmail say "malformed" for five .msg on the same sectors, instead of handing on five copies to read', async () => {
    expect((await readEmail(withAttachedMsgs(5), 'notices.msg')).ok).toBe(true);
    expect(await readEmail(sharingSectors(5), 'notices.msg')).toEqual({ ok: false, failure: 'malformed' });
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
  describe('a FAT longer than the header lists, continued in the DIFAT', () => {
    it('takes one and two DIFAT sectors that list sectors of the file', () => {
      expect([withDifat(111), withDifat(240), withDifat(236)].map(isSoundOleFile)).toEqual([true, true, true]);
    });

    it.each([
      ['the DIFAT starting past the file', (view: DataView) => view.setInt32(0x44, 100_000, true)],
      ['the DIFAT starting at a free sector', (view: DataView) => view.setInt32(0x44, FREE, true)],
      ['a FAT sector the DIFAT lists past the file', (view: DataView, difat: number[], at: (sector: number) => number) => view.setInt32(at(difat[0]!) + 4, 100_000, true)],
      ['the first FAT sector the DIFAT lists past the file', (view: DataView, difat: number[], at: (sector: number) => number) => view.setInt32(at(difat[0]!), 100_000, true)],
    ])('refuses %s', (_, edit) => {
      expect(isSoundOleFile(withDifat(111, edit))).toBe(false);
    });

    it('refuses a second DIFAT sector past the file, and a FAT sector it lists past the file', () => {
      const second = (edit: (view: DataView, sector: number) => void) => withDifat(240, (view, difat, at) => edit(view, at(difat[1]!)));
      expect(isSoundOleFile(withDifat(240, (view, difat, at) => view.setInt32(at(difat[0]!) + 4 * 127, 100_000, true)))).toBe(false);
      expect(isSoundOleFile(second((view, offset) => view.setInt32(offset + 4 * 3, 100_000, true)))).toBe(false);
      // Past the 4 it needs, the second DIFAT sector is not read.
      expect(isSoundOleFile(second((view, offset) => view.setInt32(offset + 4 * 4, 100_000, true)))).toBe(true);
    });
  });
});
