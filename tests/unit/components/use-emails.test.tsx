import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { useEmails } from '@/components/review/use-emails';
import { analyseEmail } from '@/utils/email/analyse-email';
import { pickAttachedEmails } from '@/utils/email/email-attachments';
import { MAX_ATTACHED_BYTES, MAX_ATTACHED_DEPTH } from '@/utils/email/email-limits';
import { readEmail } from '@/utils/email/email-reader';
import type { AttachedEmailBudget, EmailReadNote } from '@/utils/email/email-types';
import type { EmailFileReading, EmailReadControl, readEmailFile } from '@/utils/email/read-email-file';
import { selfNestingEmail } from '../../fixtures/email/generate';
import { messageOf } from '../email/message';
import { useDomWindow } from './dom';

// The review window's emails (components/review/use-emails.ts) over a
// stand-in reader the test answers (issue 38): removing an email stops its
// work, and the emails attached below a dropped one read within one budget.

const { document } = useDomWindow('chrome-extension://test/review.html');

type Hook = ReturnType<typeof useEmails>;
const settle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));

/** Renders a component holding the hook over `read`; `current()` is what it answered last. */
async function holdHook(read: typeof readEmailFile): Promise<{ current(): Hook }> {
  let hook: Hook | undefined;
  function Holder() {
    hook = useEmails({ ownDomains: [] }, read);
    return null;
  }
  await act(() => render(<Holder />, document.body.appendChild(document.createElement('div'))));
  return { current: () => hook ?? expect.fail('not rendered') };
}

/** One reading the stand-in was asked for: the file's name, its control, and how to answer it. */
interface Call {
  name: string;
  control: EmailReadControl;
  answer(reading: EmailFileReading): Promise<void>;
}

/** A reader whose every reading waits for the test's answer, and fails as aborted when its signal is. */
function standInReader(): { read: typeof readEmailFile; calls: Call[] } {
  const calls: Call[] = [];
  const read: typeof readEmailFile = (_file, name, _options, control = {}) =>
    new Promise((resolve, reject) => {
      control.signal?.addEventListener('abort', () => reject(control.signal?.reason));
      calls.push({ name, control, answer: (reading) => act(() => resolve(reading)).then(settle) });
    });
  return { read, calls };
}

/** A reading of an email with these attached emails (a name and a size each), those its budget takes handed on. */
function readingWith(attached: { name: string; size: number }[], budget?: AttachedEmailBudget): EmailFileReading {
  const { picked, notes } = pickAttachedEmails(
    attached.map(({ size }) => size),
    budget ?? { levels: MAX_ATTACHED_DEPTH, bytes: MAX_ATTACHED_BYTES },
  );
  const attachedEmails = picked.map((index) => ({ name: attached[index]!.name, bytes: new Uint8Array(attached[index]!.size) }));
  return { ok: true, analysis: { message: messageOf({ notes, ...(attachedEmails.length > 0 ? { attachedEmails } : {}) }), auth: [], received: { hops: [] }, warnings: [], findings: [] } };
}

const file = (name: string, bytes: BlobPart = 'From: a@b.example\r\n\r\nx') => new File([bytes], name);
const names = (hook: Hook) => hook.emails.map(({ file: { name } }) => name);

describe('removing an email', () => {
  it('stops its reading and starts the next one', async () => {
    const { read, calls } = standInReader();
    const hook = await holdHook(read);
    await act(() => hook.current().addEmails([file('a.eml'), file('b.eml')]));
    await settle();
    expect(calls.map(({ name }) => name)).toEqual(['a.eml']);
    await act(() => hook.current().removeEmail(hook.current().emails[0]!.key));
    await settle();
    expect(calls[0]?.control.signal?.aborted).toBe(true);
    expect(calls.map(({ name }) => name)).toEqual(['a.eml', 'b.eml']);
    expect(names(hook.current())).toEqual(['b.eml']);
  });

  it('that waits its turn: it is never read', async () => {
    const { read, calls } = standInReader();
    const hook = await holdHook(read);
    await act(() => hook.current().addEmails([file('a.eml'), file('b.eml'), file('c.eml')]));
    await settle();
    await act(() => hook.current().removeEmail(hook.current().emails[1]!.key));
    await calls[0]!.answer(readingWith([]));
    expect(calls.map(({ name }) => name)).toEqual(['a.eml', 'c.eml']);
    expect(names(hook.current())).toEqual(['a.eml', 'c.eml']);
  });

  it('stops the readings of the emails attached to it, the running one and those waiting', async () => {
    const { read, calls } = standInReader();
    const hook = await holdHook(read);
    await act(() => hook.current().addEmails([file('forward.eml')]));
    await settle();
    await calls[0]!.answer(
      readingWith([
        { name: 'phish-1.eml', size: 10 },
        { name: 'phish-2.eml', size: 10 },
      ]),
    );
    expect(calls.map(({ name }) => name)).toEqual(['forward.eml', 'phish-1.eml']);
    expect(names(hook.current())).toEqual(['forward.eml', 'phish-1.eml', 'phish-2.eml']);
    await act(() => hook.current().removeEmail(hook.current().emails[0]!.key));
    await settle();
    expect(calls[1]?.control.signal?.aborted).toBe(true);
    expect(calls.map(({ name }) => name)).toEqual(['forward.eml', 'phish-1.eml']);
    expect(names(hook.current())).toEqual([]);
  });
});

describe('the emails attached below a dropped email', () => {
  it('read within one budget: the levels left and the bytes left go down with each one', async () => {
    const { read, calls } = standInReader();
    const hook = await holdHook(read);
    const nineMegabytes = 9 * 1024 * 1024;
    await act(() => hook.current().addEmails([file('level-0.eml')]));
    await settle();
    for (let level = 0; level < 3; level++) await calls[level]!.answer(readingWith([{ name: `level-${level + 1}.eml`, size: nineMegabytes }], calls[level]!.control.budget));
    expect(calls.map(({ control }) => control.budget)).toEqual([
      { levels: 3, bytes: MAX_ATTACHED_BYTES },
      { levels: 2, bytes: MAX_ATTACHED_BYTES - nineMegabytes },
      { levels: 1, bytes: MAX_ATTACHED_BYTES - 2 * nineMegabytes },
    ]);
    expect(names(hook.current())).toEqual(['level-0.eml', 'level-1.eml', 'level-2.eml']);
    const last = hook.current().emails[2]?.reading;
    expect(last?.ok && last.analysis.message.notes).toEqual([{ kind: 'attached_not_read', count: 1, why: 'bytes' }]);
  });

  it('are files of their own, the buffers the worker handed over freed at once', async () => {
    const { read, calls } = standInReader();
    const hook = await holdHook(read);
    await act(() => hook.current().addEmails([file('level-0.eml')]));
    await settle();
    const reading = readingWith([{ name: 'level-1.eml', size: 1_024 }]);
    const handedOver = reading.ok ? reading.analysis.message.attachedEmails![0]!.bytes : expect.fail('a reading');
    await calls[0]!.answer(reading);
    expect(hook.current().emails.map(({ file: { name, size } }) => [name, size])).toEqual([
      ['level-0.eml', 22],
      ['level-1.eml', 1_024],
    ]);
    expect((handedOver.buffer as ArrayBuffer).detached).toBe(true);
  });

  it('of an email nesting itself 240 levels deep: read 3 levels down, the rest listed with a note, the bytes within the budget', async () => {
    // The worker's reading, in this thread.
    const read: typeof readEmailFile = async (blob, name, options, control) => {
      const result = await readEmail(new Uint8Array(await blob.arrayBuffer()), name, control?.budget);
      return result.ok ? { ok: true, analysis: analyseEmail(result.message, options) } : result;
    };
    const hook = await holdHook(read);
    await act(() => hook.current().addEmails([file('nesting.eml', selfNestingEmail(240, 256 * 1024) as BlobPart)]));
    const lastRead = () => hook.current().emails.length === 4 && hook.current().emails[3]?.reading !== undefined;
    for (let turn = 0; turn < 1_000 && !lastRead(); turn++) await settle();
    const { emails } = hook.current();
    expect(emails.map(({ reading }) => reading?.ok && reading.analysis.message.subject)).toEqual(['Level 0', 'Level 1', 'Level 2', 'Level 3']);
    const notes = emails.map(({ reading }): EmailReadNote[] => (reading?.ok ? reading.analysis.message.notes : []));
    expect(notes).toEqual([[], [], [], [{ kind: 'attached_not_read', count: 1, why: 'depth' }]]);
    const last = emails[3]?.reading;
    expect(last?.ok && last.analysis.message.attachments.map(({ name }) => name)).toEqual(['level-4.eml']);
    expect(emails.slice(1).reduce((sum, { file: { size } }) => sum + size, 0)).toBeLessThanOrEqual(MAX_ATTACHED_BYTES);
  });
});
