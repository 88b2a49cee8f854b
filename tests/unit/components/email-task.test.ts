import { describe, expect, it } from 'vitest';
import { taskFor } from '@/components/review/use-emails';
import { MAX_ATTACHED_BYTES } from '@/utils/email/email-limits';

// Where one email's reading stands in its dropped email's tree (issue 38): how deep, and which byte budget it draws on.

describe('an email’s reading task', () => {
  const dropped = taskFor();
  const attached = taskFor({ key: 'dropped', task: dropped });
  const below = taskFor({ key: 'attached', task: attached });

  it.each([
    ['a dropped email', dropped, 0, undefined],
    ['an email attached to it', attached, 1, 'dropped'],
    ['an email attached to that one', below, 2, 'attached'],
  ])('of %s sits at its level, below its parent', (_name, task, depth, parent) => {
    expect({ depth: task.depth, parent: task.parent }).toEqual({ depth, parent });
  });

  it('shares its tree’s budget with the emails below it, and starts a new one for each drop', () => {
    expect(dropped.tree.bytesLeft).toBe(MAX_ATTACHED_BYTES);
    below.tree.bytesLeft -= 1000;
    expect(dropped.tree.bytesLeft).toBe(MAX_ATTACHED_BYTES - 1000);
    expect(taskFor().tree.bytesLeft).toBe(MAX_ATTACHED_BYTES);
  });

  it('stops on its own: removing an attached email leaves its parent reading', () => {
    attached.controller.abort();
    expect([dropped.controller.signal.aborted, attached.controller.signal.aborted]).toEqual([false, true]);
  });
});
