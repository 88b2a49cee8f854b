import { describe, expect, it } from 'vitest';
import { orderClientTree, type TreeClient } from '@/utils/connection/client-tree';

// Each client is written `id` (relation not known), `id>parent` or `id>null`
// (a top-level client, said). The expected order is written `id@depth`.
function clients(spec: string): TreeClient[] {
  return (spec ? spec.split(' ') : []).map((word) => {
    const [id, parent] = word.split('>') as [string, string | undefined];
    return { id: id === '-' ? null : id, ...(parent === undefined ? {} : { parentClientId: parent === 'null' ? null : parent }) };
  });
}

function shown(spec: string): string {
  return orderClientTree(clients(spec))
    .map(({ client, depth }) => `${client.id ?? '-'}@${depth}`)
    .join(' ');
}

describe('clients in tree order', () => {
  it.each([
    ['no relations known: the order given', 'a b c', 'a@0 b@0 c@0'],
    ['a parent and two sub-clients', 'p>null s1>p s2>p', 'p@0 s1@1 s2@1'],
    ['sub-clients listed before their parent', 's1>p s2>p p', 'p@0 s1@1 s2@1'],
    ['sub-clients keep their own order', 's2>p p s1>p', 'p@0 s2@1 s1@1'],
    ['two families and a stand-alone client', 'x a>null y>x b>a c', 'x@0 y@1 a@0 b@1 c@0'],
    ['a parent the key does not hold: the sub-client at the top', 'a s>elsewhere b', 'a@0 s@0 b@0'],
    ['a null parentClientId: a top-level client', 'a>null b>null', 'a@0 b@0'],
    ['a sub-client of a sub-client', 'gc>c c>p p', 'p@0 c@1 gc@2'],
    ['a loop of two (a→b→a): both at the top, nothing repeated', 'a>b b>a', 'a@0 b@0'],
    ['a loop of three: all at the top', 'a>c b>a c>b d', 'a@0 b@0 c@0 d@0'],
    ['a client under a loop stays under its parent', 'a>b b>a s>a', 'a@0 s@1 b@0'],
    ['a client that is its own parent: at the top', 'a>a b>a', 'a@0 b@1'],
    ['a client without an id: at the top, never a parent', '- a b>-', '-@0 a@0 b@0'],
    ['a client without an id under a known parent', 'p ->p', 'p@0 -@1'],
    ['the same id twice: each entry once', 'p s>p p', 'p@0 s@1 p@0'],
    ['an empty list', '', ''],
  ])('%s', (_name, input, expected) => {
    expect(shown(input)).toBe(expected);
  });

  it('gives every client back exactly once, whatever the relations', () => {
    const tangled = clients('a>b b>c c>a d>a e>d f>f g>zz h>null i');
    const ordered = orderClientTree(tangled);
    expect(ordered).toHaveLength(tangled.length);
    expect(new Set(ordered.map((entry) => entry.client))).toEqual(new Set(tangled));
  });

  it('says which client each sits under, and hands back the very objects given', () => {
    const given = [
      { id: 'cl_acme_bank', parentClientId: 'cl_acme', name: 'Acme Bank' },
      { id: 'cl_acme', parentClientId: null, name: 'Acme Holdings' },
    ];
    expect(orderClientTree(given)).toEqual([
      { client: given[1], depth: 0, parentId: null },
      { client: given[0], depth: 1, parentId: 'cl_acme' },
    ]);
    expect(orderClientTree(given)[0]!.client).toBe(given[1]);
  });
});
