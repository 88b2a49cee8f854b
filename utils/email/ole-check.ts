// msgreader follows an OLE file's sector chains and directory tree as far as
// they go: a chain that loops back, or a count written as two billion, keeps
// it growing an array until the worker runs out of memory (a crash, not an
// error; seen with a .msg with a few bytes changed). So the structure is
// checked first, the way msgreader will walk it ([MS-CFB] 2.2–2.6): every
// chain ends within the file, every count and size fits in it, and the
// directory tree is a tree.

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
    for (let offset = at(sector); offset < at(sector) + sectorSize; offset += ENTRY_SIZE) {
      const type = bytes[offset + 0x42] ?? 0;
      const linked = type === STORAGE || type === STREAM || type === ROOT;
      entries.push({
        type,
        left: linked ? int(offset + 0x44) : NO_ENTRY,
        right: linked ? int(offset + 0x48) : NO_ENTRY,
        child: linked ? int(offset + 0x4c) : NO_ENTRY,
        start: int(offset + 0x74),
        size: int(offset + 0x78),
      });
    }
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
  return [...reached].every((index) => {
    const entry = entries[index];
    if (entry?.type !== STREAM || entry.size === 0) return true;
    if (entry.size < 0 || entry.size > bytes.length) return false;
    return entry.size >= MINI_CUTOFF || chainLength(entry.start, miniNext, miniSectors) !== undefined;
  });
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
