import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDraftsDb, deleteDraft, draftAttachments, getDraft, listDrafts, saveDraft, updateDraft, type NewDraft } from '@/utils/storage/drafts';

const T1 = new Date('2026-11-22T10:00:00.000Z');
const T2 = new Date('2026-11-22T10:05:00.000Z');
const T3 = new Date('2026-11-22T10:10:00.000Z');

function draft(url: string, files: NewDraft['files'] = []): NewDraft {
  return { action: 'tkd', fields: { url, comment: 'Seen in a campaign' }, files };
}

describe('report drafts in IndexedDB', () => {
  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
  });
  afterEach(async () => {
    await closeDraftsDb();
  });

  it('keeps a draft with its files, bytes and types intact', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const id = await saveDraft(draft('https://phish.example/login', [{ name: 'shot.png', type: 'image/png', blob: new Blob([png], { type: 'image/png' }) }]), T1);

    const saved = await getDraft(id);
    expect(saved).toEqual({
      id,
      createdAt: T1.toISOString(),
      updatedAt: T1.toISOString(),
      action: 'tkd',
      fields: { url: 'https://phish.example/login', comment: 'Seen in a campaign' },
      files: [{ name: 'shot.png', type: 'image/png', blob: expect.any(Blob) }],
      state: 'draft',
    });
    expect(new Uint8Array(await saved!.files[0]!.blob.arrayBuffer())).toEqual(png);

    const [file] = draftAttachments(saved!);
    expect(file).toBeInstanceOf(File);
    expect([file!.name, file!.type, file!.size]).toEqual(['shot.png', 'image/png', 7]);
    expect(new Uint8Array(await file!.arrayBuffer())).toEqual(png);
  });

  it('gives every draft its own id', async () => {
    const ids = await Promise.all([saveDraft(draft('a.example')), saveDraft(draft('b.example'))]);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => /^[0-9a-f-]{36}$/.test(id))).toBe(true);
  });

  it('updates a draft, keeping its id and creation time', async () => {
    const id = await saveDraft(draft('a.example'), T1);
    const updated = await updateDraft(id, { state: 'failed', lastProblem: { kind: 'network' } }, T2);
    expect(updated).toMatchObject({ id, createdAt: T1.toISOString(), updatedAt: T2.toISOString(), state: 'failed', lastProblem: { kind: 'network' } });
    expect(await getDraft(id)).toEqual(updated);
  });

  it('refuses to update a draft that does not exist', async () => {
    await expect(updateDraft('nope', { state: 'sent' })).rejects.toThrow('No report draft with id nope.');
  });

  it('lists drafts newest first, by state when asked', async () => {
    const a = await saveDraft(draft('a.example'), T1);
    const b = await saveDraft(draft('b.example'), T2);
    const c = await saveDraft(draft('c.example'), T3);
    await updateDraft(a, { state: 'failed' }, new Date('2026-11-22T11:00:00.000Z'));

    expect((await listDrafts()).map((d) => d.id)).toEqual([a, c, b]);
    expect((await listDrafts({ state: 'failed' })).map((d) => d.id)).toEqual([a]);
    expect((await listDrafts({ state: 'draft' })).map((d) => d.id)).toEqual([c, b]);
  });

  it('deletes a draft and only that one', async () => {
    const a = await saveDraft(draft('a.example'));
    const b = await saveDraft(draft('b.example'));
    await deleteDraft(a);
    expect(await getDraft(a)).toBeUndefined();
    expect((await listDrafts()).map((d) => d.id)).toEqual([b]);
  });

  it('survives a new connection to the database', async () => {
    const id = await saveDraft(draft('a.example'));
    await closeDraftsDb();
    expect((await getDraft(id))?.fields.url).toBe('a.example');
  });
});
