import { describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '@/utils/evidence/hash';

// FIPS 180-2's example: SHA-256("abc").
const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

describe('sha256Hex', () => {
  it('gives the SHA-256 of the bytes as lower-case hex', async () => {
    expect(await sha256Hex(new Blob(['abc']))).toBe(ABC);
  });

  it('reads a blob once, however often its hash is asked for', async () => {
    const blob = new Blob(['abc']);
    const read = vi.spyOn(blob, 'arrayBuffer');
    const first = sha256Hex(blob);
    expect(sha256Hex(blob)).toBe(first);
    expect(await first).toBe(ABC);
    expect(await sha256Hex(blob)).toBe(ABC);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('does not keep a hash that failed: the next ask reads the blob again', async () => {
    const blob = new Blob(['abc']);
    const read = vi.spyOn(blob, 'arrayBuffer').mockRejectedValueOnce(new Error('The file could not be read.'));
    await expect(sha256Hex(blob)).rejects.toThrow('could not be read');
    expect(await sha256Hex(blob)).toBe(ABC);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
