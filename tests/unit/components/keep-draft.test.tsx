import { describe, expect, it, vi } from 'vitest';
import { KeepDraft } from '@/components/popup/keep-draft';
import { useDomWindow } from './dom';

// "Keep as draft" and "Discard this draft" say what became of the draft,
// including when it could not be kept or discarded: nothing fails silently.

const { mount } = useDomWindow('chrome-extension://test/popup.html');

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const click = async (root: HTMLElement) => {
  (root.querySelector('button') as HTMLButtonElement).click();
  await settle();
  await settle();
};
const said = (root: HTMLElement) => root.querySelector('[role="status"]')?.textContent;
const button = (root: HTMLElement) => root.querySelector('button')?.textContent;

describe('keeping a draft', () => {
  it('says it is kept, then offers to discard it', async () => {
    const root = mount(<KeepDraft kept={false} unavailable={false} onKeep={async () => true} onDiscard={async () => true} />);
    expect(button(root)).toBe('Keep as draft');
    expect(said(root)).toBe('');
    await click(root);
    expect(said(root)).toBe('Kept as a draft for 2 days: open this popup on the page again to finish it.');
    expect(button(root)).toBe('Discard this draft');
  });

  it.each([
    ['refused (sent or removed meanwhile)', async () => false],
    ['failing (the database refused the write)', async () => Promise.reject(new Error('QuotaExceededError'))],
  ])('says so when keeping is %s, and offers it again', async (_name, onKeep) => {
    const root = mount(<KeepDraft kept={false} unavailable={false} onKeep={onKeep} onDiscard={async () => true} />);
    await click(root);
    expect(said(root)).toBe('The draft could not be kept: it was sent or removed meanwhile.');
    expect(button(root)).toBe('Keep as draft');
  });

  it('says so when a kept draft could not be discarded, and offers it again', async () => {
    const onDiscard = vi.fn(async () => Promise.reject(new Error('background unreachable')));
    const root = mount(<KeepDraft kept unavailable={false} onKeep={async () => true} onDiscard={onDiscard} />);
    expect(button(root)).toBe('Discard this draft');
    await click(root);
    expect(onDiscard).toHaveBeenCalledTimes(1);
    expect(said(root)).toBe("The draft could not be discarded: the extension's background did not answer. Try again.");
    expect(button(root)).toBe('Discard this draft');
  });

  it('offers nothing to click while the draft is not ready', () => {
    const root = mount(<KeepDraft kept={false} unavailable onKeep={async () => true} onDiscard={async () => true} />);
    expect((root.querySelector('button') as HTMLButtonElement).disabled).toBe(true);
  });
});
