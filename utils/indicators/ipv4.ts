import type { IndicatorWarning } from './types';

/** Ranges worth a warning (RFC 1918, 1122, 3927, 6598, 5737, 5771, 1112); the first that matches wins. */
const RANGES: readonly [first: number, bits: number, warning: IndicatorWarning][] = [
  [0x0a000000, 8, 'ipv4_private'],
  [0xac100000, 12, 'ipv4_private'],
  [0xc0a80000, 16, 'ipv4_private'],
  [0x7f000000, 8, 'ipv4_loopback'],
  [0xa9fe0000, 16, 'ipv4_link_local'],
  [0x64400000, 10, 'ipv4_shared'],
  [0xc0000200, 24, 'ipv4_documentation'],
  [0xc6336400, 24, 'ipv4_documentation'],
  [0xcb007100, 24, 'ipv4_documentation'],
  [0xe0000000, 4, 'ipv4_multicast'],
  [0x00000000, 8, 'ipv4_reserved'],
  [0xf0000000, 4, 'ipv4_reserved'],
];

/** The four numbers of a strict dotted quad (0–255, no leading zeros), or undefined. */
export function parseIpv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part))) return undefined;
  const numbers = parts.map(Number);
  return numbers.every((n) => n <= 255) ? numbers : undefined;
}

/** The warning for an address in a private, loopback or otherwise special range; undefined for a public one. */
export function ipv4Warning(numbers: readonly number[]): IndicatorWarning | undefined {
  const address = numbers.reduce((sum, n) => sum * 256 + n, 0);
  const match = RANGES.find(([first, bits]) => Math.floor(address / 2 ** (32 - bits)) === Math.floor(first / 2 ** (32 - bits)));
  return match?.[2];
}
