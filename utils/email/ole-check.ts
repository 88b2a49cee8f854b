// msgreader follows an OLE file's sector chains and directory tree as far as
// they go: a chain that loops back, or a count written as two billion, keeps
// it growing an array until the worker runs out of memory (a crash, not an
// error; seen with a .msg with a few bytes changed). So the structure is
// checked first, the way msgreader will walk it ([MS-CFB] 2.2–2.6): every
// chain ends within the file, every count and size fits in it, the
// directory tree is a tree, and no two streams share a sector.

const END_OF_CHAIN = -2;
const NO_ENTRY = -1;
const HEADER_FAT_SECTORS = 109;
const ENTRY_SIZE = 128;
const STORAGE = 1;
const STREAM = 2;
const ROOT = 5;
/** Streams shorter than this are in the mini stream ([MS-CFB] 2.2, "Mini Stream Cutoff Size"). */
const MINI_CUTOFF = 4096;

interface Entry {
  type: number;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
}

/** The number of sectors of a chain, or undefined when it leaves the `count` sectors there are or comes back on itself. */
function chainLength(start: number, next: (sector: number) => number, count: number): number | undefined {
  let length = 0;
  for (let sector = start; sector !== END_OF_CHAIN; sector = next(sector)) {
    if (sector < 0 || sector >= count || ++length > count) return undefined;
  }
  return length;
}

/** A directory entry of type `type`, its fields read by their offset in it ([MS-CFB] 2.6.1); the links of an unused one are none. */
function directoryEntry(type: number, field: (offset: number) => number): Entry {
  const linked = type === STORAGE || type === STREAM || type === ROOT;
  return {
    type,
    left: linked ? field(0x44) : NO_ENTRY,
    right: linked ? field(0x48) : NO_ENTRY,
    child: linked ? field(0x4c) : NO_ENTRY,
    start: field(0x74),
    size: field(0x78),
  };
}

/** Whether an OLE compound file is sound enough to hand to msgreader: no chain, count or tree it would follow without end. */
export function isSoundOleFile(bytes: Uint8Array): boolean {
  if (bytes.length < 512) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const int = (offset: number) => (offset + 4 <= bytes.length ? view.getInt32(offset, true) : END_OF_CHAIN);
  // As msgreader tells it: a sector shift of 12 is 4096-byte sectors, anything else 512.
  const sectorSize = bytes[30] === 12 ? 4096 : 512;
  const perSector = sectorSize / 4;
  const sectors = Math.ceil((bytes.length - sectorSize) / sectorSize);
  const at = (sector: number) => (sector + 1) * sectorSize;

  const fatCount = int(0x2c);
  const miniFatCount = int(0x40);
  const difatCount = int(0x48);
  if ([fatCount, miniFatCount, difatCount].some((count) => count < 0 || count > sectors)) return false;

  // The FAT's sectors: the first 109 in the header, the others in the DIFAT chain.
  const fat: number[] = [];
  for (let index = 0; index < Math.min(fatCount, HEADER_FAT_SECTORS); index++) fat.push(int(0x4c + 4 * index));
  let difat = int(0x44);
  for (let index = 0; index < difatCount && fat.length < fatCount; index++) {
    if (difat < 0 || difat >= sectors) return false;
    for (let slot = 0; slot < perSector - 1 && fat.length < fatCount; slot++) fat.push(int(at(difat) + 4 * slot));
    difat = int(at(difat) + 4 * (perSector - 1));
  }
  if (fat.some((sector) => sector < 0 || sector >= sectors)) return false;
  const next = (sector: number) => {
    const fatSector = fat[Math.floor(sector / perSector)];
    return fatSector === undefined ? END_OF_CHAIN : int(at(fatSector) + 4 * (sector % perSector));
  };

  const directoryStart = int(0x30);
  const directorySectors = chainLength(directoryStart, next, sectors);
  if (!directorySectors) return false;
  const entries: Entry[] = [];
  for (let sector = directoryStart; sector !== END_OF_CHAIN; sector = next(sector)) {
    for (let offset = at(sector); offset < at(sector) + sectorSize; offset += ENTRY_SIZE) entries.push(directoryEntry(bytes[offset + 0x42] ?? 0, (field) => int(offset + field)));
  }
  const root = entries[0];
  const reached = reachedEntries(entries);
  if (root?.type !== ROOT || !reached || chainLength(root.start, next, sectors) === undefined) return false;

  // The mini FAT's sectors, as msgreader reads them (up to their count, or a sector 0).
  const miniFat: number[] = [];
  for (let sector = int(0x3c); miniFat.length < miniFatCount && sector > 0; sector = next(sector)) miniFat.push(sector);
  const miniSectors = miniFat.length * perSector;
  const miniNext = (sector: number) => {
    const fatSector = miniFat[Math.floor(sector / perSector)];
    return fatSector === undefined ? END_OF_CHAIN : int(at(fatSector) + 4 * (sector % perSector));
  };
  // The streams msgreader reads: those in the tree (a deleted one left in the directory is not).
  const streams = [...reached].flatMap((index) => (entries[index]?.type === STREAM && entries[index].size !== 0 ? [entries[index]] : []));
  if (streams.some((entry) => entry.size < 0 || entry.size > bytes.length)) return false;
  // Each sector read once (issue 38): streams that share sectors would make one file's bytes many (five attached .msg on the same sectors, read again at each level).
  const used = new Uint8Array(sectors);
  const miniUsed = new Uint8Array(miniSectors);
  if (!claimChain(directoryStart, next, used) || !claimChain(root.start, next, used)) return false;
  return streams.every((entry) => (entry.size >= MINI_CUTOFF ? claimChain(entry.start, next, used, Math.ceil(entry.size / sectorSize)) : claimChain(entry.start, miniNext, miniUsed)));
}

/**
 * Marks the sectors of a chain as used (`used` has a mark per sector there
 * is), as msgreader walks it: to its end, or `length` sectors for a stream of
 * the regular FAT. False when one is out of the file, was claimed already
 * (two entries share it, or the chain loops), or the chain ends before `length`.
 */
function claimChain(start: number, next: (sector: number) => number, used: Uint8Array, length?: number): boolean {
  let sector = start;
  for (let walked = 0; length === undefined ? sector !== END_OF_CHAIN : walked < length; walked++) {
    if (sector < 0 || sector >= used.length || used[sector]) return false;
    used[sector] = 1;
    sector = next(sector);
  }
  return true;
}

/** The entries the directory's red-black trees reach, walked from the root as msgreader walks them; undefined when one is reached twice or is not there. */
function reachedEntries(entries: readonly Entry[]): Set<number> | undefined {
  const seen = new Set<number>();
  const pending = [entries[0]?.child ?? NO_ENTRY];
  while (pending.length > 0) {
    const index = pending.pop() ?? NO_ENTRY;
    if (index === NO_ENTRY) continue;
    const entry = entries[index];
    if (!entry || seen.has(index)) return undefined;
    seen.add(index);
    pending.push(entry.left, entry.right, entry.type === STORAGE ? entry.child : NO_ENTRY);
  }
  return seen;
}
